"""Which cards fit, how many of each, and the warnings a seasoned engineer would add.

A card fits when the high end of the calibrated range (engine/calibration.py) is within its memory,
and is tight when the expected figure leaves less than 10% of it; it "may fit" when only the expected
figure is within it (the reply then names the lever that makes it safe). Everything that ranks or
plans on fits (recommendations, the planners) therefore ranks on the high end. For each catalog GPU the smallest card count is chosen the way a user would choose
the setup: one card if it fits; else, within one 8-card node, DDP/ZeRO-2 then ZeRO-3; then the
same node with the optimizer offloaded to host memory (the seeds' 72B-on-8×H100 recipe); then
several nodes with ZeRO-3 (which needs InfiniBand), then offload across nodes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.breakdown import CARDS_PER_NODE
from engine.calibration import FSDP_OFFLOAD_QLORA_PUBLISHED_GB, lowest_high, published_caution
from engine.catalog import GpuSpec, gpus
from engine.memo import EstimateMemo
from engine.memory import MemoryEstimate, Plan
from engine.request import TrainingRequest
from engine.resolve import Assumption, Resolved, offload_kind

TIGHT_SHARE = 0.10
REFERENCE_CARD_GB = 80.0  # the common datacenter card, used to pick a ZeRO stage when no card is named
SINGLE_NODE_COUNTS = (2, 4, 8)
MULTI_NODE_COUNTS = (16, 32, 64)
LONG_CONTEXT = 2048  # the seeds' tables are sized at 2048 tokens


@dataclass(frozen=True)
class Warning:
    """A caution as a code + parameters, ranked; the bot words it in the user's language."""

    code: str
    priority: int  # 1 = the one that matters most
    params: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Fit:
    gpu: GpuSpec
    estimate: MemoryEstimate

    @property
    def high_gb(self) -> float:
        return self.estimate.range.high_gb

    @property
    def headroom_gb(self) -> float:
        """What is left above the high end (negative: the high end does not fit)."""
        return self.gpu.memory_gb - self.high_gb

    @property
    def fits(self) -> bool:
        """The high end fits, and the figure is a confident one (not a published caution)."""
        return fits_on(self.gpu.memory_gb, self.estimate)

    @property
    def may_fit(self) -> bool:
        """Only the expected figure fits: the run may fit, or may hit out-of-memory."""
        return may_fit_on(self.gpu.memory_gb, self.estimate, self.fits)

    @property
    def decided_by(self) -> str:
        """Which figure decided the verdict: the high end, unless only the expected one fits."""
        return "expected_gb" if self.may_fit else "high_gb"

    @property
    def tight(self) -> bool:
        """The high end fits but the expected figure leaves under 10% of the card (the high end is
        already the safety margin; tight says the run is near the card's edge)."""
        return self.fits and tight_on(self.gpu.memory_gb, self.estimate)

    @property
    def num_gpus(self) -> int:
        return self.estimate.plan.num_gpus


# Fit's rules on a card's memory alone: first_fit walks a ladder with them without making a Fit per step.
def fits_on(memory_gb: float, est: MemoryEstimate) -> bool:
    rng = est.range
    return memory_gb - rng.high_gb >= 0 and rng.confident


def may_fit_on(memory_gb: float, est: MemoryEstimate, fits: bool) -> bool:
    return not fits and est.range.expected_gb <= memory_gb


def tight_on(memory_gb: float, est: MemoryEstimate) -> bool:
    """Whether the expected figure leaves under TIGHT_SHARE of the card (Fit.tight also asks that it fits)."""
    return memory_gb - est.range.expected_gb < TIGHT_SHARE * memory_gb


OFFLOAD_SLOW_PCT = (20, 50)  # throughput lost to optimizer offload (seed 000: "吞吐掉 20%–50%")
QLORA_SLOW_PCT = (20, 40)  # QLoRA against LoRA: dequantizing the 4-bit base each step
CHECKPOINTING_SLOW_PCT = (20, 30)  # gradient checkpointing: the forward pass run again in backward


def offload_slow() -> Warning:
    """The note every offload plan carries: what it costs in throughput."""
    low, high = OFFLOAD_SLOW_PCT
    return Warning("offload_slow", 2, {"low": low, "high": high})


