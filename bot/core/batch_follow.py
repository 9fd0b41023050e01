"""A bigger batch asked of the job just sized, with or without a change of its cards ("7B 全参 8-bit 一张 H100 够吗"
then "两张呢？能开大点 batch 吗"; "what about 4 cards, and can I raise the batch?"): the job before, on the count said,
planned for the largest micro-batch that fits (bot.views.planning), which answers both: the setup holds the job,
and how far its batch goes. Never the FAQ's general entry on what a bigger batch costs in memory, which its words
come near and which names no job."""

from __future__ import annotations

from dataclasses import replace

from bot.core.about_last import job_of
from bot.core.fit_follow import FIT_SETTINGS
from bot.messages import Turn
from bot.understand.parser import Parsed
from engine.request import TrainingRequest

SHORT = 60  # characters: a follow-up's two questions, never a question of its own about batches


def batch_of_last(parsed: Parsed, last: Turn | None) -> Parsed | None:
    """The job before, with the cards the message states, its largest batch asked; None otherwise."""
    q = parsed.request
    if last is None or not parsed.asks.largest_batch or last.kind not in ("size", "cost") or q.model or q.params_b \
            or parsed.cues.chars > SHORT:
        return None
    job = job_of(last, {})
    stated = q.stated()
    if not (job.get("model") or job.get("params_b")) or not set(stated) <= FIT_SETTINGS - {"micro_batch"}:
        return None
    if "gpu" in stated:
        job.pop("num_gpus", None)
    if "num_gpus" in stated:  # another count: the stage that count needs
        job.pop("zero", None)
    merged = TrainingRequest.model_validate({**job, **stated})
    return replace(parsed, request=merged, intent="size", missing=[], follow_up=True, faq=[], faq_answers=[],
                   faq_confident=False)
