"""Prepaid cycles (gpuli weeks and months, seed 000; 一万网络's months and years with its estimates
and discounts, seed 003): the cheapest mix of cycles whose length covers the job (10 days at gpuli =
2 weeks ₮218, not a month ₮369; 33 days = month + week or 5 weeks, whichever is cheaper). An annual
prepay discount enters the search as a 12-month "year" cycle at its discounted price, so a year is
bought whenever it is the cheaper way to cover the time; a repeat-purchase discount takes a fixed
amount off every month bought. A price the source marks as an estimate, or a published band, stays
a min–max Amount through the sum. In the wallet this is a prepaid term (bot/wallet/prepaid.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from engine.billing.lines import (
    US_PER_DAY,
    US_PER_HOUR,
    ZERO,
    Amount,
    Billed,
    CycleLine,
    DiscountLine,
    LineKind,
    Note,
    NotOffered,
    q6,
)
from engine.billing.rules import BillingRule

if TYPE_CHECKING:
    from engine.providers import Billing, Offer, Provider

CALENDAR_YEAR = 365  # days: the span "一年" / "a year" is read as (bot.understand.fields)
NO_CYCLE = timedelta(hours=1)  # an offer with no priced cycle: an hour, as by the minute


class Cycles(BillingRule):
    model = "cycles"
    account = "cycles"
    metered = False

    def check(self, b: Billing) -> None:
        if not b.cycles:
            raise ValueError("cycle billing needs at least one cycle")

    def price_columns(self, b: Billing) -> set[str]:
        return {c.kind for c in b.cycles if c.kind != "year"}  # a year is priced from the month

    def units(self, p: Provider) -> list[timedelta]:
        """Weeks and months (no year: a year is a discount on months, shown when asked for)."""
        return [timedelta(days=c.days or 0) for c in p.billing.cycles if c.kind in ("week", "month")]

    def shortest(self, p: Provider, offer: Offer) -> timedelta:
        days = [c.days for c in p.billing.cycles if c.kind in offer.prices and c.days is not None]
        return timedelta(days=min(days)) if days else NO_CYCLE

    def unbooted_start_minutes(self, p: Provider) -> int:
        """A prepaid cycle runs from the order, so the minutes to provision it are paid for."""
        return p.lifecycle.provisioning_minutes or 0

    def bill(self, p: Provider, offer: Offer, instances: int, need_us: int, repeat_purchase: bool,
             notes: list[Note]) -> Billed:
        return _cycles(p, offer, instances, need_us, repeat_purchase, notes)


@dataclass(frozen=True)
class _Option:
    kind: LineKind
    length_us: int
    list_price: Amount  # per instance, before discounts
    net_price: Amount  # per instance, after the annual discount and any per-month discount
    months: int  # months it counts as for per-month discounts
    rate: Decimal | None = None
    annual_id: str | None = None
    per: int = 1  # cycles of `kind` in one option: 12 for a year bought as twelve months
    covers_us: int | None = None  # the span it counts for when longer than its length (a year, for 12 months)

    @property
    def counts_us(self) -> int:
        return self.covers_us or self.length_us


def _cycles(
    p: Provider, offer: Offer, instances: int, need_us: int, repeat_purchase: bool, notes: list[Note]
) -> Billed:
    """The cheapest mix of the provider's cycles whose total length covers the job."""
    per_month = _per_month_discount(p, offer, repeat_purchase, notes)
    options = _options(p, offer, per_month, need_us)
    best = _cheapest_mix(options, need_us)
    cycles: list[CycleLine] = []
    discounts: list[DiscountLine] = []
    bought_us = 0
    months = 0
    for opt, count in best:
        bought_us += opt.length_us * count
        months += opt.months * count
        unit = Amount(opt.list_price.low / opt.per, opt.list_price.high / opt.per)
        cycles.append(
            CycleLine(opt.kind, count * opt.per, instances, unit, opt.list_price.times(count * instances))
        )
        if opt.covers_us:
            notes.append(Note("year_as_months", {"years": count, "months": count * opt.per}))
        if opt.rate is not None and opt.annual_id is not None:
            annual_off = opt.list_price.times(opt.rate).times(count * instances)
            discounts.append(
                DiscountLine(opt.annual_id, "annual_prepay", opt.rate, None, 12 * count, ZERO - annual_off)
            )
    if per_month is not None and months:
        disc_id, each = per_month
        monthly_off = each * months * instances
        discounts.append(
            DiscountLine(disc_id, "per_month", None, each, months, Amount(-monthly_off, -monthly_off))
        )
    notes.append(Note("cycle_mix", {opt.kind: count for opt, count in best}))
    if p.billing.prepaid and not p.billing.hourly_rental:
        notes.append(Note("prepaid_cycles_only", {"cycles": [c.kind for c in p.billing.cycles]}))
    if bought_us > need_us:
        unused = Decimal(bought_us - need_us) / US_PER_HOUR
        notes.append(Note("unused_time", {"hours": q6(unused), "days": q6(unused / 24)}))
    return Billed(tuple(cycles), tuple(discounts), bought_us)


