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
