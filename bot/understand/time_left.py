"""The length said to be left of a rental ("剩下4天", "还剩两天", "the other 4 days", "5 days left").

Why apart: a refund question about a prepaid cycle names two lengths, the time used and the time left
("包周 3天就跑完了 剩下4天 能退吗"); the rental's length is the first, and the days whose money is asked
back are the second. Read once at the parse, never from the raw text afterwards.
"""

from __future__ import annotations

import re

from bot.understand import fields as f
from bot.understand.lazy import lazy

BEFORE = lazy(r"(?:剩下|剩余|还剩|余下|剩|remaining|the\s+other|the\s+rest\s+of(?:\s+the)?)\s*(?:的\s*)?(?:那\s*)?$", re.I)
AFTER = lazy(r"^\s*(?:left|remaining|to\s+go|unused|没用|没跑|用不上|空着)", re.I)
REACH = 14  # characters before a length where its "left" word may stand ("the rest of the")


def left_hours(norm: str) -> float | None:
    """Hours of the first length in `norm` (normalized text) said to be what is left; None when none is."""
    for x in f._lengths(norm):
        if BEFORE.search(norm[max(0, x.start - REACH):x.start]) or AFTER.match(norm[x.end:]):
            return x.days * 24 + x.hours
    return None
