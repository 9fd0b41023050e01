"""A budget in a currency only one provider bills in ("每月预算 ₮500", "budget 3000 CNY") names that provider
when the message names none: the rental is judged there, in the budget's own currency, and the verdict says
why in one clause.

Why: "monthly budget 500 USDT, one 4090 plus a 2000GB volume" was judged on the cheapest provider, in dollars
converted to ₮, and a team paying in USDT pays gpuli, whose bill (with the volume) is over the money. Dollars
are every price list's reference currency, so a $ budget names no provider; an amount said loosely ("500 块") or
with no currency word names none either, and neither does a currency whose one provider does not rent the card.
"""

from __future__ import annotations

from bot.messages import Reply
from bot.text.i18n import t
from engine.providers import providers

REFERENCE = "USD"  # the currency every price is converted through: a $ budget says nothing of where it is spent


def budget_home(budget: tuple[object, str | None] | None, loose: bool, gpus: list[str]) -> str | None:
    """The provider the budget's currency names (the only one billing in it, renting one of `gpus`), or None."""
    if budget is None or budget[1] is None or loose or budget[1] == REFERENCE:
        return None
    billing = [p for p in providers().entries if p.currency == budget[1]]
    if len(billing) != 1 or not any(billing[0].offers_for(g) for g in gpus):
        return None
    return billing[0].id


def home_said(reply: Reply, provider_id: str, lang: str) -> Reply:
    """The verdict's first line with the clause saying which provider its currency named, and why."""
    message = reply.data.get("message") if isinstance(reply.data, dict) else None
    p = next(x for x in providers().entries if x.id == provider_id)
    if not isinstance(message, str) or p.name not in message:
        return reply
    first, *rest = message.split("\n")
    reply.data["message"] = "\n".join([first + t("plan.budget_home", lang, provider=p.name, currency=p.currency), *rest])
    return reply
