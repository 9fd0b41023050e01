"""Whether a message asks, yes or no, if a setting is needed for its job ("13b 用 a100 40g 跑 lora 需要 zero3
吗", "do I need zero3 for 7b lora on one 4090?", "要不要开 zero3"): the setting asked, read once with the
parse (`Asks.need`).

Why here: read as a job with that setting, the sizing answered with the setting on and never said whether it
was needed; a yes/no question had no yes or no (bot.core.need_first answers it)."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

_NEED = lazy(r"需要|需不需要|要不要|要开|得开|必须|有必要|用得着|非得|\bneed(?:s|ed)?\b|\bhave\s+to\b|\brequired?\b|\bnecessary\b|\bmust\b",
             re.IGNORECASE)
_ZERO = lazy(r"\bzero\s*-?\s*[23]?\b|zero[23]|\bfsdp\b|deepspeed", re.IGNORECASE)
# how many, how much: a figure asked, not a yes or no ("zero3 需要几张卡")
_FIGURE = lazy(r"几|多少|多大|\bhow\s+(?:many|much)\b|\bwhich\b|哪", re.IGNORECASE)


def need_asked(norm: str) -> str | None:
    """"zero": the setting a yes/no question asks is needed; None otherwise."""
    if not _NEED.search(norm) or _FIGURE.search(norm):
        return None
    return "zero" if _ZERO.search(norm) else None
