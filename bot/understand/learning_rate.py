"""The learning rate a message sets: "学习率改 2e-4", "lr 1e-5", "set the learning rate to 0.0002",
"learning_rate: 2.0e-4", "学习率调成 5e-5" (a rate the export writes into the trainer's file)."""

from __future__ import annotations

import re

from bot.understand.fields import TO
from bot.understand.lazy import lazy

RATE = lazy(r"(?:learning[\s_-]*rate|\blr\b|学习率)" + TO + r"(\d+(?:\.\d+)?(?:e-?\d+)?)(?![\d.])", re.IGNORECASE | re.ASCII)


def learning_rate(text: str) -> float | None:
    """The rate stated, or None when none is (or it is no rate a trainer takes: 0, or 1 and above)."""
    m = RATE.search(text)
    if m is None:
        return None
    value = float(m.group(1))
    return value if 0 < value < 1 else None


# how often the trainer saves a checkpoint: "save every 100 steps", "save_steps: 200", "checkpoint every 500 steps",
# "每 100 步存一次", "每200步保存", "保存间隔 100 步", "save_steps 改成 100", "存盘步数调到 300"
_SAVE_WORD = r"(?:save|saving|checkpoint(?:ing)?|ckpt)"
SAVE_STEPS = lazy(
    rf"save[\s_-]*steps{TO}(\d+)(?![\d.])"
    rf"|\b{_SAVE_WORD}s?\s+(?:a\s+checkpoint\s+|one\s+)?every\s+(\d+)\s*steps?\b"
    rf"|\bevery\s+(\d+)\s*steps?\s*,?\s*(?:save|checkpoint|ckpt)"
    r"|每\s*(?:隔\s*)?(\d+)\s*步\s*(?:就\s*)?(?:存|保存|存盘|存档|存一次|保存一次|存个?\s*(?:checkpoint|ckpt|检查点)|save)"
    r"|(?:保存|存盘|存档|checkpoint|检查点)\s*(?:间隔|步数|频率)" + TO + r"(?:每\s*)?(\d+)\s*步?",
    re.IGNORECASE | re.ASCII)


def save_steps(text: str) -> int | None:
    """The steps between saved checkpoints the message sets, or None when it sets none."""
    m = SAVE_STEPS.search(text)
    if m is None:
        return None
    value = int(next(g for g in m.groups() if g is not None))
    return value if value > 0 else None
