"""A provider named with nothing but whether the job runs there, right after a job was answered: "qwen3 32b 全参要多少显存"
then "cloudgpu 能跑吗" / "can it run on gpuli?" is that job sized at that provider (CloudGPU rents single cards: no
machine of eight there), not whichever FAQ entry the provider's name and "能跑" come near (its software stack)."""

from __future__ import annotations

from dataclasses import replace

from bot.messages import Turn
from bot.understand.parser import Parsed
from engine.request import TrainingRequest

JOB_KINDS = ("size", "cost")


def job_at_provider(parsed: Parsed, last: Turn | None) -> Parsed:
    """`parsed` as a follow-up that sizes the last job at the provider it names; unchanged for any other message."""
    q = parsed.request
    if last is None or last.kind not in JOB_KINDS or not parsed.cues.runs_there or not parsed.rental.provider:
        return parsed
    if q.model or q.params_b or q.method or q.gpu or q.num_gpus or parsed.rental.gpu or parsed.cards or parsed.parts:
        return parsed
    stated = last.data.get("request")
    if not isinstance(stated, dict) or not (stated.get("model") or stated.get("params_b")):
        return parsed
    # the job as it was asked (its card and count too, when it named them), sized again there: a question of its own
    job = TrainingRequest.model_validate({**stated, "provider": None})
    return replace(parsed, intent=last.kind, request=job, follow_up=False, faq=[], faq_answers=[], faq_confident=False,
                   missing=[])
