"""A setting of the last job changed by a factor ("double the batch", "batch 翻倍", "half the cards", "卡减半",
"序列长度加倍"): the job sized (or priced) again with the setting at its new value, worked out from the value the
last answer used — the one the user stated, the count of the setup it led with, or the default it was sized at
(seq 2048, micro-batch 1, accumulation 1, LoRA rank 8: engine.resolve.DEFAULTS). Never the FAQ entry the
setting's word comes near (the gradient-accumulation entry for "batch", the bf16 one for "减半").

Pure: the parsed message (its `Cues.scaled`, read once by the parser) and the last turn in, a Parsed out."""

from __future__ import annotations

from dataclasses import replace

from bot.core.about_last import MODIFIERS, counted, job_of
from bot.core.setup_follow import priced_setup_changed, setup_follow, setup_span
from bot.messages import Turn
from bot.understand.parser import Parsed
from engine.request import TrainingRequest
from engine.resolve import DEFAULTS


def _count_of(last: Turn, job: dict[str, object]) -> tuple[object, int] | None:
    """The card and count the last answer was about: the job's own, else the setup it led with."""
    count = job.get("num_gpus")
    if isinstance(count, int) and count > 0:
        return job.get("gpu"), count
    pick = last.data.get("pick")
    if isinstance(pick, list | tuple) and len(pick) == 2 and isinstance(pick[1], int) and pick[1] > 0:
        return job.get("gpu") or pick[0], pick[1]
    return (job.get("gpu"), 1) if job.get("gpu") else None


def scaled_of_last(parsed: Parsed, last: Turn) -> Parsed | None:
    """`parsed` as the last job with the setting scaled, or None: no factor read, no job before, a model of its
    own named, the setting's value also stated, or a new value that is no whole number of at least one (half of
    one card)."""
    said = parsed.cues.scaled
    q = parsed.request
    if said is None or last.kind not in ("size", "cost") or q.model or q.params_b:
        return None
    field, factor = said
    job = counted(last, job_of(last, {}))
    stated = {k: v for k, v in q.stated().items() if k in MODIFIERS}
    if not (job.get("model") or job.get("params_b")) or field in stated:
        return None
    if field == "num_gpus":
        setup = _count_of(last, job)
        if setup is None:
            return None
        gpu, before = setup
        if gpu and "gpu" not in stated:
            stated["gpu"] = gpu
        job.pop("zero", None)  # a new count takes the stage that fits it, as "4 张呢" does
    else:
        value = job.get(field) or DEFAULTS.get(field)
        if not isinstance(value, int):
            return None
        before = value
    after = before * factor
    if after.denominator != 1 or after < 1:
        return None
    stated[field] = int(after)
    merged = TrainingRequest.model_validate({**job, **stated})
    cleared = replace(parsed, missing=[], follow_up=True, faq=[], faq_answers=[], faq_confident=False)
    if priced_setup_changed(last, merged):  # after a setup's month: the new setup's month
        return replace(cleared, request=merged, intent="cost", follow=setup_follow(merged, setup_span(last), last))
    asks = replace(parsed.asks, sizing=True) if last.data.get("verdict") else parsed.asks
    return replace(cleared, request=merged, intent=last.kind, asks=asks)
