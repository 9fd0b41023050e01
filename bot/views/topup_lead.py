"""The amount a how-to-top-up question names, said back before the ways to pay ("充 500 USDT 要怎么弄", "how do I
top up 200 USDT at gpuli?").

Why: the payments entry answers how each provider is paid, but the amount the team means to put in was dropped;
the reply named no 500. The lead names it with its currency; the message asks how to pay the provider, so it is
no top-up of this bot's own wallet. A top-up said inside a question whether it gets a card ("if I top up 400 USDT, is a
4090 month doable?") is money to weigh against that rental, never the how-to: no lead then."""

from __future__ import annotations

from decimal import Decimal

from bot.text.i18n import t
from bot.understand.entities import find_gpus
from bot.understand.faq import Hit
from bot.understand.fields import money
from bot.understand.normalize import normalize
from bot.understand.wallet_intent import ASKS_ENOUGH, HOW_TO_RENT, TOPUP
from engine.money import Money


def topup_lead(hit: Hit, text: str, lang: str) -> str | None:
    """The top-up's amount, when `hit` is on paying and `text` names a top-up with its amount."""
    if "payments" not in hit.entry.topics or not TOPUP.search(text):
        return None
    if find_gpus(normalize(text)) and ASKS_ENOUGH.search(text) and not HOW_TO_RENT.search(text):
        return None  # the money weighed against the card named: the verdict's question, not how to pay
    value, currency = money(text.lower())
    if not isinstance(value, Decimal) or value <= 0 or currency is None:
        return None
    shown = Money.of(value, currency).format(lang)
    return t("faq.topup_amount", lang, amount=shown, typed=f"{value.normalize():f} {currency}")