def ladder(r: Resolved, count: int | None = None) -> list[Plan]:
    """Plans in the order a user would try them; `count` pins the card count when stated.

    Data-parallel copies on more cards never lower memory per card, so beyond one card only
    sharded plans are tried (LoRA's frozen base only shrinks under ZeRO-3).
    """
    full = not r.adapter
    offload = full and not r.no_offload_stated  # "不想开 offload": never offered one
    kind = offload_kind(r.request.sharding)
    if count is not None:
        stages = (0, 2, 3) if full and count > 1 else (0, 3) if count > 1 else (0,)
        plans = [Plan(count, z) for z in stages]
        return plans + ([Plan(count, 3, kind)] if offload else [])
    plans = [Plan(1, 0)]
    plans += [Plan(n, z) for n in SINGLE_NODE_COUNTS for z in ((2, 3) if full else (3,))]
    if offload:
        plans += [Plan(n, 3, kind) for n in (1, *SINGLE_NODE_COUNTS)]
    plans += [Plan(n, 3) for n in MULTI_NODE_COUNTS]
    if offload:
        plans += [Plan(n, 3, kind) for n in MULTI_NODE_COUNTS]
    return plans


def at_stated_stage(r: Resolved, plans: list[Plan], count: int | None) -> list[Plan]:
    """The plans a recommendation is drawn from, with a stated ZeRO stage for an adapter ("zero2 json for a 7b
    lora on 2 gpus") the stage of every one: the cards recommended are those that fit at that stage. (A card
    named keeps the whole ladder for what would fit it instead.) None left at one card: the plans as they are."""
    zero = r.request.zero
    if not zero or not r.adapter:  # DDP ("DDP 还是 ZeRO"), or full fine-tuning: the stage decides the memory, and a stage that fits
        return plans                   # no usual card is answered as such ("32b 全参 8卡 zero-2 能行吗": no, ZeRO-3)
    kept = [p for p in plans if p.zero == zero]
    if kept:
        return kept
    counts = [n for n in ([count] if count is not None else [*SINGLE_NODE_COUNTS, *MULTI_NODE_COUNTS]) if n > 1]
    return [Plan(n, zero) for n in counts] or plans


