"""The amount a how-to-top-up question names, said back before the ways to pay ("充 500 USDT 要怎么弄", "how do I
top up 200 USDT at gpuli?").

Why: the payments entry answers how each provider is paid, but the amount the team means to put in was dropped;
the reply named no 500. The lead names it with its currency; the message asks how to pay the provider, so it is
no top-up of this bot's own wallet."""

from __future__ import annotations

from decimal import Decimal

from bot.text.i18n import t
from bot.understand.faq import Hit
from bot.understand.fields import money
from bot.understand.wallet_intent import TOPUP
from engine.money import Money


def topup_lead(hit: Hit, text: str, lang: str) -> str | None:
    """The top-up's amount, when `hit` is on paying and `text` names a top-up with its amount."""
    if "payments" not in hit.entry.topics or not TOPUP.search(text):
        return None
    value, currency = money(text.lower())
    if not isinstance(value, Decimal) or value <= 0 or currency is None:
        return None
    shown = Money.of(value, currency).format(lang)
    return t("faq.topup_amount", lang, amount=shown, typed=f"{value.normalize():f} {currency}")
