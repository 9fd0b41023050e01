"""Which of several named days is the deadline's: the one said next to the deadline's own word.

Why: a message can name two days, one for the deadline and one for something else ("周五前要交，今天租 4090 来得及吗",
"今天刚拿到数据，周四上午要演示"); the deadline's words were read for the first day they named, so "今天" won and
the run had fifteen hours instead of three and a half days. The day nearest the word that marks the deadline
(前 / 截止 / a due verb / deadline) is the deadline's; the others are background or the start. Likewise the words
before a start verb ("…周四上午要给客户演示 今天开始训", the commas gone to spaces) start at the last day they name."""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.understand.lazy import LazyPattern

Days = Iterable[LazyPattern | re.Pattern[str]]  # the patterns of a day named


def nearest_day(words: str, mark: tuple[int, int], days: Days) -> str:
    """`words` from the day nearest `mark` (the deadline word's span inside `words`) to the next day named, its
    time of day kept ("friday 6pm, tomorrow is too late" -> "friday 6pm, "); unchanged when they name one day."""
    found = [m for pattern in days for m in pattern.finditer(words)]
    if len(found) < 2:
        return words
    start, end = mark

    def distance(m: re.Match[str]) -> int:
        return 0 if m.start() < end and m.end() > start else min(abs(start - m.end()), abs(m.start() - end))

    near = min(found, key=lambda m: (distance(m), -m.end()))
    after = [m.start() for m in found if m.start() >= near.end()]
    return words[near.start():min(after, default=len(words))]


def last_day(words: str, days: Days) -> str:
    """`words` from the last day they name on (its time of day kept); unchanged when they name none."""
    starts = [m.start() for pattern in days for m in pattern.finditer(words)]
    return words[max(starts):] if starts else words
