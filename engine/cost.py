"""What a fine-tuning job costs at every provider and card that can hold it, cheapest first.

One request in (as the user stated it); a CostReport out: for each provider offer whose card holds
the job, the setup a user would choose, how long training takes on it, and the cheapest way to buy
that time under the provider's rules. Pure and deterministic, like the rest of engine/.

How an option is built, and why:
- memory first (engine.fit): the plans are tried in the order `fit.ladder` gives (one card, then
  sharded, then offloaded, then several nodes; or only the stated card count), keeping those whose
  card count the provider can rent (a listed box, or several instances where its rules allow) and,
  for an offloaded plan, whose host RAM the offer has. Among the plans at the fewest cards, one that
  leaves 10% of the card free is preferred over a tight one of the same speed (ZeRO-3 over a tight
  ZeRO-2), but offload, which costs 20-50% of throughput, is used only when nothing else fits;
- time (engine.cost_job, engine.training_time): FLOPs over (peak × cards × MFU) when the dataset size is known, the
  measured step time when given, else the stated duration, else the offer's shortest rental. The
  seed's convention is 6·N·D (seed 000: 32B, 20 M tokens × 3 epochs = 1.15e19 FLOPs on 8 × H100 at
  30%, 1.35 h computed exactly), so the checkpointing recompute is counted only when the user said
  checkpointing is on (resolve() turns it on by default for memory, not for time), and attention
  only when the user stated a sequence length; the report says which. Cards split over separate
  instances (no shared node) are timed as multi-node without InfiniBand, because that is what they are;
- money (engine.billing): the quote for the job time plus the minutes before training starts where
  the provider bills them (a prepaid cycle runs from the order, so gpuli's ~3 minutes to SSH count;
  CloudGPU's boot is free). Options are sorted by total converted to one display currency at the
  catalog's comparison rates (a range by its maximum); each keeps its own currency and Decimal amount;
- flags, as codes: tight (under 10% memory left), estimate (the source calls the price one), and the
  setups a careful engineer would hesitate over. The recommended ("cheapest") option is the cheapest
  one without such a caution: not tight, not an estimated price, not cards glued together over an
  ordinary network (seed 003, section 4.5: with a poor interconnect fall back to one machine).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import timedelta
from decimal import Decimal

from engine.billing import MAX_DURATION, Amount, Note, NotOffered, Quote, quote
from engine.catalog import GpuSpec, ModelSpec
from engine.cost_job import DurationBasis, Job, hours_of, validate
from engine.errors import InvalidRequest
from engine.fit import Fit, Planner, candidates, ladder
from engine.memory import Plan
from engine.money import Money
from engine.providers import Offer, Provider, currency, provider, providers
from engine.request import TrainingRequest
from engine.resolve import Assumption, Resolved
from engine.sizing import Sizing, size
from engine.training_time import TrainingTime

DISPLAY_CURRENCY = "USD"

# How much each note matters (1 = the one a reply must show). Ordering, not wording.
NOTE_PRIORITY: dict[str, int] = {
    "measured_runs": 1,
    "tight": 1,
    "estimate": 1,
    "separate_instances": 1,
    "multi_node_no_infiniband": 1,
    "multi_node_infiniband": 2,
    "zero3_pcie": 2,
    "offload": 2,
    "host_unstated": 2,
    "unused_days": 2,
    "price_band": 2,
    "price_unlabelled": 2,
    "no_persistent_storage": 2,
    "add_on_unpriced": 3,
    "region_required": 3,
    "minimum_unit": 3,
    "preauthorization": 4,
    "boot_minutes": 5,
}
PASSED_ON = ("region_required", "add_on_unpriced", "no_persistent_storage", "preauthorization")
# "host_unstated": an offloaded plan on a machine whose host RAM the provider does not state (gpuli's
# 8 × A100 box): the offload may not fit, so it is no safe pick over one whose RAM is stated (seed 000's
# 72B minimum, 8 × H100 with 1,600 GB)
CAUTIONS = frozenset({"tight", "estimate", "separate_instances", "multi_node_no_infiniband", "host_unstated"})


@dataclass(frozen=True)
class Skip:
    """An offer left out, as a reason code: does_not_fit, count_not_offered, too_long, not_offered."""

    provider: str
    gpu: str
    num_gpus: int | None
    reason: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class CostOption:
    """One way to run the job: a provider's card × count, the plan, the time and the quote for it."""

    provider: Provider
    gpu: GpuSpec
    fit: Fit
    time: TrainingTime | None  # None when the duration was stated or is the offer's shortest rental
    need: timedelta  # the time bought for: job time plus billed start-up minutes
    boot_minutes: int
    quote: Quote
    compare_range: Amount  # the total in the report's display currency (for sorting only)
    notes: tuple[Note, ...]
    cheapest: bool = False

    @property
    def plan(self) -> Plan:
        return self.fit.estimate.plan

    @property
    def num_gpus(self) -> int:
        return self.plan.num_gpus

    @property
    def tight(self) -> bool:
        return self.fit.tight

    @property
    def estimate(self) -> bool:
        return self.quote.estimate

    @property
    def currency(self) -> str:
        return self.quote.currency

    @property
    def hours(self) -> float | None:
        """Training hours on this setup (None when not computed from the job)."""
        return self.time.hours if self.time is not None else None

    @property
    def caution(self) -> bool:
        """True when a careful engineer would not pick it without a second look (a setup seed 000 rents
        that is tight by our estimate too: the pick ranks on the high end, issue 19, and the reply names
        the seed's setup beside it with our figures against its card, bot.views.cost_seed)."""
        return any(n.code in CAUTIONS for n in self.notes)

    def note(self, code: str) -> Note | None:
        return next((n for n in self.notes if n.code == code), None)


