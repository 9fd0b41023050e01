"""The global batch a run's settings make, asked in chat ("8 卡 per_device bs 4 accum 4，global batch 多少",
"micro 2, grad accum 8, 16 GPUs - effective batch?"): micro-batch per device × gradient accumulation × the
cards in all (nodes × cards a node). Read as a run with no dataset (bot.understand.trial.Run, samples 0), so
the same follow-ups that change a counted run ("两台呢", "micro 改成 2", "and with 16 gpus?") change it, and a
dataset given next ("5万条 3 epoch 总步数") is counted with that batch (bot.core.run_follow)."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy
from bot.understand.trial import Run

# "global batch", "effective batch size", "total batch", "全局 batch", "等效 batch", "有效批大小", "实际 batch",
# "global bs", "samples per step", "每步多少条样本"
_BATCH = r"(?:batch(?:[\s_-]*size)?|bs\b|批大小|批量|批次|批)"
ASKED = lazy(r"(?:global|effective|total|overall|actual|world|全局|等效|有效|实际|总的?|整体)\s*(?:的\s*)?" + _BATCH
             + r"|(?:samples?|sequences?|examples?)\s+(?:per|each|every|an?)\s+(?:optimi[sz]er\s+)?(?:step|update)"
             r"|(?:每|一)\s*步\s*(?:多少|几)\s*(?:条|个)?\s*(?:样本|数据|samples?)", re.IGNORECASE)


# the accumulation said number first ("16 accumulation steps", "accumulate over 16 steps", "16 步累积")
ACCUM_FIRST = lazy(r"(?<![\d.])(\d+)\s*(?:x\s*)?(?:grad(?:ient)?\s*)?(?:accumulation|accum)\s*steps?\b"
                   r"|accumulat\w*\s+(?:over\s+|for\s+|across\s+)?(\d+)\s*(?:micro[\s_-]*)?(?:steps?|batch(?:es)?)\b"
                   r"|(?<![\d.])(\d+)\s*步\s*(?:梯度)?累[积加]", re.IGNORECASE)


def accum_first(norm: str) -> int | None:
    """The accumulation steps said number first: "16 accumulation steps" -> 16; None when not so said."""
    m = ACCUM_FIRST.search(norm)
    return int(next(g for g in m.groups() if g)) if m else None


def asks_global_batch(norm: str) -> bool:
    """The message asks for the batch one optimizer step takes across the cards."""
    return bool(ASKED.search(norm))


def _count(value: object) -> int:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) and value > 0 else 1


def batch_run(req: dict[str, object]) -> Run | None:
    """The run of the stated micro-batch, accumulation and cards, with no dataset (samples 0, steps 0): its
    global batch is their product (unstated ones count 1). None when none of them is stated."""
    if not any(req.get(k) for k in ("micro_batch", "grad_accum", "num_gpus")):
        return None
    return Run(0, 1, _count(req.get("micro_batch")), _count(req.get("grad_accum")), _count(req.get("num_gpus")), 0,
               None, None, None, 0)


__all__ = ["asks_global_batch", "batch_run"]
