"""One sizing: request in, memory per card, fit, recommendations and checkpoint sizes out.

This is the engine's front door for memory questions; it is pure and deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.catalog import ModelSpec
from engine.checkpoint import CheckpointSizes, checkpoint_sizes
from engine.fit import Fit, Planner, Warning, warnings_for
from engine.memory import MemoryEstimate
from engine.request import TrainingRequest
from engine.resolve import Assumption, Resolved, resolve


@dataclass(frozen=True)
class Sizing:
    resolved: Resolved
    estimate: MemoryEstimate  # the plan the user stated (or the one chosen for them)
    assumptions: tuple[Assumption, ...]
    fit: Fit | None  # on the named GPU, when one was named
    recommendations: tuple[Fit, ...]
    warnings: tuple[Warning, ...]
    checkpoint: CheckpointSizes

    @property
    def request(self) -> TrainingRequest:
        return self.resolved.request


def size(req: TrainingRequest, spec_override: ModelSpec | None = None) -> Sizing:
    """Size `req`; raises a KasuanError (unknown name, invalid value) for bad input."""
    r = resolve(req, spec_override)
    planner = Planner(r)
    plan, chosen = planner.stated_plan()
    est = planner.estimate(plan)
    fit = Fit(r.gpu, est) if r.gpu is not None else None
    return Sizing(
        resolved=r,
        estimate=est,
        assumptions=r.assumptions + tuple(chosen),
        fit=fit,
        recommendations=tuple(planner.recommendations()),
        warnings=tuple(warnings_for(r, fit, plan)),
        checkpoint=checkpoint_sizes(r),
    )