@dataclass(frozen=True)
class CostReport:
    """Every option that fits, cheapest first, with what the time and the prices rest on."""

    request: TrainingRequest  # as stated
    sizing: Sizing
    basis: DurationBasis
    tokens: int | None  # tokens trained, epochs included (FLOPs basis)
    stated_duration: timedelta | None
    recompute_counted: bool
    attention_counted: bool
    display_currency: str
    options: tuple[CostOption, ...]
    skipped: tuple[Skip, ...]
    assumptions: tuple[Assumption, ...]  # the cost-specific ones (sizing's are on `sizing`)

    @property
    def cheapest(self) -> CostOption | None:
        """The recommended option: the cheapest without a caution (see the module doc)."""
        return next((o for o in self.options if o.cheapest), None)

    @property
    def reference(self) -> CostOption | None:
        """The option whose time the reply leads with: the recommended one, else the cheapest listed."""
        return self.cheapest or (self.options[0] if self.options else None)


# ---------------------------------------------------------------- the front door


def compare(request: TrainingRequest, spec_override: ModelSpec | None = None,
            sizing: Sizing | None = None) -> CostReport:
    """Price `request` (as stated) at every provider and card that can hold it, cheapest first;
    `sizing`: size(request, spec_override) when the caller has it already (its estimates are reused).

    Raises a KasuanError for bad input: an unknown provider, card or currency; a card the named
    provider does not rent; a negative or absurd dataset size, duration, step time or MFU.
    """
    validate(request)
    s = sizing if sizing is not None else size(request, spec_override)
    r = s.resolved
    display = currency(request.currency).id if request.currency else DISPLAY_CURRENCY
    chosen = [provider(request.provider)] if request.provider else list(providers().entries)
    gpu_id = r.gpu.id if r.gpu is not None else None
    count = r.request.num_gpus if r.num_gpus_stated else None
    _check_explicit(chosen, gpu_id, count, stated_provider=request.provider is not None)

    job = Job.of(request, r)
    planner = Planner(r, s.memo)  # the sizing's estimates: each plan once per question
    plans = _plans(r, planner, request, count)
    options: list[CostOption] = []
    skipped: list[Skip] = []
    cards = {g.id: g for g in candidates(request)}  # catalog order, less the cards ruled out; offers name catalog ids
    for p in chosen:
        offered = {o.gpu for o in p.offers}
        for g, spec in cards.items():
            if g not in offered or (gpu_id is not None and g != gpu_id):
                continue
            found = _option(p, spec, plans, planner, job, display)
            if isinstance(found, Skip):
                skipped.append(found)
            else:
                options.append(found)
    if not options and skipped and all(k.reason == "too_long" for k in skipped):
        raise InvalidRequest(
            "tokens" if request.tokens is not None else "samples",
            "the job would run longer than 10 years on every card that holds it",
            reason="too_long",
            limit_days=MAX_DURATION.days,
        )
    # a price band is compared on its high end (what it may cost), never ranked cheapest on its low end
    options.sort(key=lambda o: (o.compare_range.high, o.compare_range.low, o.hours or 0.0, o.provider.id, o.gpu.id))
    options = _mark_cheapest(options, one_seller=request.provider is not None)
    return CostReport(
        request=request,
        sizing=s,
        basis=job.basis,
        tokens=job.tokens,
        stated_duration=job.stated,
        recompute_counted=job.recompute,
        attention_counted=job.attention is not None,
        display_currency=display,
        options=tuple(options),
        skipped=tuple(skipped),
        assumptions=job.assumptions,
    )