def _per_month_discount(
    p: Provider, offer: Offer, repeat_purchase: bool, notes: list[Note]
) -> tuple[str, Decimal] | None:
    if not repeat_purchase:
        return None
    for d in p.discounts:
        if d.kind == "per_month" and offer.id in d.offers and d.amount is not None:
            return d.id, d.amount
    notes.append(Note("repeat_purchase_not_applicable", {"provider": p.id, "offer": offer.id}))
    return None


def _options(p: Provider, offer: Offer, per_month: tuple[str, Decimal] | None, need_us: int) -> list[_Option]:
    each = Amount.point(per_month[1]) if per_month is not None else ZERO
    out: list[_Option] = []
    for c in p.billing.cycles:
        if c.kind == "year":
            continue
        price = offer.prices.get(c.kind)
        if price is None or c.days is None:
            continue
        months = 1 if c.kind == "month" else 0
        unit = Amount.of(price)
        out.append(_Option(c.kind, c.days * US_PER_DAY, unit, unit - each.times(months), months))
    year = p.billing.cycle("year")
    month_price = offer.prices.get("month")
    annual = next((d for d in p.discounts if d.kind == "annual_prepay" and offer.id in d.offers), None)
    # A prepaid year is 12 months' price for a calendar year (so a year is never bought as 13 months of
    # 30 days), less the annual discount where the provider gives one for this offer.
    if year is not None and year.months and month_price is not None:
        listed = Amount.of(month_price).times(year.months)
        rate = annual.rate if annual is not None and annual.rate else Decimal(0)
        net = listed - listed.times(rate) - each.times(year.months)
        length = (year.days or year.months * p.billing.month_days) * US_PER_DAY
        out.append(_Option("year", length, listed, net, year.months, rate or None, annual.id if annual is not None and rate else None))
    elif month_price is not None and need_us and need_us % (CALENDAR_YEAR * US_PER_DAY) == 0:
        # "8卡h100 包一年": a year rented where months are the unit is twelve of its months (gpuli ₮14,432 × 12),
        # never twelve months and a week for the five days a calendar year is longer (the reply says so)
        twelve = Amount.of(month_price).times(12)
        out.append(_Option("month", 12 * p.billing.month_days * US_PER_DAY, twelve, twelve - each.times(12), 12,
                           per=12, covers_us=CALENDAR_YEAR * US_PER_DAY))
    return out


def _cheapest_mix(options: list[_Option], need_us: int) -> list[tuple[_Option, int]]:
    """Counts per option covering `need_us` at the lowest cost; ties go to more time, then fewer cycles.

    Every option except the shortest is tried 0..enough times; the shortest fills the rest. With at
    most three kinds and ten years this is at most a few thousand combinations.
    """
    if not options:
        raise NotOffered("duration", "no_cycle_price", "no cycle price for this offer")
    ordered = sorted(options, key=lambda o: o.counts_us, reverse=True)
    fixed, filler = ordered[:-1], ordered[-1]
    best: list[tuple[tuple[Decimal, Decimal, int, int], list[tuple[_Option, int]]]] = []  # the best mix so far, once found
    _walk(fixed, filler, need_us, 0, 0, [], best)
    assert best
    return [(o, n) for o, n in best[0][1] if n > 0]


def _walk(fixed: list[_Option], filler: _Option, need_us: int, i: int, covered: int, chosen: list[tuple[_Option, int]],
          best: list[tuple[tuple[Decimal, Decimal, int, int], list[tuple[_Option, int]]]]) -> None:
    """Every count of `fixed[i:]` after `chosen` (covering `covered`), the filler the rest; the cheapest kept in
    `best`. A function of the module's, not a closure of _cheapest_mix's: one calling itself through its own
    closure is a reference cycle, and it kept every mix tried until the cyclic collector ran."""
    if i == len(fixed):
        rest = max(0, need_us - covered)
        fill = -(-rest // filler.counts_us)
        mix = [*chosen, (filler, fill)]
        cost = sum((o.net_price.times(n) for o, n in mix), ZERO)
        length = sum(o.counts_us * n for o, n in mix)
        key = (cost.high, cost.low, -length, sum(n for _, n in mix))
        if not best or key < best[0][0]:
            best[:] = [(key, mix)]
        return
    opt = fixed[i]
    limit = -(-max(0, need_us - covered) // opt.counts_us)
    for n in range(limit + 1):
        _walk(fixed, filler, need_us, i + 1, covered + n * opt.counts_us, [*chosen, (opt, n)], best)


RULE = Cycles()
