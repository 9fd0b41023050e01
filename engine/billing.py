"""The cheapest way to buy a job's GPU time under one provider's rules, as an itemized Quote.

Pure functions: a provider id, a card, a card count and a duration in; a Quote out (or an
InvalidRequest / UnknownName a user's input caused). Every figure can explain itself: the cycles
bought, the add-ons, the discounts, and notes as machine codes + parameters for the bot to word.

Rules, as the seeds state them:
- per minute (cloudgpu, seed 002): cost = ceil(minutes) × hourly / 60, at least 1 minute; the ~2
  boot minutes are not billed (the duration passed in is the running time after boot); one hour is
  pre-authorized while running; single-card plans only, so a multi-card job is refused.
- prepaid cycles (gpuli, seed 000; yiwan, seed 003): the cheapest mix of cycles whose length covers
  the job (10 days at gpuli = 2 weeks ₮218, not a month ₮369; 33 days = month + week or 5 weeks,
  whichever is cheaper). yiwan's annual prepay discount enters the search as a 12-month "year"
  cycle at its discounted price, so a year is bought whenever it is the cheaper way to cover the
  time; its repeat-purchase discount takes a fixed amount off every month bought.
- offers are priced as the provider lists them: 8 × H100 is the 8-card box's price, never 8 × a
  single card. A card count not listed is built from several instances of one listed
  configuration only where the provider allows several instances (`multi_instance`); more cards
  than one node holds (`node_gpus`) is a multi-node job built from whole boxes, with InfiniBand
  per node per month where the provider sells it, in the regions that have it.
- add-ons priced per GB-month, per month or per node-month are billed per started month of the
  provider's month (30 days) over the time bought: the seeds price them monthly and do not say how a
  week is prorated, so a 2-week rental pays one month of storage. The volume is per account (not
  multiplied by instances); per-month upgrades and InfiniBand are per instance (node).
- a price the source marks as an estimate, or a published price band (yiwan's 8 × H100 ¥80k–120k),
  makes the total a min–max range; `estimate` is true only when the source calls it an estimate.

Amounts are Decimal. Sums and products of list prices are exact; the few divisions (per-minute
price, price per GPU-hour) are kept to 6 decimal places; rounding to cents is for display
(engine.money.Money.rounded).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Literal

from engine.catalog import gpus
from engine.errors import CatalogError, InvalidRequest
from engine.money import Money
from engine.providers import AddOn, Offer, Price, PriceStatus, Provider, provider, providers
from engine.request import MAX_GPUS

US_PER_HOUR = 3_600_000_000
US_PER_MINUTE = 60_000_000
US_PER_DAY = 86_400_000_000
MAX_DURATION = timedelta(days=3650)  # 10 years: longer is a typo, not a rental
MAX_ADD_ON_QUANTITY = Decimal(10) ** 9  # a billion GB / units
PLACES = Decimal("0.000001")
LineKind = Literal["minute", "week", "month", "year"]


class NotOffered(InvalidRequest):
    """The provider does not sell what was asked (this card, this count, this region)."""

    code = "not_offered"

    def __init__(self, field_name: str, reason: str, message: str, **params: object) -> None:
        super().__init__(field_name, message, reason=reason, **params)
        self.reason = reason


@dataclass(frozen=True)
class Amount:
    """Money that may be a band: low == high for a firm price, low < high for a range."""

    low: Decimal
    high: Decimal

    @classmethod
    def of(cls, price: Price) -> Amount:
        return cls(price.low, price.high)

    @classmethod
    def point(cls, value: Decimal) -> Amount:
        return cls(value, value)

    @property
    def exact(self) -> Decimal | None:
        """The amount when it is firm; None for a range (use low/high)."""
        return self.low if self.low == self.high else None

    @property
    def is_range(self) -> bool:
        return self.low != self.high

    def __add__(self, other: Amount) -> Amount:
        return Amount(self.low + other.low, self.high + other.high)

    def __sub__(self, other: Amount) -> Amount:
        return Amount(self.low - other.low, self.high - other.high)

    def times(self, k: Decimal | int) -> Amount:
        return Amount(self.low * k, self.high * k)

    def per(self, divisor: Decimal) -> Amount:
        return Amount(_q(self.low / divisor), _q(self.high / divisor))


ZERO = Amount.point(Decimal(0))


@dataclass(frozen=True)
class CycleLine:
    """Time bought: `count` cycles of `kind` for each of `instances` instances at the list price."""

    kind: LineKind
    count: int
    instances: int
    unit_price: Amount
    amount: Amount


@dataclass(frozen=True)
class AddOnLine:
    """An add-on: `quantity` (GB, units or nodes) × `unit_price` × `months` started months."""

    id: str
    unit: str
    quantity: Decimal
    months: int
    unit_price: Decimal
    amount: Decimal


@dataclass(frozen=True)
class DiscountLine:
    """A reduction, as a negative amount: `rate` off annual prepayments or `per_month` off each month."""

    id: str
    kind: str
    rate: Decimal | None
    per_month: Decimal | None
    months: int
    amount: Amount


@dataclass(frozen=True)
class Note:
    """A fact the reply should mention, as a code + parameters (the bot words it)."""

    code: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Quote:
    """What renting `num_gpus` × `gpu` at `provider` for the needed time costs, itemized."""

    provider: str
    offer: str
    gpu: str
    num_gpus: int
    instances: int
    gpus_per_instance: int
    region: str | None
    currency: str
    cycles: tuple[CycleLine, ...]
    add_ons: tuple[AddOnLine, ...]
    discounts: tuple[DiscountLine, ...]
    total_range: Amount
    cards_range: Amount  # cycles + discounts, without add-ons
    needed_hours: Decimal
    bought_hours: Decimal
    unused_hours: Decimal  # bought minus needed: time left for evaluation and re-runs
    per_gpu_hour_range: Amount  # total / (num_gpus × bought hours)
    per_gpu_hour_cards_range: Amount  # cards only
    price_status: PriceStatus
    estimate: bool
    notes: tuple[Note, ...]

    @property
    def total(self) -> Decimal | None:
        """The firm total; None when the price is a range (see total_min / total_max)."""
        return self.total_range.exact

    @property
    def total_min(self) -> Decimal:
        return self.total_range.low

    @property
    def total_max(self) -> Decimal:
        return self.total_range.high

    @property
    def per_gpu_hour(self) -> Decimal | None:
        return self.per_gpu_hour_range.exact

    @property
    def per_gpu_hour_cards(self) -> Decimal | None:
        return self.per_gpu_hour_cards_range.exact

    def note(self, code: str) -> Note | None:
        return next((n for n in self.notes if n.code == code), None)


def quote(
    provider_name: str,
    gpu: str,
    num_gpus: int,
    duration: timedelta,
    *,
    region: str | None = None,
    add_ons: Mapping[str, Decimal | int] | None = None,
    infiniband: bool | None = None,
    repeat_purchase: bool = False,
) -> Quote:
    """The cheapest way to rent `num_gpus` × `gpu` (catalog id) at a provider for `duration`.

    `duration` is the time the cards must run (for per-minute billing: after boot, which is free).
    `add_ons` maps an add-on id or alias to a quantity (GB for storage, units for upgrades).
    `infiniband`: None = add it to multi-node jobs where sold, False = leave it out.
    """
    p = provider(provider_name)
    _check_request(num_gpus, duration)
    need_us = _microseconds(duration)
    if region is not None:
        region = p.region(region).id
    candidates = _configurations(p, gpu, num_gpus)
    quotes = [
        _quote_offer(
            p, offer, instances, num_gpus, need_us, region, add_ons or {}, infiniband, repeat_purchase
        )
        for offer, instances in candidates
    ]
    return min(quotes, key=lambda q: (q.total_max, q.total_min, q.instances))


def quote_all(
    gpu: str, num_gpus: int, duration: timedelta, *, region: str | None = None, in_currency: str = "USD"
) -> list[Quote]:
    """Quotes from every provider that sells this card × count, cheapest first (compared in
    `in_currency` at the catalog's comparison rates; each quote stays in its own currency)."""
    out: list[Quote] = []
    for p in providers().entries:
        if region is not None and region not in {r.id for r in p.regions}:
            continue
        try:
            out.append(quote(p.id, gpu, num_gpus, duration, region=region))
        except NotOffered:
            continue
    return sorted(out, key=lambda q: (Money(q.total_max, q.currency).to(in_currency).amount, q.provider))


# ---------------------------------------------------------------- request checks and configurations


def _check_request(num_gpus: int, duration: timedelta) -> None:
    if isinstance(num_gpus, bool) or not isinstance(num_gpus, int) or num_gpus < 1:
        raise InvalidRequest("num_gpus", "must be a whole number of cards, at least 1", value=num_gpus)
    if num_gpus > MAX_GPUS:
        raise InvalidRequest("num_gpus", f"at most {MAX_GPUS} cards", value=num_gpus, limit=MAX_GPUS)
    if not isinstance(duration, timedelta):
        raise InvalidRequest("duration", "must be a timedelta", value=str(duration))
    if duration <= timedelta(0):
        raise InvalidRequest("duration", "must be longer than zero", value=str(duration))
    if duration > MAX_DURATION:
        raise InvalidRequest(
            "duration", "longer than 10 years", value=str(duration), limit_days=MAX_DURATION.days
        )


def _configurations(p: Provider, gpu: str, num_gpus: int) -> list[tuple[Offer, int]]:
    """(offer, instances) pairs that give exactly `num_gpus` cards under the provider's rules.

    A count the provider lists is bought as that configuration; only an unlisted count is built
    from several instances (where allowed), and beyond one node only from whole nodes.
    """
    gpu = _gpu_id(gpu)
    offers = p.offers_for(gpu)
    if not offers:
        offered = sorted({o.gpu for o in p.offers})
        raise NotOffered(
            "gpu", "gpu_not_offered", f"{p.id} does not offer {gpu}", provider=p.id, gpu=gpu, offered=offered
        )
    counts = sorted({o.count for o in offers})
    node = p.billing.node_gpus
    exact = [(o, 1) for o in offers if o.count == num_gpus]
    if exact:  # a listed configuration is bought as listed (one box, its interconnect)
        return exact
    out: list[tuple[Offer, int]] = []
    for o in offers:
        divides = num_gpus % o.count == 0 and num_gpus > o.count
        # beyond one node only whole nodes make sense (InfiniBand joins nodes, not loose cards)
        if p.billing.multi_instance and divides and (num_gpus <= node or o.count == node):
            out.append((o, num_gpus // o.count))
    if out:
        return out
    if not p.billing.multi_instance and num_gpus > max(counts):
        raise NotOffered(
            "num_gpus",
            "single_card_plans" if max(counts) == 1 else "count_not_offered",
            f"{p.id} rents {gpu} only as {counts} card(s) per instance",
            provider=p.id,
            gpu=gpu,
            num_gpus=num_gpus,
            counts=counts,
        )
    raise NotOffered(
        "num_gpus",
        "count_not_offered",
        f"{p.id} has no way to rent {num_gpus} × {gpu} (listed: {counts} per instance)",
        provider=p.id,
        gpu=gpu,
        num_gpus=num_gpus,
        counts=counts,
        node_gpus=node,
    )


def _gpu_id(name: str) -> str:
    """The catalog id for a card name or alias ("4090" -> rtx-4090); UnknownName for no such card."""
    try:
        return gpus().get(name).id
    except CatalogError:  # gpus.yaml unreadable: the provider files still name catalog ids
        return name


# ---------------------------------------------------------------- one offer


def _quote_offer(
    p: Provider,
    offer: Offer,
    instances: int,
    num_gpus: int,
    need_us: int,
    region: str | None,
    requested: Mapping[str, Decimal | int],
    infiniband: bool | None,
    repeat_purchase: bool,
) -> Quote:
    notes: list[Note] = []
    if region is not None and offer.regions and region not in offer.regions:
        raise NotOffered(
            "region",
            "offer_not_in_region",
            f"{offer.id} is not offered in {region}",
            provider=p.id,
            offer=offer.id,
            region=region,
            regions=offer.regions,
        )
    if instances > 1:
        notes.append(Note("separate_instances", {"instances": instances, "gpus_per_instance": offer.count}))

    if p.billing.model == "per_minute":
        cycles, discounts, bought_us = _per_minute(p, offer, need_us, notes)
    else:
        cycles, discounts, bought_us = _cycles(p, offer, instances, need_us, repeat_purchase, notes)

    months = _started_months(p, bought_us)
    lines = _add_ons(p, offer, instances, num_gpus, months, region, requested, infiniband, notes)

    cards = sum((c.amount for c in cycles), ZERO) + sum((d.amount for d in discounts), ZERO)
    total = cards + Amount.point(sum((a.amount for a in lines), Decimal(0)))
    bought_h = Decimal(bought_us) / US_PER_HOUR
    gpu_hours = bought_h * num_gpus
    status = _status(offer)
    if status != "published":
        notes.append(Note("price_status", {"status": status}))
    elif cards.is_range:
        notes.append(Note("published_price_band", {"low": cards.low, "high": cards.high}))
    needed_h = _q(Decimal(need_us) / US_PER_HOUR)
    bought_hq = _q(bought_h)
    return Quote(
        provider=p.id,
        offer=offer.id,
        gpu=offer.gpu,
        num_gpus=num_gpus,
        instances=instances,
        gpus_per_instance=offer.count,
        region=region,
        currency=p.currency,
        cycles=tuple(cycles),
        add_ons=tuple(lines),
        discounts=tuple(discounts),
        total_range=total,
        cards_range=cards,
        needed_hours=needed_h,
        bought_hours=bought_hq,
        unused_hours=bought_hq - needed_h,
        per_gpu_hour_range=total.per(gpu_hours),
        per_gpu_hour_cards_range=cards.per(gpu_hours),
        price_status=status,
        estimate=status == "estimate",
        notes=tuple(notes),
    )


def _status(offer: Offer) -> PriceStatus:
    """The weakest status among the offer's prices (an estimate anywhere makes the quote one)."""
    statuses = {pr.status for pr in offer.prices.values()}
    if "estimate" in statuses:
        return "estimate"
    if "unlabelled" in statuses:
        return "unlabelled"
    return "published"


def _per_minute(
    p: Provider, offer: Offer, need_us: int, notes: list[Note]
) -> tuple[list[CycleLine], list[DiscountLine], int]:
    """ceil(minutes), at least the minimum, × hourly / 60 (seed 002's cost formula)."""
    hourly = offer.prices["hour"]
    needed_minutes = Decimal(need_us) / US_PER_MINUTE
    billed = max(-(-need_us // US_PER_MINUTE), p.billing.minimum_minutes or 0)
    unit = Amount(_q(hourly.low / 60), _q(hourly.high / 60))
    amount = Amount(_q(hourly.low * billed / 60), _q(hourly.high * billed / 60))
    notes.append(
        Note("per_minute_rounding", {"needed_minutes": _q(needed_minutes), "billed_minutes": billed})
    )
    if billed == p.billing.minimum_minutes and need_us < billed * US_PER_MINUTE:
        notes.append(Note("minimum_minutes", {"minutes": billed}))
    if p.billing.boot_minutes and not p.billing.boot_billed:
        notes.append(Note("boot_not_billed", {"boot_minutes": p.billing.boot_minutes}))
    if p.billing.preauthorization_hours:
        hold = hourly.high * p.billing.preauthorization_hours
        notes.append(
            Note(
                "preauthorization",
                {"hours": p.billing.preauthorization_hours, "hold": hold, "min_balance": amount.high + hold},
            )
        )
    if p.billing.destroy_on_zero_balance:
        notes.append(Note("destroyed_at_zero_balance"))
    if not p.billing.persistence_across_instances:
        notes.append(Note("no_persistent_storage"))
    line = CycleLine("minute", billed, 1, unit, amount)
    return [line], [], billed * US_PER_MINUTE


@dataclass(frozen=True)
class _Option:
    kind: LineKind
    length_us: int
    list_price: Amount  # per instance, before discounts
    net_price: Amount  # per instance, after the annual discount and any per-month discount
    months: int  # months it counts as for per-month discounts
    rate: Decimal | None = None
    annual_id: str | None = None


def _cycles(
    p: Provider, offer: Offer, instances: int, need_us: int, repeat_purchase: bool, notes: list[Note]
) -> tuple[list[CycleLine], list[DiscountLine], int]:
    """The cheapest mix of the provider's cycles whose total length covers the job."""
    per_month = _per_month_discount(p, offer, repeat_purchase, notes)
    options = _options(p, offer, per_month)
    best = _cheapest_mix(options, need_us)
    cycles: list[CycleLine] = []
    discounts: list[DiscountLine] = []
    bought_us = 0
    months = 0
    for opt, count in best:
        bought_us += opt.length_us * count
        months += opt.months * count
        cycles.append(
            CycleLine(opt.kind, count, instances, opt.list_price, opt.list_price.times(count * instances))
        )
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
        notes.append(Note("unused_time", {"hours": _q(unused), "days": _q(unused / 24)}))
    return cycles, discounts, bought_us


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


def _options(p: Provider, offer: Offer, per_month: tuple[str, Decimal] | None) -> list[_Option]:
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
    return out


def _cheapest_mix(options: list[_Option], need_us: int) -> list[tuple[_Option, int]]:
    """Counts per option covering `need_us` at the lowest cost; ties go to more time, then fewer cycles.

    Every option except the shortest is tried 0..enough times; the shortest fills the rest. With at
    most three kinds and ten years this is at most a few thousand combinations.
    """
    if not options:
        raise NotOffered("duration", "no_cycle_price", "no cycle price for this offer")
    ordered = sorted(options, key=lambda o: o.length_us, reverse=True)
    fixed, filler = ordered[:-1], ordered[-1]
    best: tuple[tuple[Decimal, Decimal, int, int], list[tuple[_Option, int]]] | None = None

    def walk(i: int, covered: int, chosen: list[tuple[_Option, int]]) -> None:
        nonlocal best
        if i == len(fixed):
            rest = max(0, need_us - covered)
            fill = -(-rest // filler.length_us)
            mix = [*chosen, (filler, fill)]
            cost = sum((o.net_price.times(n) for o, n in mix), ZERO)
            length = sum(o.length_us * n for o, n in mix)
            key = (cost.high, cost.low, -length, sum(n for _, n in mix))
            if best is None or key < best[0]:
                best = (key, mix)
            return
        opt = fixed[i]
        limit = -(-max(0, need_us - covered) // opt.length_us)
        for n in range(limit + 1):
            walk(i + 1, covered + n * opt.length_us, [*chosen, (opt, n)])

    walk(0, 0, [])
    assert best is not None
    return [(o, n) for o, n in best[1] if n > 0]


# ---------------------------------------------------------------- add-ons


def _started_months(p: Provider, bought_us: int) -> int:
    return max(1, -(-bought_us // (p.billing.month_days * US_PER_DAY)))


def _add_ons(
    p: Provider,
    offer: Offer,
    instances: int,
    num_gpus: int,
    months: int,
    region: str | None,
    requested: Mapping[str, Decimal | int],
    infiniband: bool | None,
    notes: list[Note],
) -> list[AddOnLine]:
    lines: list[AddOnLine] = []
    wanted: dict[str, tuple[AddOn, Decimal]] = {}
    for name, qty in requested.items():
        a = p.add_on(name)
        quantity = _quantity(name, qty)
        if quantity:
            wanted[a.id] = (a, quantity)
    multi_node = num_gpus > p.billing.node_gpus
    if multi_node:
        ib = next((a for a in p.add_ons if a.multi_node and (not a.offers or offer.id in a.offers)), None)
        if infiniband is False:
            notes.append(Note("multi_node_without_infiniband", {"nodes": instances}))
        elif ib is None:
            notes.append(Note("no_infiniband_offered", {"provider": p.id, "nodes": instances}))
        elif ib.id not in wanted:
            wanted[ib.id] = (ib, Decimal(instances))
    for a, quantity in wanted.values():
        if a.offers and offer.id not in a.offers:
            raise NotOffered(
                "add_ons",
                "add_on_not_for_offer",
                f"{a.id} is not sold with {offer.id}",
                provider=p.id,
                add_on=a.id,
                offer=offer.id,
                offers=a.offers,
            )
        if a.regions:
            if region is None:
                notes.append(Note("region_required", {"add_on": a.id, "regions": a.regions}))
            elif region not in a.regions:
                raise NotOffered(
                    "region",
                    "add_on_not_in_region",
                    f"{a.id} is only in {a.regions}",
                    provider=p.id,
                    add_on=a.id,
                    region=region,
                    regions=a.regions,
                )
        if a.price is None:
            notes.append(Note("add_on_unpriced", {"add_on": a.id}))
            continue
        per_instance = a.unit in ("month",)
        units = quantity * instances if per_instance else quantity
        amount = units * a.price * months
        lines.append(AddOnLine(a.id, a.unit, units, months, a.price, amount))
    if lines:
        notes.append(
            Note("add_ons_per_started_month", {"months": months, "month_days": p.billing.month_days})
        )
    return lines


def _quantity(name: str, qty: Decimal | int) -> Decimal:
    if isinstance(qty, bool) or not isinstance(qty, int | Decimal):
        raise InvalidRequest("add_ons", f"{name}: quantity must be a whole number or Decimal", value=str(qty))
    quantity = Decimal(qty)
    if not quantity.is_finite() or quantity < 0 or quantity > MAX_ADD_ON_QUANTITY:
        raise InvalidRequest("add_ons", f"{name}: quantity out of range", value=str(qty))
    return quantity


# ---------------------------------------------------------------- helpers


def _microseconds(d: timedelta) -> int:
    return (d.days * 86_400 + d.seconds) * 1_000_000 + d.microseconds


def _q(x: Decimal) -> Decimal:
    """Keep a quotient to 6 decimal places; exact sums are never passed through here."""
    return x.quantize(PLACES, rounding=ROUND_HALF_EVEN)


__all__ = [
    "AddOnLine",
    "Amount",
    "CycleLine",
    "DiscountLine",
    "NotOffered",
    "Note",
    "Quote",
    "quote",
    "quote_all",
]