# ---------------------------------------------------------------- what the request fixes


def _check_explicit(chosen: list[Provider], gpu: str | None, count: int | None, *, stated_provider: bool) -> None:
    """An explicit ask nobody can meet is bad input (a card a provider does not rent), not an empty list."""
    if gpu is None:
        if count is not None and stated_provider:
            p = chosen[0]
            if not any(_instance_size(p, g, count) for g in {o.gpu for o in p.offers}):
                raise NotOffered(
                    "num_gpus", "single_card_plans" if p.billing.node_gpus == 1 else "count_not_offered",
                    f"{p.id} rents no {count}-card setup", provider=p.id, num_gpus=count,
                    counts=sorted({o.count for o in p.offers}),
                )
        return
    renting = [p for p in chosen if _offers(p, gpu)]
    if not renting:
        p = chosen[0]
        if stated_provider:
            raise NotOffered(
                "gpu", "gpu_not_offered", f"{p.id} does not offer {gpu}", provider=p.id, gpu=gpu,
                offered=sorted({o.gpu for o in p.offers}),
            )
        raise NotOffered("gpu", "gpu_not_offered_anywhere", f"no provider offers {gpu}", gpu=gpu)
    if count is not None and not any(_instance_size(p, gpu, count) for p in renting):
        p = renting[0]
        counts = sorted({o.count for o in _offers(p, gpu)})
        single = stated_provider and p.billing.node_gpus == 1
        raise NotOffered(
            "num_gpus", "single_card_plans" if single else "count_not_offered",
            f"{p.id if stated_provider else 'no provider'} does not rent {count} × {gpu}",
            provider=p.id if stated_provider else None, gpu=gpu, num_gpus=count, counts=counts,
        )


# ---------------------------------------------------------------- plans and what a provider rents


def _plans(r: Resolved, planner: Planner, q: TrainingRequest, count: int | None) -> list[Plan]:
    """The ladder, narrowed to a stated ZeRO stage or offload (the user's plan wins)."""
    plans = ladder(r, count)
    if q.zero is None and q.offload is None:
        return plans
    narrowed = [
        p for p in plans if (q.zero is None or p.zero == q.zero) and (q.offload is None or p.offload == q.offload)
    ]
    return narrowed or [planner.stated_plan()[0]]


