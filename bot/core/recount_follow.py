"""A setting changed right after "how many cards?" ("7b 全参 要几张 a100 80g" then "开 8bit 优化器呢", "how many H100s for
14B full?" then "with 8-bit Adam?"): the same question asked again with the setting, so the count is counted anew on
the card asked of (seed 000: 7B full with an 8-bit optimizer fits one 80 GB card, the reference table's minimum),
never the cards the last count gave re-checked with the setting."""

from __future__ import annotations

from dataclasses import replace

from bot.messages import Turn
from bot.understand.parser import Parsed
from engine.request import TrainingRequest


def recounted(parsed: Parsed, last: Turn, own: bool = False) -> Parsed:
    """`parsed` (the last job with the setting changed) asking how many of the last count's card again, when the
    last answer counted cards and the message names no card or count of its own (`own`: "那 2 张呢" asks whether
    two do); unchanged otherwise."""
    if own:
        return parsed
    request = last.data.get("request")
    card = request.get("gpu") if isinstance(request, dict) else None
    if not (last.data.get("how_many") and isinstance(card, str) and parsed.request.gpu == card) or parsed.cues.lone_count \
            or set(parsed.request.stated()) & STAGES:
        return parsed
    if isinstance(request, dict) and request.get("num_gpus"):
        return parsed  # the count was the user's own ("4 张 a100 够吗"): that setup, checked again
    return replace(parsed, request=parsed.request.model_copy(update={"num_gpus": None}),
                   asks=replace(parsed.asks, how_many_gpu=card))


SETTINGS = {"optimizer", "offload", "grad_checkpointing", "checkpointing", "precision", "seq_len", "micro_batch", "zero",
            "sharding", "chunked_loss", "attention", "activation_offload", "lora_rank", "method", "packing", "fp32_grads"}
# a ZeRO stage or sharding named after a count asks about that stage on the cards counted ("32b 全参 h100 要几张卡" then
# "zero2 行不", "那 zero3 呢": ZeRO-2's 120 GB a card, ZeRO-3's 64 GB, seed 000), not for the count again
STAGES = {"zero", "sharding"}


def changes(parsed: Parsed) -> bool:
    """Whether the message changes only settings of the job (its optimizer, offload, precision, length...) and asks
    no price: after a count, the count asked again with them."""
    stated = set(parsed.request.stated())
    return bool(stated) and stated <= SETTINGS | {"provider"} and bool(stated & SETTINGS) and not stated & STAGES and not (
        parsed.asks.cost or parsed.intent in ("cost", "price"))


def asked_again(parsed: Parsed, job: TrainingRequest) -> Parsed:
    """How many of `job`'s card it needs, asked as the count before was."""
    return replace(parsed, request=job, intent="size", missing=[], follow_up=True,
                   asks=replace(parsed.asks, how_many_gpu=str(job.gpu)))
