"""A run asked to finish overnight ("overnight?", "跑一晚上够吗", "通宵能训完吗", "can it run over night"): the
deadline is the next morning, so the words are read as "by tomorrow morning" / "明早前" before the deadline reader
looks for a day. Why apart: the planning reader keeps to days and spans; the night is neither, and this keeps it
to one place (the parsed deadline is all that a follow-up on a timed job reads)."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

# a night as the time the run has, never a night's price or a night shift ("晚上能关机吗" asks billing)
OVERNIGHT_EN = lazy(r"\b(?:over\s*night|(?:in\s+)?(?:one|a|a\s+single)\s+night|(?:by|until|till)\s+(?:the\s+)?(?:next\s+)?morning)\b",
                    re.IGNORECASE)
OVERNIGHT_ZH = lazy(r"(?:一|1)\s*(?:个)?\s*(?:晚上|晚|夜|宿)|通宵|过夜|一觉|到明天?早上?")
# the night as a length that is billed ("忘了关机 一晚上10个小时 会扣多少", "left on overnight, 10 hours, what's the
# charge?"): hours said with it, or the money it costs asked: a span priced, no deadline
PRICED_NIGHT = lazy(r"\d+(?:\.\d+)?\s*(?:个)?\s*(?:小时|钟头|h\b|hrs?\b|hours?\b)|多少钱|扣多少|扣了?几|收多少|\bcost|\bcharged?\b|\bhow\s+much\b",
                    re.IGNORECASE)


def as_morning(text: str) -> str:
    """`text` with a night the run has said as the morning after it, the day the deadline reader knows."""
    if PRICED_NIGHT.search(text):
        return text
    text = OVERNIGHT_EN.sub(" by tomorrow morning ", text)
    return OVERNIGHT_ZH.sub("明早前", text)
