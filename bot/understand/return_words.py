"""The words that return a chat to its job after a detour ("回到刚才", "说回之前那个", "back to the earlier one",
"going back to the quote"): said, the job answered before the detour is what the message changes, and the
words themselves are no part of its question (taken out before it is read)."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

RETURN = lazy(
    r"(?:回到|说回|再说回|言归正传|话说回来|回头说)\s*(?:刚才|刚刚|之前|前面|上面|原来)?\s*(?:的|那个|那套|那台|那单|那个问题|的问题)?"
    r"|(?:刚才|刚刚|之前|前面|原来)\s*(?:那个|那套|那台|那单|那个方案|的方案|说的那个)"
    r"|\b(?:back\s+to|going\s+back\s+to|returning\s+to|re:?)\s+(?:the|that|my|our)\s+(?:earlier|previous|original|first|last)?\s*"
    r"(?:one|question|job|quote|price|setup|config|run|thing)\b"
    r"|\b(?:the|that)\s+(?:earlier|previous|original)\s+(?:one|question|job|quote|price|setup|config|run)\b"
    r"|\bback\s+to\s+(?:it|that|the\s+job)\b|\banyway\s+back\s+to\b",
    re.IGNORECASE)


def returns_to_job(text: str) -> bool:
    """Whether `text` says it goes back to what was asked before a detour."""
    return bool(RETURN.search(text))


def without_return(text: str) -> str:
    """`text` with its return words taken out ("回到刚才 年付多少" is "年付多少"); unchanged when it has none
    or they are all it says."""
    if not RETURN.search(text):
        return text
    rest = RETURN.sub(" ", text).strip(" ,，.。:：;；")
    return " ".join(rest.split()) if rest else text
