"""Whether a message asks why a job it states runs out of memory ("开了 bf16 为啥 7b 全参单卡 80g 还是 OOM",
"why does 7b full fine-tuning on one 80GB H100 still OOM with bf16").

Why: the switch named beside the error (bf16, mixed precision) made the words left once the job was taken out
read as the general question "bf16 is on, why still OOM?", so the FAQ's paragraph answered and the job's own
figures never came: how much its model states and activations take against the card, and the levers that bring
it under. A why-OOM of a stated job (its method, size and card or count) is that job's memory breakdown. One that
names a lever ("不开 8bit 优化器 为什么会爆显存", "w/o gradient checkpointing") asks about that lever: its entry answers.
"""

from __future__ import annotations

from bot.understand.lazy import lazy
from bot.understand.switch_asks import LEVER_WORDS
from engine.request import TrainingRequest

WHY = lazy(r"\bwhy\b|\bhow\s+come\b|为什么|为啥|为何|咋|怎么")
OOM = lazy(r"\boom\b|out\s+of\s+memory|\bcuda\s+oom\b|爆显存|显存(?:不够|爆了?|溢出)|装不下|放不下")


def why_oom_of_job(norm: str, req: TrainingRequest) -> bool:
    """The message asks why the job it states (method, size, and a card or a count) runs out of memory."""
    stated = bool(req.method and (req.model or req.params_b) and (req.gpu or req.num_gpus))
    lever = any(pattern.search(norm) for _, pattern in LEVER_WORDS)
    return stated and not lever and WHY.search(norm) is not None and OOM.search(norm) is not None
