"""The optimizer steps behind a deadline answer, when the message stated what makes them.

Why: a deadline verdict times the run from FLOPs; a team that stated its batch and accumulation ("batch 1 accum 16")
or a measured step time needs the steps too (seed 002: ⌈samples × epochs ÷ (batch × accumulation × GPUs)⌉), to time
50 of them or to see what the measured time is made of. The deadline view had dropped them."""

from __future__ import annotations

from typing import Any

from bot.views.cost import steps_counted
from engine.request import TrainingRequest


def run_steps_of(req: TrainingRequest, gpus: int) -> dict[str, Any]:
    """What the deadline view's run line adds: with a measured step time, the steps it multiplies ("steps", "step_s");
    with only batch settings, the count to time 50 of ("counted"); nothing without samples or either."""
    if not req.samples or not (req.step_seconds or req.micro_batch or req.grad_accum):
        return {}
    counted = steps_counted(req, gpus)
    if req.step_seconds:  # "bs 2 累积 8，实测 3 秒一步": the steps that time is made of (1,250 × 3 s)
        return {"steps": counted["steps"], "step_s": f"{float(req.step_seconds):g}"}
    return {"counted": counted}
