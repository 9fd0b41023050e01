"""The same job run several times, asked of the answer just given ("and if we run 4 such jobs", "run it three
times", "4 runs of that", "跑 4 次呢", "4 个这样的任务", "同样的再来 3 遍"): how many, so the reply multiplies the
price it gave (bot.core: CloudGPU A100 80GB for 8 h $11.92 × 4 = $47.68)."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twice": 2}
_N = r"(\d{1,3}|two|three|four|five|six|seven|eight|nine|ten)"
TIMES = lazy(rf"\b{_N}\s+(?:(?:such|similar|identical|more|of\s+(?:these|those|them|that|this))\s+)?(?:jobs?|runs?|trainings?)\b"
             rf"|\brun\s+(?:it|this|that|the\s+(?:same\s+)?job)\s+(?:{_N}\s+times|(twice))\b|\b{_N}\s+times\s+(?:over|that|this)\b"
             rf"|(?:跑|训|训练|来|做)\s*{_N}\s*(?:次|遍|轮)|{_N}\s*个\s*(?:这样的|同样的|一样的|这种)\s*(?:任务|job)", re.IGNORECASE)


def repeats_asked(norm: str) -> int | None:
    """How many runs of the same job `norm` (the normalized message) asks about; None when it asks none (or one)."""
    m = TIMES.search(norm)
    if m is None:
        return None
    word = next(g for g in m.groups() if g)
    count = int(word) if word.isdigit() else WORDS.get(word.lower(), 0)
    return count if count >= 2 else None
