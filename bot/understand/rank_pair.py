"""Two LoRA ranks named to be compared ("rank 64 vs rank 8", "r=16 还是 r=128", "rank 从 8 改成 64 显存差多少"):
the job sized at each, side by side (bot.views.rank_pair).

Why its own reader: the message named two ranks and the sizing took one of them, or the second number
read as a card count ("改成 64": sixty-four cards), and the difference asked for never came.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

_RANK = r"(?:(?:lora[\s_-]*)?(?:rank|秩)\s*[=:]?\s*|(?<![a-z0-9])r(?:\s*=\s*|(?=\d)))"
_JOIN = (r"\s*(?:vs\.?|versus|v\.?|or|and|to|还是|和|跟|与|对比|比|比起|到|改成|改到|换成|调到|调成|->|→|/|,)\s*"
         r"(?:(?:lora[\s_-]*)?(?:rank|秩)\s*[=:]?\s*|r(?:\s*=\s*|(?=\d)))?")
PAIR = lazy(rf"{_RANK}(\d{{1,4}})(?![\d.]){_JOIN}(\d{{1,4}})(?![\d.])(?!\s*(?:卡|张|台|gpus?|cards?|x\b|b\b))"
            rf"|{_RANK}(\d{{1,4}})(?![\d.]).{{1,30}}?{_RANK}(\d{{1,4}})(?![\d.])", re.IGNORECASE)
# "rank 从 8 改成 64": the change's first value after the word
FROM = lazy(r"(?:lora[\s_-]*)?(?:rank|秩)\s*(?:从|from)\s*(\d{1,4})\s*(?:改成|改到|换成|调到|调成|到|to|->|→)\s*(\d{1,4})(?![\d.])", re.IGNORECASE)
MAX_RANK = 1024


def ranks_compared(norm: str) -> tuple[int, ...]:
    """The two ranks a message sets side by side, in the order named; () when it names fewer than two."""
    m = FROM.search(norm) or PAIR.search(norm)
    if m is None:
        return ()
    found = tuple(int(g) for g in m.groups() if g)
    if len(found) != 2 or found[0] == found[1] or not all(1 <= r <= MAX_RANK for r in found):
        return ()
    return found
