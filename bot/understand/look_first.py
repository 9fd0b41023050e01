"""A card looked at before anything is decided ("先看下 l40s", "看看 a6000", "let's look at the L40S first"): the
card's prices, what one looks at before renting; never an order to rent it, nor a FAQ entry that happens to name it.

Why its own cue: "这个月要给工程师租卡 先看下 l40s" names renting as the plan and the card as what to look at first;
read as an order it asked how long to rent, read as a question the FAQ answered on which card suits 14B LoRA."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

LOOK_FIRST = lazy(
    r"(?:先|再|想|帮我|帮忙)?\s*(?:看一?下|看看|瞧瞧|瞅瞅|查一?下|了解一?下|问一?下)\s*(?:这个|那个)?\s*(?=[a-z0-9])"
    r"|\b(?:let'?s\s+|can\s+we\s+|could\s+we\s+|i'?d\s+like\s+to\s+|want\s+to\s+)?(?:look\s+at|check\s+(?:out\s+)?|see)\s+(?:the\s+)?(?=[a-z]*\d)",
    re.IGNORECASE)


def looks_first(norm: str) -> bool:
    """True when the message looks at a card before deciding (see LOOK_FIRST)."""
    return bool(LOOK_FIRST.search(norm))
