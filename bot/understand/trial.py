"""A training run timed from a trial, read with no model named (seed 002: run about 50 steps on the
rented card, then time = total steps × the trial's seconds per step).

Why its own module: the trial's own steps and seconds ("50 步用了 100 秒") must be read before the
counts and lengths of the message, or "50 步" would be taken for the run's total and "100 秒" for a
rental; and the reply spells the method out with the message's own figures, so the parse keeps them.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from bot.understand.lazy import lazy

# a trial run: "试跑 50 步用了 100 秒", "50 warmup steps took 150 s", "跑 20 步花了 1 分钟", "150s for 50 steps"
_TIME = r"(\d+(?:\.\d+)?)\s*(秒钟?|s|secs?|seconds?|分钟|分|mins?|minutes?)(?![a-z])"
MEASURED = lazy(
    r"(?<![\d.])(\d+)\s*(?:个\s*)?(?:warm-?up\s+|预热\s*|试跑\s*)?(?:步|steps?|iters?|iterations?)\s*"
    r"(?:\(?warm-?up\)?\s*)?(?:一共|总共|共)?\s*(?:用了|花了|耗时|用时|跑了|需要|要|took|take|takes|in|=|:)?\s*(?:约|大概|about|around|~)?\s*"
    + _TIME + r"(?!\s*(?:(?:/|每|per)\s*(?:步|steps?)|each\b|apiece\b|a\s+step\b|一步|每一?步))|" + _TIME + r"\s*(?:跑了|for|跑)\s*(\d+)\s*(?:个\s*)?(?:warm-?up\s+)?(?:步|steps?|iters?)",
    re.ASCII)


TOTAL_BEFORE = lazy(r"(?:总共|一共|共|全部|整个|in\s+total|total(?:\s+of)?)\s*$")


@dataclass(frozen=True)
class Measured:
    """A trial run as stated: `steps` optimizer steps in `seconds` (seed 002: measure ~50 steps
    after warm-up, then seconds per step = their time ÷ their count)."""

    start: int
    end: int
    steps: int
    seconds: float

    @property
    def step_seconds(self) -> float:
        return self.seconds / self.steps


def measured_run(text: str) -> Measured | None:
    """"50 步用了 100 秒" -> 50 steps in 100 s (2 s a step); None when no trial run is stated."""
    m = MEASURED.search(text)
    if m is None or TOTAL_BEFORE.search(text[max(0, m.start() - 6):m.start()]):
        return None  # "总共 2000 步用了 40 分钟": the whole run, not a trial
    if m.group(1):
        steps, value, unit = m.group(1), m.group(2), m.group(3)
    else:
        value, unit, steps = m.group(4), m.group(5), m.group(6)
    count = int(steps)
    seconds = float(value) * (60 if unit.startswith(("分", "min")) else 1)
    if count <= 0 or seconds <= 0:
        return None
    return Measured(m.start(), m.end(), count, seconds)


@dataclass(frozen=True)
class Run:
    """A training run timed from a trial, with no model needed (seed 002): total steps =
    ⌈samples × epochs ÷ (batch × accumulation × GPUs)⌉, seconds per step = trial time ÷ trial
    steps, training time = steps × seconds per step (+ download and upload minutes)."""

    samples: int
    epochs: float
    micro_batch: int
    grad_accum: int
    num_gpus: int
    steps: int
    step_seconds: float | None  # None: only the steps were asked ("一共多少步"), no time to scale them by
    trial_steps: int | None
    trial_seconds: float | None
    side_minutes: float
    stated: bool = False  # "每步 1.2 秒，6250 步": the steps were given, not counted from a dataset
    window_hours: float | None = None  # "Lab is 3 hours … will it finish in class?": the span the run must end in
    # timed by a measured throughput (bot.understand.stated_speed): tokens a second, the tokens it runs over, and
    # whether the rate is one card's; steps are then the run's seconds at one second each, so steps × seconds holds
    rate: float | None = None
    rate_tokens: float = 0
    rate_per_card: bool = True


    @property
    def global_batch(self) -> int:
        """The samples one optimizer step takes across the cards: micro-batch × accumulation × GPUs."""
        return self.micro_batch * self.grad_accum * self.num_gpus

    @property
    def batch_only(self) -> bool:
        """Only the global batch was asked: no dataset to count steps from (bot.understand.global_batch)."""
        return not self.samples and not self.stated

    @property
    def train_minutes(self) -> float:
        return self.steps * (self.step_seconds or 0) / 60


def _num(value: object) -> float:
    """A stated count or 1 when unstated (or not a number)."""
    return float(value) if isinstance(value, int | float) and value else 1.0


def stated_run(steps: int, step_seconds: float, side_minutes: float) -> Run:
    """"每步 1.2 秒 6250 步要训多少分钟": the steps and the seconds a step were both given, so the time is
    their product, with no dataset, batch or model needed."""
    return Run(0, 1, 1, 1, 1, steps, step_seconds, None, None, side_minutes, stated=True)


def timed_run(req: dict[str, object], step_seconds: float | None, trial: Measured | None, side_minutes: float) -> Run:
    """The run the stated dataset and batch make: steps = ⌈samples × epochs ÷ (micro-batch ×
    accumulation × GPUs)⌉ (unstated counts are 1), at `step_seconds` a step."""
    per_step = _num(req.get("micro_batch")) * _num(req.get("grad_accum")) * _num(req.get("num_gpus"))
    steps = math.ceil(_num(req["samples"]) * _num(req.get("epochs")) / per_step)
    return Run(int(_num(req["samples"])), _num(req.get("epochs")), int(_num(req.get("micro_batch"))),
               int(_num(req.get("grad_accum"))), int(_num(req.get("num_gpus"))), steps, step_seconds,
               trial.steps if trial else None, trial.seconds if trial else None, side_minutes)