def _instance_size(p: Provider, gpu: str, count: int) -> int | None:
    """Cards per instance when `count` × `gpu` can be rented at `p`, else None.

    The same rule as billing: a listed configuration is bought as listed; an unlisted count only
    from several instances of one listed configuration where allowed, beyond a node only whole nodes.
    Of several ways, the one with the most cards per instance (the best connected) is timed.
    """
    return _size_in(p, _offers(p, gpu), count)


def _size_in(p: Provider, offers: list[Offer], count: int) -> int | None:
    """_instance_size among `offers`, the provider's offers of one card."""
    if any(o.count == count for o in offers):
        return count
    if not p.billing.multi_instance:
        return None
    node = p.billing.node_gpus
    sizes = [o.count for o in offers if count % o.count == 0 and count > o.count and (count <= node or o.count == node)]
    return max(sizes) if sizes else None


def _offers(p: Provider, gpu: str) -> list[Offer]:
    """The provider's offers of catalog card `gpu` (offers name catalog ids, so no fuzzy look-up)."""
    return [o for o in p.offers if o.gpu == gpu]


def _offer(p: Provider, gpu: str, per_instance: int) -> Offer:
    return next(o for o in p.offers if o.gpu == gpu and o.count == per_instance)


def _host_ok(offer: Offer, fit: Fit, instances: int) -> bool:
    """Offloaded states must fit each instance's host RAM, where the catalog states it."""
    est = fit.estimate
    if est.plan.offload == "none" or offer.ram_gb is None:
        return True
    return est.host_gb * est.plan.nodes / instances <= offer.ram_gb


def _choose(fitting: list[Fit]) -> Fit:
    """At the fewest cards: roomy before tight at the same speed; offload only when nothing else fits."""
    first = fitting[0].num_gpus
    same = [f for f in fitting if f.num_gpus == first]
    fast = [f for f in same if f.estimate.plan.offload == "none"]
    for group in (fast, same):
        roomy = [f for f in group if f.fits and not f.tight]
        if roomy:
            return roomy[0]
        if group:
            return group[0]
    return fitting[0]


def _has_infiniband(p: Provider, offer: Offer) -> bool:
    return any(a.multi_node and (not a.offers or offer.id in a.offers) for a in p.add_ons)


# ---------------------------------------------------------------- one offer


