"""One sizing: request in, memory per card, fit, recommendations and checkpoint sizes out.

This is the engine's front door for memory questions; it is pure and deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from engine.catalog import ModelSpec
from engine.checkpoint import CheckpointSizes, checkpoint_sizes
from engine.fit import REFERENCE_CARD_GB, Fit, Planner, Warning, ladder, warnings_for
from engine.frameworks import FrameworkProfile
from engine.lazy import cached
from engine.memo import EstimateMemo, question_memo
from engine.memory import MemoryEstimate, Plan
from engine.request import TrainingRequest
from engine.resolve import Assumption, Resolved, resolve
from engine.seed_minimums import seed_minimum_note


@dataclass(frozen=True)
class Sizing:
    resolved: Resolved
    estimate: MemoryEstimate  # the plan the user stated (or the one chosen for them)
    assumptions: tuple[Assumption, ...]
    fit: Fit | None  # on the named GPU, when one was named
    checkpoint: CheckpointSizes
    # the question's estimates by plan: the advice, the levers and compare() reuse them (engine.memo)
    memo: EstimateMemo = field(default_factory=EstimateMemo, compare=False, repr=False)
    # the planner that made it: `recommendations` are worked out by it when first read (a sizing made only
    # for its fit, as the "one card holds it" comparison's, never walks every card; a planner's figures
    # are a pure function of its plans, so when they are worked out changes none)
    planner: Planner | None = field(default=None, compare=False, repr=False)

    @cached_property
    def recommendations(self) -> tuple[Fit, ...]:
        """For every catalog GPU the user did not rule out: the smallest setup that fits, best first."""
        return tuple(self.planner.recommendations()) if self.planner is not None else ()

    # `alternative` and `warnings` are worked out when first read, as `recommendations` are: a sizing made
    # only for its fit on another count (the "one card holds it" line, the 8-bit way on fewer cards) never
    # reads them, and they cost a walk of the ladder and the 8-bit optimizer's estimate. Both are a pure
    # function of the fields above and the catalogs, so when they are worked out changes no figure.
    @cached
    def alternative(self) -> Fit | None:
        """When the named GPU does not fit as stated: the fewest of it that would (its ladder's first fit)."""
        fit = self.fit
        if fit is None or fit.fits:
            return None
        found = (self.planner or Planner(self.resolved, self.memo)).first_fit(fit.gpu, ladder(self.resolved))
        return found if (found.fits or found.may_fit) and found.estimate.plan != self.estimate.plan else None

    @cached
    def warnings(self) -> tuple[Warning, ...]:
        """The cautions for the setup sized, most important first (engine.fit.warnings_for, the seed notes)."""
        r, fit, est = self.resolved, self.fit, self.estimate
        warnings = warnings_for(r, fit, est.plan)
        for note in (seed_minimum_note(r, fit), eight_bit_note(r, est.plan, est, fit, self.memo)):
            if note is not None:
                warnings = sorted([*warnings, note], key=lambda w: w.priority)
        return tuple(warnings)

    @property
    def request(self) -> TrainingRequest:
        return self.resolved.request

    @property
    def framework(self) -> FrameworkProfile:
        """The framework profile the memory was sized for (catalogs/frameworks.yaml)."""
        return self.resolved.framework


def size(req: TrainingRequest, spec_override: ModelSpec | None = None) -> Sizing:
    """Size `req`; raises a KasuanError (unknown name, invalid value) for bad input.

    Within one question (engine.memo.one_question) the same request is sized once: an answer sizes it
    again from several helpers (the count compared and its 8-bit line, the seed's count and the cost's
    comparison). A sizing is a pure function of the request, the override and the catalogs, and nothing
    changes one in place (frozen; its recommendations are worked out once either way), so the later
    callers get the first one's. Outside a question every call sizes afresh."""
    memo = question_memo()
    key = (memo.canonical(req), id(spec_override))
    found = memo.sizings.get(key)
    if found is not None and found[0] is spec_override:
        return found[1]  # type: ignore[return-value]
    sized = _size(req, spec_override, memo)
    memo.sizings[key] = (spec_override, sized)
    return sized


def _size(req: TrainingRequest, spec_override: ModelSpec | None, memo: EstimateMemo) -> Sizing:
    return sized(resolve(req, spec_override), memo)


def sized(r: Resolved, memo: EstimateMemo) -> Sizing:
    """The sizing of an already resolved request (one changed in a single field, as the export's
    precision LLaMA-Factory accepts: every stated/default flag of the original kept)."""
    planner = Planner(r, memo)
    plan, chosen = planner.stated_plan()
    est = planner.estimate(plan)
    return Sizing(
        resolved=r,
        estimate=est,
        assumptions=r.assumptions + tuple(chosen),
        fit=Fit(r.gpu, est) if r.gpu is not None else None,
        checkpoint=checkpoint_sizes(r),
        memo=memo,
        planner=planner,
    )


EDGE_SHARE = 1.10  # an 8-bit optimizer that lands within 10% of the card is still worth naming


def eight_bit_note(r: Resolved, plan: Plan, est: MemoryEstimate, fit: Fit | None,
                   memo: EstimateMemo | None = None) -> Warning | None:
    """Full fine-tuning that misses one 80 GB card with AdamW but fits with an 8-bit optimizer
    (the seed's 7B case: 112 GB -> 70 GB of states) deserves that hint."""
    q = r.request
    if r.adapter or plan.num_gpus != 1 or q.optimizer != "adamw":
        return None
    capacity = fit.gpu.memory_gb if fit else REFERENCE_CARD_GB
    if est.total_gb <= capacity:
        return None
    eight = (memo or EstimateMemo()).estimate(replace(r, request=q.model_copy(update={"optimizer": "adamw-8bit"})), plan)
    if eight.total_gb > EDGE_SHARE * capacity < EDGE_SHARE * REFERENCE_CARD_GB:
        capacity = REFERENCE_CARD_GB  # a card too small even so ("7B 全参 单张 4090"): the seed's one 80 GB card
    if eight.total_gb <= capacity:
        return Warning("needs_8bit_optimizer", 1, {"gb": eight.total_gb, "capacity": capacity})
    if eight.total_gb <= EDGE_SHARE * capacity:
        return Warning("edge_8bit_optimizer", 1, {"gb": eight.total_gb, "capacity": capacity})
    return None
