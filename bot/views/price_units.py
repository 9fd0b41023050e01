"""Weekly or monthly for a stated span ("8×H100 三周，包月划算还是周租划算"): the span bought in each
unit a provider sells, both totals and which is cheaper, leading with the answer.

Why its own reply: the price list shows one unit's price or the cheapest mix for the span; the
question asks a comparison of two ways to buy it, so both totals must be on the screen, with the
cheaper one first. An estimated band is compared on its high end (what it may cost).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import gpu_name
from bot.understand.zones import wall_clock
from bot.views.cost import duration_view
from engine.catalog import gpus
from engine.money import Money
from engine.price_list import setup_prices, unit_totals
from engine.providers import provider


def units_reply(gpu: str | list[str], num_gpus: int | None, hours: float, lang: str,
                first: str | None = None, until: datetime | None = None) -> Reply | None:
    """Both totals at each provider that sells the setup by the week and by the month (the named
    provider only, when it does); None when nobody sells it both ways. `until`: the span is the time
    to that deadline (no run length was given), so the headline is the units to buy and their total,
    and a line says the rental runs until the deadline."""
    found = unit_totals(gpu, num_gpus, timedelta(hours=hours), first)
    if not found and first is not None:
        one = one_unit(gpu, num_gpus, first, lang)
        if one is not None:  # "一万网络 3090 三周，周租还是包月": it sells that card by the month only
            return one
        if until is not None:
            return None  # "cloudgpu 4090, due friday, how many weeks": it bills by the minute, no term to choose
        found = unit_totals(gpu, num_gpus, timedelta(hours=hours))
    if not found:
        return None
    span = setup_prices(gpu, num_gpus, timedelta(hours=hours), whole_machines=True)
    mixes = {r.provider.id: r.quotes[0] for r in span.offered}
    rows: list[dict[str, Any]] = []
    for row, units in found:
        ordered = sorted(units, key=lambda u: u.total.high)
        cheap, dear = ordered[0], ordered[-1]
        mix = mixes.get(row.provider.id)
        mixed = mix is not None and len(mix.cycles) > 1 and mix.total_max < cheap.total.high
        rows.append({"provider": row.provider.name, "currency": cheap.currency,
                     "units": [{"unit": u.unit, "cycles": u.cycles, "low": u.total.low, "high": u.total.high,
                                "each": u.unit_price if u.cycles > 1 else None}  # "3 周 × ₮109 = ₮327"
                               for u in ordered],
                     "same": cheap.total.high == dear.total.high, "saving": dear.total.high - cheap.total.high,
                     # 40 days: a month and two weeks beat both, and the reply says so
                     "mix": {"cycles": [{"kind": c.kind, "count": c.count, "each": c.unit_price} for c in mix.cycles],
                             "low": mix.total_min, "high": mix.total_max} if mixed and mix is not None else None})
    first_row = found[0][0]
    return Reply("price_units", lang, {"rows": rows, "gpu": gpu_name(first_row.gpu), "num_gpus": first_row.num_gpus,
                                       "duration": duration_view(hours),
                                       "until": wall_clock(until, lang) if until is not None else None})


def one_unit(gpu: str | list[str], num_gpus: int | None, provider_id: str, lang: str) -> Reply | None:
    """The named provider sells the setup by one prepaid unit only: the question has one answer."""
    row = next((r for r in setup_prices(gpu, num_gpus, None, whole_machines=True).offered if r.provider.id == provider_id), None)
    kinds = [q.cycles[0].kind for q in row.quotes if q.cycles] if row is not None else []
    if row is None or len(kinds) != 1 or kinds[0] not in ("week", "month"):
        return None
    setup = t("sum.setup", lang, n=row.num_gpus, gpu=gpu_name(row.gpu))
    q = row.quotes[0]  # the one unit's own price leads: "一周多少" is answered before the span below
    each = Money(q.total_min, q.currency).format(lang) + ("" if q.total_min == q.total_max else "–" + Money(q.total_max, q.currency).format(lang))
    message = t("price.units.only", lang, provider=row.provider.name, setup=setup, unit=t("price.units.by." + kinds[0], lang),
                price=each)
    sibling = _sibling_by(row.gpu, row.num_gpus, provider_id, "month" if kinds[0] == "week" else "week")
    if sibling is not None:
        message += "\n" + t("price.units.sibling", lang, provider=row.provider.name, mem=f"{gpus().get(row.gpu).memory_gb:g}",
                             setup=t("sum.setup", lang, n=row.num_gpus, gpu=gpu_name(sibling[0])),
                             unit=t("price.units.by." + sibling[1], lang), price=sibling[2].format(lang))
    return Reply("error", lang, {"message": message})


def _sibling_by(gpu: str, num_gpus: int, provider_id: str, unit: str) -> tuple[str, str, Money] | None:
    """Another card with the same memory that the provider rents in `unit`, the one its setup lacks, and
    that unit's price: gpuli rents the A100 80GB SXM by the week only (₮319), the A100 80GB PCIe, the
    same 80 GB, by the month too (₮899, seed 000), so "一个月呢" has an answer at that provider."""
    mem = gpus().get(gpu).memory_gb
    for other in dict.fromkeys(o.gpu for o in provider(provider_id).offers if o.count == num_gpus and o.gpu != gpu):
        if gpus().get(other).memory_gb != mem:
            continue
        row = next((r for r in setup_prices(other, num_gpus, None, whole_machines=True).offered if r.provider.id == provider_id), None)
        q = next((q for q in (row.quotes if row is not None else ()) if q.cycles and q.cycles[0].kind == unit
                  and q.total_min == q.total_max), None)
        if q is not None:
            return other, unit, Money(q.total_min, q.currency)
    return None


def metered_until(hours: float, until: datetime, lang: str) -> Reply:
    """The time to a deadline where the card is billed by the minute or hour: no term to choose, the
    time used is what is paid; the price below it runs right up to the deadline, the most it costs."""
    span = duration_view(hours) or {"unit": "hours", "n": f"{hours:g}"}
    dur = t("cost.dur." + span["unit"], lang, n=span["n"])
    return Reply("error", lang, {"message": t("price.units.until_metered", lang, deadline=wall_clock(until, lang), dur=dur)})



def month_covers_weeks(data: dict[str, Any]) -> bool:
    """Whether the weeks a price follow-up asked ("那 4 周呢" after a weekly price: `data["weeks"]`, the span
    `data["hours"]`) cost less bought by the month at the provider named: then the weeks' own total is shown
    beside the month's, or the reply prices a month and never says what the weeks asked would have cost."""
    weeks, first = data.get("weeks"), data.get("first")
    if not weeks or not (first or data.get("weeks_times")) or data.get("hours") != weeks * 168:
        return False
    count = int(data["num_gpus"]) if data.get("num_gpus") else None
    found = unit_totals(data["gpu"], count, timedelta(weeks=weeks), first)  # no provider named ("周租 x4"): any
    for _, units in found[:1] if first else found:
        by = {u.unit: u.total.high for u in units}
        if "week" in by and "month" in by and by["month"] < by["week"]:
            return True
    return False
