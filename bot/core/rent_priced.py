"""A price asked while a rental waits for its provider ("3090 租两个月" got "which provider?", then "要多少人民币"
/ "how much is that"): the price of that rental — the card, the count and the length stated — at every provider
renting it, the provider the conversation named before leading. The rental is never recorded by it; the
question "which provider?" settles, and naming one next records it as before."""

from __future__ import annotations

from dataclasses import replace

from bot.core.price import variants
from bot.core.recent_provider import provider_before
from bot.messages import Awaiting, Turn
from bot.understand.classify import asks_price
from bot.understand.parser import Parsed


def rent_priced(awaiting: Awaiting, parsed: Parsed, last: Turn | None, display: str) -> Parsed | None:
    """`parsed` as a price question of the rental awaiting its provider; None when it is no bare price question
    (it names a provider, a card or a model of its own: it answers the question or stands alone)."""
    if awaiting.kind != "rent" or awaiting.slot != "provider" or not awaiting.data.get("gpu"):
        return None
    q = parsed.request
    if parsed.rental.provider or q.gpu or q.model or q.params_b or q.method:
        return None
    if parsed.intent not in ("price", "cost") and not asks_price(parsed.words):
        return None
    currency = parsed.price.display_currency
    follow: dict[str, object] = {
        "gpu": variants(str(awaiting.data["gpu"]), bool(awaiting.data.get("form_named"))), "num_gpus": awaiting.data.get("num_gpus") or 1,
        "hours": awaiting.data.get("hours"), "display": currency or display, "asked_currency": bool(currency),
        "first": _named_before(last)}
    return replace(parsed, intent="price", follow=follow, follow_up=True, missing=[], faq=[], faq_answers=[],
                   faq_confident=False)


def _named_before(last: Turn | None) -> str | None:
    """The provider the question before the rental named ("7b lora 一万网络推荐啥卡"): the rental's reply keeps
    that question as its `prev`."""
    prev = last.data.get("prev") if last is not None and last.kind == "wallet" else None
    if isinstance(prev, dict):
        return provider_before(Turn(str(prev.get("kind")), prev.get("data") or {}))
    return provider_before(last)
