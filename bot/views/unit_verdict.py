"""Yes or no to "can it be rented by the day / hour" at the provider named, leading the price that follows
("gpuli 的 4090 只用 3 天 能按天租吗": no, gpuli rents by the week or the month; the week's price below).

Why: the price reply answered with the shortest term that covers the days asked and never said whether
the unit asked exists, so a yes/no question had no yes or no. The verdict is read off the provider's own
billing terms (catalogs/providers): a per-minute provider rents any number of hours or days; a provider
of weekly and monthly cycles rents neither by the day nor by the hour."""

from __future__ import annotations

from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.parser import Parsed
from engine.providers import provider


def unit_verdict(reply: Reply, parsed: Parsed) -> Reply | None:
    """The line "No: <provider> doesn't rent by the day, only weekly or monthly" (or "Yes: … bills by the
    minute") to lead `reply`, when `parsed` asks yes or no whether a rental can be bought by a unit at the
    one provider named; else None."""
    unit, where = parsed.asks.unit, parsed.rental.provider or _priced_at(reply)
    # the FAQ's answer on a provider's terms ("gpuli 有没有日租", "does gpuli do daily rentals?") is led by it too, the
    # provider named in the message: a yes or no asked, its answer first
    # (the hour has an entry of its own, which leads with the provider named)
    faq = reply.kind == "faq" and parsed.rental.provider is not None and unit == "day"
    if unit is None or where is None or not (reply.kind in ("price", "cost") or faq) or parsed.parts:
        return None
    p = provider(where)
    lang = reply.lang
    if p.billing.hourly_rental:
        return Reply("error", lang, {"message": t("rental.unit_yes", lang, provider=p.name, unit=t(f"rental.unit.{unit}", lang))})
    kinds = [c.kind for c in p.billing.cycles]
    if not kinds:
        return None
    terms = t("rental.or", lang).join(t(f"rental.term.{k}", lang) for k in kinds)
    return Reply("error", lang, {"message": t("rental.unit_no", lang, provider=p.name, unit=t(f"rental.unit.{unit}", lang), terms=terms)})


def _priced_at(reply: Reply) -> str | None:
    """The one provider a cost reply was asked at when the message named none ("7b qlora gpuli …" then
    "两天任务 能按天吗": gpuli, from the job or the price the follow-up kept)."""
    request = getattr(reply.source, "request", None)
    data = reply.turn.data if reply.turn is not None else {}
    kept = [data.get(k) for k in ("job", "request")]  # the job a setup's price was asked for, and where
    where = getattr(request, "provider", None) or data.get("first") \
        or next((j["provider"] for j in kept if isinstance(j, dict) and j.get("provider")), None)
    return where if isinstance(where, str) else None
