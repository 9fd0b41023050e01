"""A setting of the job said alone after a sizing or a cost ("bf16", "不开 offload", "with 8bit adam", "not quantized",
"fp16 的话呢"): that job sized again with the setting changed, never the FAQ entry the setting's word names.

Why here: the follow-up reader (bot.core.follow_ups) is at the module-size limit; this is its one reader of a bare
setting, the quantized base among them (bot.understand.quant_said), so "not quantized" after a QLoRA sizing is the
16-bit LoRA and "量化的呢" after a LoRA one is QLoRA.
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.core import recount_follow
from bot.core.about_last import MODIFIERS, counted, job_of
from bot.core.setup_follow import count_on_pick, priced_setup_changed, setup_follow, setup_span, stage_on_count
from bot.messages import Turn
from bot.understand.fields import EIGHT_BIT
from bot.understand.lazy import lazy
from bot.understand.parser import Parsed
from bot.understand.quant_said import quantized
from engine.request import TrainingRequest

BARE_8BIT = lazy(rf"(?<![\w.]){EIGHT_BIT}", re.ASCII)
PRECISION_OF = {"bf16": "mixed", "fp16": "mixed", "no": "fp32"}  # bf16/fp16 autocast hold the same memory
ADAPTERS = ("lora", "qlora")  # the methods a quantized base is the choice between


def setting_changed(parsed: Parsed, last: Turn) -> Parsed | None:
    """"bf16", "不开 offload", "with 8bit adam", "flash attention 呢" after a sizing or a cost: that job with
    the setting changed, answered as before (7B LoRA sized again, 20-26 GB), never the FAQ entry the
    setting's word names; a question about the setting ("bf16 还是 fp16?") is no bare setting (cues)."""
    job = job_of(last, {}) if parsed.request.gpu else counted(last, job_of(last, {}))  # on the count "how many?" gave
    if not (parsed.cues.setting_only or parsed.cues.under_gb) or last.kind not in ("size", "cost") or not (job.get("model") or job.get("params_b")):
        return None
    stated = {k: v for k, v in parsed.request.stated().items() if k in MODIFIERS or k == "sharding"}  # "FSDP 呢": its engine
    if parsed.asks.mixed_precision in PRECISION_OF:
        stated["precision"] = PRECISION_OF[parsed.asks.mixed_precision]
    base = quantized(parsed.words)
    if "method" not in stated and base is not None and job.get("method") in ADAPTERS:
        stated["method"] = "qlora" if base else "lora"  # "not quantized" after 8B QLoRA: the 16-bit LoRA; "量化呢": QLoRA
    if "optimizer" not in stated and "method" not in stated and BARE_8BIT.search(parsed.words):
        if job.get("method") in ADAPTERS:
            return None  # "8bit" alone after a LoRA sizing: its base quantized, asked of the FAQ as before
        stated["optimizer"] = "adamw-8bit"  # "8bit" alone after a full fine-tune: its optimizer
    merged = TrainingRequest.model_validate({**job, **count_on_pick(stage_on_count(stated, job, last), job, last)})
    if priced_setup_changed(last, merged):  # "no offload then?" after "monthly?": the new setup's month, as "不想 offload 呢"
        return replace(parsed, request=merged, intent="cost", follow=setup_follow(merged, setup_span(last), last),
                       missing=[], follow_up=True, faq=[], faq_answers=[], faq_confident=False)
    return recount_follow.recounted(replace(parsed, request=merged, intent=last.kind, missing=[], follow_up=True, faq=[],
                   faq_answers=[], faq_confident=False, asks=replace(parsed.asks, sizing=True) if last.data.get("verdict") else parsed.asks), last,
                   own=bool(parsed.request.num_gpus))
