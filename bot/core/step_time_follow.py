"""A measured step time said after a job whose steps were counted ("1 万条 2 个 epoch batch 2 累积 8，总共多少步" then
"每步 1.2 秒的话要多久", "if a step takes 1.2 s, how long?", "1.2 s/step then?"): that job timed by the step (seed 002:
time = steps × seconds a step; 1,250 steps × 1.2 s = 25 min) and billed for that time, on the card it was answered on;
never the FAQ entry on measuring speed its words come near, nor the last estimate repeated. A later "那多少钱" then
prices the job the step time made (its request keeps the step time).

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


def step_time_of_last(parsed: Parsed, last: Turn) -> Parsed | None:
    q = parsed.request
    stated = q.stated()
    if "step_seconds" not in stated or not set(stated) <= STEP_ONLY or last.kind not in ("size", "cost"):
        return None
    job = job_of(last, {"hours": 0.0})  # the hours of the estimate before are replaced by the step time's
    if not (job.get("model") or job.get("params_b")) or not (job.get("samples") or job.get("tokens")):
        return None
    job.pop("days", None)
    merged = TrainingRequest.model_validate({**job, **stated, **({"provider": parsed.rental.provider} if parsed.rental.provider else {})})
    return replace(parsed, request=merged, intent="cost", missing=[], follow_up=True, faq=[], faq_answers=[],
                   faq_confident=False)