def _option(
    p: Provider, gpu: GpuSpec, plans: list[Plan], planner: Planner, job: Job, display: str
) -> CostOption | Skip:
    """The option for `gpu` at `p`: the chosen plan, its time and its quote; or why there is none."""
    fitting: list[Fit] = []
    sizes: dict[int, int] = {}
    supplied_any = False
    last: Fit | None = None
    host_short: tuple[Fit, Offer] | None = None
    offers = _offers(p, gpu.id)
    per_count: dict[int, int | None] = {}  # the ladder repeats each card count under several stages
    for plan in plans:
        if fitting and plan.num_gpus != fitting[0].num_gpus:
            continue  # _choose keeps only the first fitting plan's card count: the others are never read
        if plan.num_gpus not in per_count:
            per_count[plan.num_gpus] = _size_in(p, offers, plan.num_gpus)
        per = per_count[plan.num_gpus]
        if per is None or (per < plan.num_gpus and per < p.billing.node_gpus):
            continue  # cards glued from separate small instances are no setup to train on (seed 003)
        supplied_any = True
        fit = Fit(gpu, planner.estimate(plan))
        offer = next(o for o in offers if o.count == per)  # _offer, among this card's offers
        if not (fit.fits or fit.may_fit):  # a setup that may fit is quoted with its caution
            last = fit
        elif not _host_ok(offer, fit, plan.num_gpus // per):
            host_short = (fit, offer)
        else:
            fitting.append(fit)
            sizes[plan.num_gpus] = per
    measured = _measured_here(job, gpu, plans, offers, p)
    if not fitting and measured is not None:
        fitting, sizes[measured.num_gpus] = [Fit(gpu, planner.estimate(measured))], _size_in(p, offers, measured.num_gpus) or 1
    if not fitting:
        if not supplied_any:
            counts = sorted({o.count for o in _offers(p, gpu.id)})
            wanted = plans[0].num_gpus if len({pl.num_gpus for pl in plans}) == 1 else None
            return Skip(p.id, gpu.id, wanted, "count_not_offered", {"counts": counts})
        if host_short is not None:
            fit, offer = host_short
            params = {"host_gb": round(fit.estimate.host_gb, 1), "ram_gb": offer.ram_gb}
            return Skip(p.id, gpu.id, fit.num_gpus, "host_memory_short", params)
        assert last is not None
        return Skip(p.id, gpu.id, last.num_gpus, "does_not_fit", {"short_gb": round(-last.headroom_gb, 1)})
    fit = _choose(fitting)
    per = sizes[fit.num_gpus]
    try:
        return _priced(p, gpu, fit, per, job, display)
    except NotOffered as exc:
        return Skip(p.id, gpu.id, fit.num_gpus, "not_offered", {"detail": exc.reason})


def _measured_here(job: Job, gpu: GpuSpec, plans: list[Plan], offers: list[Offer], p: Provider) -> Plan | None:
    """The plan the user timed a step on, when the step time was measured on this card and the
    provider rents that setup: a run that was measured ran, so the estimate does not veto the card
    (the reply says the estimate disagrees, `_notes`)."""
    stated = job.resolved.gpu
    if job.basis != "step_time" or stated is None or stated.id != gpu.id:
        return None
    count = job.request.num_gpus or 1
    plan = next((pl for pl in plans if pl.num_gpus == count), None)
    return plan if plan is not None and _size_in(p, offers, count) is not None else None


def _priced(p: Provider, gpu: GpuSpec, fit: Fit, per: int, job: Job, display: str) -> CostOption | Skip:
    plan = fit.estimate.plan
    offer = _offer(p, gpu.id, per)
    infiniband = plan.num_gpus > p.billing.node_gpus and _has_infiniband(p, offer)
    time = job.time(gpu, plan, per, infiniband)
    boot = p.billing.rule.billed_boot_minutes(p) if time is not None else 0
    if time is not None:
        need = time.job_time + timedelta(minutes=boot)
    elif job.stated is not None:
        need = job.stated
    else:
        need = p.billing.rule.shortest(p, offer)
    if need > MAX_DURATION:
        return Skip(p.id, gpu.id, plan.num_gpus, "too_long", {"hours": hours_of(need)})
    q = quote(p.id, gpu.id, plan.num_gpus, need)
    if q.gpus_per_instance != per:  # billing found a cheaper build: time that one instead
        per = q.gpus_per_instance
        offer = _offer(p, gpu.id, per)
        time = job.time(gpu, plan, per, infiniband)
        if time is not None:
            need = time.job_time + timedelta(minutes=boot)
            if need > MAX_DURATION:
                return Skip(p.id, gpu.id, plan.num_gpus, "too_long", {"hours": hours_of(need)})
            q = quote(p.id, gpu.id, plan.num_gpus, need)
    low = Money(q.total_min, q.currency).to(display).amount
    high = Money(q.total_max, q.currency).to(display).amount
    notes = _notes(p, gpu, fit, q, job, boot, infiniband, need)
    return CostOption(p, gpu, fit, time, need, boot, q, Amount(low, high), notes)


def _notes(
    p: Provider, gpu: GpuSpec, fit: Fit, q: Quote, job: Job, boot: int, infiniband: bool, need: timedelta
) -> tuple[Note, ...]:
    plan = fit.estimate.plan
    out: list[Note] = []
    if job.basis == "step_time" and not (fit.fits or fit.may_fit):  # timed on this card: it ran
        card_gb = int(gpu.memory_gb) if float(gpu.memory_gb).is_integer() else gpu.memory_gb
        out.append(Note("measured_runs", {"high_gb": round(fit.high_gb, 1), "memory_gb": card_gb}))
    if fit.tight or fit.may_fit:  # under 10% above the high end, or only the expected figure fits
        # the high end over the card: by how much, and the expected figure (never "-10.6 GB left")
        over = {"over_gb": round(-fit.headroom_gb, 1), "mid_gb": round(fit.estimate.total_gb, 1)} if fit.headroom_gb < 0 else {}
        card_gb = int(gpu.memory_gb) if float(gpu.memory_gb).is_integer() else gpu.memory_gb  # what it is tight against
        out.append(Note("tight", {"headroom_gb": round(fit.headroom_gb, 1), "card_gb": card_gb, **over}))
    if q.price_status == "estimate":
        out.append(Note("estimate", {"low": q.total_min, "high": q.total_max}))
    elif q.total_range.is_range:
        out.append(Note("price_band", {"low": q.total_min, "high": q.total_max}))
    if q.price_status == "unlabelled":
        out.append(Note("price_unlabelled"))
    if q.instances > 1 and plan.num_gpus <= p.billing.node_gpus:
        out.append(Note("separate_instances", {"instances": q.instances, "gpus_per_instance": q.gpus_per_instance}))
    if plan.num_gpus > p.billing.node_gpus:
        code = "multi_node_infiniband" if infiniband else "multi_node_no_infiniband"
        out.append(Note(code, {"nodes": q.instances}))
    if plan.zero == 3 and plan.num_gpus > 1 and not gpu.fast_interconnect:
        out.append(Note("zero3_pcie", {"gpu": gpu.id}))
    if plan.offload != "none":
        out.append(Note("offload", {"host_gb": round(fit.estimate.host_gb, 1)}))
        if _offer(p, gpu.id, q.gpus_per_instance).ram_gb is None:
            out.append(Note("host_unstated", {"host_gb": round(fit.estimate.host_gb, 1), "provider": p.name}))
    if q.unused_hours >= 24:
        days = (q.unused_hours / 24).quantize(Decimal("0.0001"))
        out.append(Note("unused_days", {"days": days, "hours": q.unused_hours}))
    if job.basis == "minimum_unit":
        out.append(Note("minimum_unit", {"hours": hours_of(need)}))
    if boot:
        out.append(Note("boot_minutes", {"minutes": boot}))
    out.extend(n for n in q.notes if n.code in PASSED_ON)
    return tuple(sorted(out, key=lambda n: NOTE_PRIORITY.get(n.code, 9)))


def _mark_cheapest(options: list[CostOption], one_seller: bool = False) -> list[CostOption]:
    """Flag the recommended option: cheapest without a caution and without offload (which costs 20-50%
    of throughput, seed 000: never the safe pick while a plan without it holds the job), else cheapest
    without a caution, else cheapest not tight, else none.

    `one_seller`: the question named the provider, so its own estimated band is no caution against its other
    setups: it is compared at its high end like any range (issue 19) and the reply says it is an estimate
    (一万网络's 8 × A100 80G box, ¥2.5–4 万 a month, at ¥40,000 is its cheapest safe 70B LoRA, not the ¥8–12 万
    8 × H100). Across providers a firm price still leads before an estimated band (seed 000's ₮14,432), and an
    estimated box that holds the job only with offload stays a caution (seed 003 sends 70B full fine-tuning to
    一万网络's 8 × H100, not to the A100 box it sizes for 70B LoRA: the band and the host memory's share are two
    unknowns on a plan already 20–50% slower)."""
    def careful(o: CostOption) -> bool:
        return any(n.code in CAUTIONS and not (one_seller and n.code == "estimate" and o.plan.offload == "none")
                   for n in o.notes)

    pick = next((o for o in options if not careful(o) and o.plan.offload == "none"), None)
    if pick is None:
        pick = next((o for o in options if not careful(o)), None)
    if pick is None:
        pick = next((o for o in options if not o.tight), None)
    if pick is None:
        return options
    return [replace(o, cheapest=True) if o is pick else o for o in options]


__all__ = ["CostOption", "CostReport", "Skip", "compare"]
