"""A measured step time said after a job whose steps were counted ("1 万条 2 个 epoch batch 2 累积 8，总共多少步" then
"每步 1.2 秒的话要多久", "if a step takes 1.2 s, how long?", "1.2 s/step then?"): that job timed by the step (seed 002:
time = steps × seconds a step; 1,250 steps × 1.2 s = 25 min) and billed for that time, on the card it was answered on;
never the FAQ entry on measuring speed its words come near, nor the last estimate repeated. A later "那多少钱" then
prices the job the step time made (its request keeps the step time).

The dataset may come with the step time instead ("cloudgpu 4090 跑 8b qlora" then "2万条 2 epoch bs2 ga8 每步 2.4 秒
要多久多少钱", "20k samples 2 epochs, 2.4 s/it, how long and cost?"): the parser counts that dataset's steps and
times them (bot.understand.trial.Run); the job before is timed by those hours, never re-estimated from FLOPs.

Pure: the parsed message and the last turn in, a Parsed out (None when it is no such message)."""

from __future__ import annotations

from dataclasses import replace

from bot.core.about_last import job_of
from bot.messages import Turn
from bot.understand.parser import Parsed
from engine.request import TrainingRequest

# what may come with the step time: the card it was timed on, and the batch it was timed at ("试跑 50 步用了 100 秒，
# 单卡批大小 2，梯度累积 8": the job's dataset counted at that batch)
STEP_ONLY = {"step_seconds", "side_minutes", "provider", "num_gpus", "gpu", "micro_batch", "grad_accum"}
# a dataset timed in the message itself: its size and passes, and the hours its counted steps take
TIMED_DATASET = STEP_ONLY | {"samples", "epochs", "hours", "seq_len"}


def step_time_of_last(parsed: Parsed, last: Turn) -> Parsed | None:
    q = parsed.request
    stated = q.stated()
    if last.kind not in ("size", "cost"):
        return None
    if "step_seconds" not in stated or not set(stated) <= STEP_ONLY:
        return _dataset_timed(parsed, last)
    job = job_of(last, {"hours": 0.0})  # the hours of the estimate before are replaced by the step time's
    if not (job.get("model") or job.get("params_b")) or not (job.get("samples") or job.get("tokens")):
        return None
    job.pop("days", None)
    merged = TrainingRequest.model_validate({**job, **stated, **({"provider": parsed.rental.provider} if parsed.rental.provider else {})})
    return replace(parsed, request=merged, intent="cost", missing=[], follow_up=True, faq=[], faq_answers=[],
                   faq_confident=False)


def _dataset_timed(parsed: Parsed, last: Turn) -> Parsed | None:
    """The last job timed by a dataset the message counts and a step time it measures: the run's hours are the
    counted steps × the seconds a step (+ any download and upload minutes), never a FLOPs estimate of another."""
    run, stated = parsed.run, parsed.request.stated()
    if run is None or not run.step_seconds or run.stated or "hours" not in stated or not set(stated) <= TIMED_DATASET:
        return None
    job = job_of(last, {"hours": 0.0})
    if not (job.get("model") or job.get("params_b")):
        return None
    if (job.get("samples"), job.get("epochs"), job.get("step_seconds")) == (run.samples, run.epochs, run.step_seconds):
        return None  # the job before was timed by this very dataset ("cost at cloudgpu?" after it): nothing new to time
    for key in ("days", "tokens", "samples", "step_seconds", "side_minutes"):
        job.pop(key, None)
    if job.get("gpu") or "gpu" in stated:  # on a card the engine counts the steps itself and says so (basis "steps")
        own = {k: v for k, v in stated.items() if k != "hours"} | {"step_seconds": run.step_seconds} \
            | ({"side_minutes": run.side_minutes} if run.side_minutes else {})
    else:  # no card to time it on: the hours the steps take, priced on the cheapest card that holds the job
        own = {k: v for k, v in stated.items() if k not in ("samples", "epochs")}
    merged = TrainingRequest.model_validate({**job, **own, **({"provider": parsed.rental.provider} if parsed.rental.provider else {})})
    return replace(parsed, request=merged, intent="cost", missing=[], follow_up=True, faq=[], faq_answers=[],
                   faq_confident=False)
