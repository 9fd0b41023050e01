"""A card looked at before anything is decided ("先看下 l40s", "看看 a6000", "let's look at the L40S first"): the
card's prices, what one looks at before renting; never an order to rent it, nor a FAQ entry that happens to name it.

Why its own cue: "这个月要给工程师租卡 先看下 l40s" names renting as the plan and the card as what to look at first;
read as an order it asked how long to rent, read as a question the FAQ answered on which card suits 14B LoRA."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

# the card looked at ends the message (a question after it, "看下 4090 能不能跑 70b", is that question's)
_CARD_ENDS = (r"(?=(?:\d+\s*(?:[x×卡张台]|\s)\s*)?[a-z]{0,6}\s?\d{2,4}[a-z]{0,4}(?:\s*\d{2,3}\s*g[b]?)?"
              r"(?:\s*(?:box|machine|server|node|机器|整机|服务器))?\s*(?:first|先|吧|呢|啊|哈)?\s*[?？.。!！~]*$)")
# a wish to rent or open a setup, the setup ending the message ("我们想开 8卡 H100", "打算租两张 a100", "we want to
# spin up an 8x h100 box"): what one weighs before renting is its price, not an order (no length, no provider) nor
# whichever FAQ entry names that card
_WISH = (r"(?:想|打算|准备|计划)\s*(?:要\s*)?(?:租|开|上|搞)\s*(?:一?台|个|一个)?\s*"
         r"|\b(?:wants?|wanna|plan(?:ning)?|thinking\s+of|looking)\s+(?:to\s+)?(?:rent(?:ing)?|open(?:ing)?|spin(?:ning)?\s+up|get(?:ting)?)\s+"
         r"(?:the\s+|an?\s+|some\s+)?")
LOOK_FIRST = lazy(
    r"(?:看一?下|看看|瞧瞧|瞅瞅|查一?下|了解一?下)\s*(?:这个|那个)?\s*" + _CARD_ENDS
    + r"|\b(?:look\s+at|check(?:\s+out)?)\s+(?:the\s+|an?\s+)?" + _CARD_ENDS + "|(?:" + _WISH + ")" + _CARD_ENDS,
    re.IGNORECASE)


def looks_first(norm: str) -> bool:
    """True when the message looks at a card before deciding (see LOOK_FIRST)."""
    return bool(LOOK_FIRST.search(norm))
