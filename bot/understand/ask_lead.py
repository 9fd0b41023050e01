"""The question a message opens with an asking lead after its background ("您好，风控组在写多卡方案的技术说明，想知道
哪几款卡支持 NVLink", "…; we'd like to know which cards support NVLink").

Why apart: the FAQ's clause reader looks the question up alone when the background dilutes the whole; the lead
words are one list, read here (this module imports no entity reader, so the FAQ readers can use it).
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

# the words that open the question itself after a background ("……，想知道哪几款卡支持 NVLink", "…; I'd like to know
# which cards …"): what follows is the question, what comes before only says why it is asked
ASK_LEAD = lazy(r"想知道|想了解一?下?|想问一?下?|请问|请教一?下?|麻烦问一?下?|我的问题是|问题是"
                r"|\bi(?:'d| would)\s+like\s+to\s+know\b|\b(?:could|can)\s+you\s+tell\s+(?:me|us)\b|\bmy\s+question\s+is\b"
                r"|\bwe(?:'d| would)\s+like\s+to\s+know\b|\bwe\s+want\s+to\s+know\b|\bi\s+want\s+to\s+know\b")


def after_lead(raw: str) -> str | None:
    """The question after the last asking lead of a message with words before it ("您好，风控组在写技术说明，想知道哪几款
    卡支持 NVLink" -> "哪几款卡支持 NVLink"), None when no lead opens one or nothing stands before it."""
    last = None
    for found in ASK_LEAD.finditer(raw):
        last = found
    if last is None or not raw[:last.start()].strip() or len(raw[last.end():].strip()) < 4:
        return None
    return raw[last.end():].strip()


# a sentence's end: a Chinese stop or an English full stop before a space ("every month. any egress fees?"; never the
# point inside "2.5" or "qwen2.5-7b")
SENTENCE_END = lazy(r"[。！!；;\n]+|(?<=[a-z\u3400-\u9fff)])\.(?=\s)", re.IGNORECASE)
ASKED_LAST = lazy(r"[?？]\s*$")


def last_question(raw: str) -> str | None:
    """The last sentence of a message that states its background in sentences first and ends on a question ("egress:
    we push ~2TB of checkpoints to our own S3 every month. any egress fees?" -> "any egress fees?"); None for one
    sentence, or a message that does not end asking."""
    if not ASKED_LAST.search(raw):
        return None
    ends = list(SENTENCE_END.finditer(raw.rstrip()))
    if not ends or len(raw[ends[-1].end():].strip()) < 4:
        return None
    return raw[ends[-1].end():].strip()