class Planner:
    """Evaluates plans once and reuses them across every GPU (estimates do not depend on the card);
    planners of one question share `memo` (engine.memo), so a plan asked by two of them is
    estimated once."""

    def __init__(self, r: Resolved, memo: EstimateMemo | None = None) -> None:
        self.r = r
        self.memo = memo if memo is not None else EstimateMemo()
        self._cache: dict[Plan, MemoryEstimate] = {}
        # plan -> (high end, confident, expected figure): what _first_plan compares on every card memory
        self._figures: dict[Plan, tuple[float, bool, float]] = {}
        # plan -> its floor (engine.memo.EstimateMemo.floor_gb): a walk asks it once per card memory
        self._floors: dict[Plan, float | None] = {}

    def estimate(self, plan: Plan) -> MemoryEstimate:
        found = self._cache.get(plan)
        if found is None:
            found = self._cache[plan] = self.memo.estimate(self.r, plan)
        return found

    def _figures_of(self, plan: Plan) -> tuple[float, bool, float]:
        found = self._figures.get(plan)
        if found is None:
            rng = self.estimate(plan).range
            found = self._figures[plan] = (rng.high_gb, rng.confident, rng.expected_gb)
        return found

    def _over(self, plan: Plan, memory_gb: float) -> bool:
        """Whether `plan` neither fits nor may fit a card of `memory_gb`, told without estimating it: a floor under
        its expected figure (engine.memo.EstimateMemo.floor_gb) over the card, and that floor times the least
        high-end factor over it too. False whenever that cannot be told so (an adapter, or a plan estimated
        already: its figures decide). Passing over such a plan changes no choice: _first_plan keeps only plans
        that fit or may fit, or the last one tried, which is estimated when it is the answer."""
        floor = self._floor(plan)
        return floor is not None and floor > memory_gb and floor * lowest_high() > memory_gb

    def _high_over(self, plan: Plan, gb: float) -> bool:
        """Whether the high end of `plan` is over `gb`, told by its floor alone (see _over); False when it cannot be."""
        floor = self._floor(plan)
        return floor is not None and floor * lowest_high() > gb

    def _floor(self, plan: Plan) -> float | None:
        if plan in self._figures or plan in self._cache:
            return None  # estimated: its figures decide
        if plan not in self._floors:
            self._floors[plan] = self.memo.floor_gb(self.r, plan)
        return self._floors[plan]

    def first_fit(self, gpu: GpuSpec, plans: list[Plan]) -> Fit:
        """The first plan whose high end fits `gpu` — at that card count, a roomy stage beats a tight
        one (ZeRO-3 with room over a ZeRO-2 at the edge) — except that a plan without offload that
        may fit (its expected figure fits) comes before any offload plan (seed 000's 32B full on
        8 × 80 GB with ZeRO-3 stays the answer, with the lever that makes it safe); else the last
        one tried."""
        return Fit(gpu, self.estimate(self._first_plan(gpu.memory_gb, plans)))

    def _first_plan(self, memory_gb: float, plans: list[Plan]) -> Plan:
        """first_fit's choice on a card of `memory_gb`: the rules of Fit (fits_on, may_fit_on, tight_on),
        written out on each plan's figures, since this runs for every card memory of every walk. An offload
        plan reached once a plan may fit is not estimated: the plan that may fit is the answer then."""
        last = None
        maybe: Plan | None = None  # the first plan without offload whose expected figure fits
        room = TIGHT_SHARE * memory_gb
        for i, plan in enumerate(plans):
            if plan.offload != "none" and maybe is not None:
                return maybe  # a plan that may fit beats a safe one 20-50% slower; the reply gives its lever
            if self._over(plan, memory_gb):
                last = plan  # neither fits nor may fit: not estimated unless it is the last one tried
                continue
            high, confident, expected = self._figures_of(plan)
            fits = memory_gb - high >= 0 and confident
            if maybe is None and plan.offload == "none" and not fits and expected <= memory_gb:
                maybe = plan
            if fits:
                if memory_gb - expected < room:  # tight: a roomier stage at the same count and offload, if one fits
                    for later in plans[i + 1:]:
                        if later.num_gpus == plan.num_gpus and later.offload == plan.offload and not self._over(later, memory_gb):
                            high, confident, expected = self._figures_of(later)
                            if memory_gb - high >= 0 and confident and not memory_gb - expected < room:
                                return later
                return plan
            last = plan
        assert last is not None
        return maybe or last

    def stated_plan(self) -> tuple[Plan, list[Assumption]]:
        """The plan for the request as the user stated it; a missing ZeRO stage is chosen and said."""
        q = self.r.request
        n = q.num_gpus or 1
        offload = q.offload or "none"
        if q.zero is not None:
            return Plan(n, q.zero, offload), []
        if offload != "none":
            return Plan(n, 3, offload), [Assumption("zero_for_offload", 3)]
        if n == 1:
            return Plan(1, 0), []
        capacity = self.r.gpu.memory_gb if self.r.gpu else REFERENCE_CARD_GB
        stages = (0, 3) if self.r.adapter else (0, 2, 3)
        # a stage whose floor is over the card is not fitting, and not estimated (_high_over)
        fitting = [z for z in stages if not self._high_over(Plan(n, z), capacity)
                   and self.estimate(Plan(n, z)).range.high_gb <= capacity]
        roomy = [z for z in fitting if self.estimate(Plan(n, z)).range.high_gb <= (1 - TIGHT_SHARE) * capacity]
        z = (roomy or fitting or [3])[0]
        return Plan(n, z), [Assumption("zero_chosen" if z else "zero_chosen_ddp", z)]

    def recommendations(self) -> list[Fit]:
        """For every catalog GPU the user did not rule out: the smallest setup that fits, best options first."""
        count = self.r.request.num_gpus if self.r.num_gpus_stated else None
        plans = ladder(self.r, count)
        staged = at_stated_stage(self.r, plans, count)
        if staged is not plans:  # the stage stated, where some card fits at it; else what fits at any stage
            fits = self.first_fits(candidates(self.r.request), staged)
            if any(f.fits or f.may_fit for f in fits):
                return sorted(fits, key=rank)
        return sorted(self.first_fits(candidates(self.r.request), plans), key=rank)

    def first_fits(self, cards: list[GpuSpec], plans: list[Plan]) -> list[Fit]:
        """first_fit on each card, worked out once per card memory: a fit depends on the card only
        through its memory, and the catalog's 27 cards come in about a dozen sizes."""
        picked: dict[float, Plan] = {}
        out = []
        for gpu in cards:
            plan = picked.get(gpu.memory_gb)
            if plan is None:
                plan = picked[gpu.memory_gb] = self._first_plan(gpu.memory_gb, plans)
            out.append(Fit(gpu, self.estimate(plan)))
        return out


