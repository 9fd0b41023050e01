"""The cheapest way to buy a job's GPU time under one provider's rules, as an itemized Quote.

Pure functions: a provider id, a card, a card count and a duration in; a Quote out (or an
InvalidRequest / UnknownName a user's input caused). Every figure can explain itself: the cycles
bought, the add-ons, the discounts, and notes as machine codes + parameters for the bot to word.
How the time itself is bought is the provider's billing rule (engine.billing.rules: prepaid cycles,
per minute with a hold); this module does what is common to every rule:
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
from datetime import timedelta
from decimal import Decimal

from engine.billing.lines import (
    MAX_ADD_ON_QUANTITY,
    MAX_DURATION,
    US_PER_DAY,
    US_PER_HOUR,
    ZERO,
    AddOnLine,
    Amount,
    Note,
    NotOffered,
    Quote,
    microseconds,
    q6,
)
from engine.billing.rules import rule_of
from engine.billing.rules.cycles import CALENDAR_YEAR
from engine.catalog import gpus
from engine.errors import CatalogError, InvalidRequest
from engine.money import Money
from engine.providers import AddOn, Offer, PriceStatus, Provider, provider, providers
from engine.request import MAX_GPUS


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
    need_us = microseconds(duration)
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

    billed = rule_of(p).bill(p, offer, instances, need_us, repeat_purchase, notes)
    cycles, discounts, bought_us = billed.cycles, billed.discounts, billed.bought_us

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
    needed_h = q6(Decimal(need_us) / US_PER_HOUR)
    bought_hq = q6(bought_h)
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


# ---------------------------------------------------------------- add-ons


def _started_months(p: Provider, bought_us: int) -> int:
    year_us = CALENDAR_YEAR * US_PER_DAY
    if bought_us and bought_us % year_us == 0:
        return 12 * (bought_us // year_us)  # a year bought is twelve months of add-ons, not 365 ÷ 30 started ones
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


__all__ = ["quote", "quote_all"]
