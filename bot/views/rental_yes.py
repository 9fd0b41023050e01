"""A yes/no question about renting a job for a span ("can I finish a 3-day 7b qlora run on gpuli
without paying for a full month?", "3 天的 7b qlora 在 gpuli 能跑完吗") is answered yes or no first.

Why: the cost reply's own first line names the cheapest safe setup and its rental, but never says
"yes", so the question asked went unanswered in its first words. The verdict is "yes" only when the
cheapest safe pick holds the job and is rented in units shorter than a month (a week, or by the
minute): then no month is paid. Where the cheapest safe way is a month, no verdict is added (the
cost reply says it as it is)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.parser import Parsed
from engine.money import Money

LONG_UNITS = ("month", "year")  # a pick rented by these is no "short" rental


def rental_yes(reply: Reply, parsed: Parsed) -> Reply | None:
    """The verdict "Yes: <rental> covers it" (to lead `reply`, bot.core.several.verdict_first) when `parsed`
    asks yes/no about a job over a stated span and the cost reply's safe pick is rented by less than a
    month; else None."""
    q, a = parsed.request, parsed.asks
    spanned = parsed.rental.duration_days or parsed.rental.duration_hours or q.hours or q.days
    if reply.kind != "cost" or not parsed.cues.yes_no or not spanned or parsed.parts or a.budget is not None \
            or a.deadline is not None or a.runway or a.how_long or a.largest_model or a.cost or a.total:
        # ("在吗 … 一周多少" asks how much, its "吗" a greeting's: no yes/no question)
        return None
    view = reply.data.get("v") if isinstance(reply.data, dict) else None
    pick: dict[str, Any] | None = view.get("pick") if isinstance(view, dict) else None
    if not pick or pick.get("marks") or any(c.get("kind") in LONG_UNITS for c in pick.get("cycles", [])):
        return None
    lang = reply.lang
    cycles = " + ".join(t(f"cost.cycle.{c['kind']}", lang, count=Decimal(str(c["count"])), n=_count(c))
                        for c in pick["cycles"])
    low, high = (Money(Decimal(str(pick[k])), pick["currency"]) for k in ("total_min", "total_max"))
    total = high.format(lang) if low.amount == high.amount else f"{low.format(lang)}–{high.format(lang)}"
    setup = f"{pick['provider_name']} {t('sum.setup', lang, n=pick['num_gpus'], gpu=pick['name'])}"
    return Reply("error", lang, {"message": t("plan.rental_yes", lang, rental=cycles, setup=setup, total=total)})


def _count(cycle: dict[str, Any]) -> str:
    """A cycle's count as a reply writes it: whole units, hours by the minute to one decimal."""
    n = Decimal(str(cycle["count"]))
    return f"{n:.1f}".rstrip("0").rstrip(".") if cycle["kind"] == "minute_hours" else f"{n:.0f}"