def with_settings_said(planner: Planner, found: Fit) -> Fit:
    """A card recommended for an export with the ZeRO stage and offload the user stated ("7b 全参 2 卡 deepspeed
    zero2 + offload optimizer 的配置": two cards at ZeRO-2 with the optimizer offloaded, not the planner's ZeRO-3),
    when that plan fits the card; else the recommendation as it is."""
    q, plan = planner.r.request, found.estimate.plan
    if q.zero is None and not q.offload:
        return found
    said = Plan(q.num_gpus or plan.num_gpus, plan.zero if q.zero is None else q.zero, q.offload or plan.offload)
    if said == plan or (said.num_gpus == 1 and said.zero > 0):
        return found
    fit = Fit(found.gpu, planner.estimate(said))
    return fit if fit.fits or stage_states_fit(fit, q) else found


def stage_states_fit(fit: Fit, q: TrainingRequest) -> bool:
    """The ZeRO stage the user said is the fit's, and its model states (weights, gradients, optimizer) fit the card:
    only activations, which the sequence length and checkpointing control, push it over. An export keeps that stage
    (the file runs what the user asked, flagged tight) rather than silently writing another."""
    return q.zero is not None and fit.estimate.plan.zero == q.zero and fit.estimate.model_states_gb < fit.gpu.memory_gb


def candidates(req: TrainingRequest) -> list[GpuSpec]:
    """The catalog's cards less those the user ruled out ("别给我推 h100", "not the 4090"): what any
    recommendation or priced option is drawn from."""
    out = set(req.exclude or ())
    return [g for g in gpus().entries if g.id not in out]


def rank(fit: Fit) -> tuple[int, int, int, float, float, str]:
    """Fitting before not; roomy before tight; no offload (20–50% slower) and bf16-capable cards
    first; then the least hardware (cards × memory)."""
    return (
        0 if fit.fits else 1,
        1 if fit.tight else 0,
        (0 if fit.estimate.plan.offload == "none" else 1) + (0 if fit.gpu.bf16_native else 1),
        fit.num_gpus * fit.gpu.memory_gb,
        fit.gpu.memory_gb,
        fit.gpu.id,
    )


def plan_range_confident(r: Resolved, plan: Plan) -> bool:
    return not published_caution(r.method, plan, r.request.sharding or "deepspeed")


def warnings_for(r: Resolved, fit: Fit | None, plan: Plan) -> list[Warning]:
    """The cautions the seeds give for this setup, most important first."""
    q = r.request
    out: list[Warning] = []
    gpu = fit.gpu if fit else None
    if fit is not None and fit.may_fit:
        out.append(Warning("may_fit", 1, {"gpu": gpu.id if gpu else None, "short_gb": -fit.headroom_gb,
                                          "high_gb": fit.high_gb, "expected_gb": fit.estimate.range.expected_gb}))
    elif fit is not None and not fit.fits:
        out.append(Warning("does_not_fit", 1, {"gpu": gpu.id if gpu else None, "short_gb": -fit.headroom_gb}))
    if not plan_range_confident(r, plan):
        low, high = FSDP_OFFLOAD_QLORA_PUBLISHED_GB
        out.append(Warning("fsdp_offload_qlora_published", 1, {"low": low, "high": high}))
    if fit is not None and fit.tight:
        out.append(Warning("tight", 1, {"headroom_gb": fit.headroom_gb}))
    if plan.zero == 3 and plan.num_gpus > 1 and gpu is not None and not gpu.fast_interconnect:
        out.append(Warning("zero3_pcie", 2, {"gpu": gpu.id}))
    if plan.num_gpus > CARDS_PER_NODE:
        out.append(Warning("multi_node", 2, {"nodes": plan.nodes}))
    if plan.offload != "none":
        out.append(offload_slow())
    if r.method == "qlora":
        out.append(Warning("qlora_slow", 3, dict(zip(("low", "high"), QLORA_SLOW_PCT, strict=True))))
    if (q.seq_len or 0) > LONG_CONTEXT:
        out.append(Warning("long_context", 3, {"low": 20, "high": 40}))
    if q.seq_len and q.seq_len > r.spec.max_context:
        out.append(Warning("beyond_context", 2, {"max_context": r.spec.max_context}))
    if gpu is not None and gpu.vendor == "amd":  # seed 000 on the MI300X: ROCm, not CUDA
        out.append(Warning("rocm", 2, {"gpu": gpu.id}))
    if gpu is not None and not gpu.bf16_native:
        out.append(Warning("no_bf16", 2, {"gpu": gpu.id}))
    if q.grad_checkpointing:
        out.append(Warning("grad_checkpointing_slow", 4, dict(zip(("low", "high"), CHECKPOINTING_SLOW_PCT, strict=True))))
    return sorted(out, key=lambda w: w.priority)
