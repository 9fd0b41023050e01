"""A short run asked whether a longer term must still be bought ("跑两天的话是不是也得买一周", "用 3 天也得按月付吗",
"if I only need 2 days do I still pay a week?"): the run's length and the term named. Read as lengths alone the
message names both the run and the week, and the week (the longer) won, so the reply priced a week and said "yes, a
week is enough", an answer to nothing asked. The run is what is rented; the term is what the question weighs it
against (bot.views.term_floor leads with each provider's yes or no)."""

from __future__ import annotations

import re

from bot.understand.fields import duration
from bot.understand.lazy import lazy

# the term the run might have to buy: "买一周", "按月付", "包周", "pay a week", "buy a whole month", "weekly"
TERM = lazy(r"(?:买|付|租|交|按|算|收)\s*(?:1|一)?\s*(?:个|整)?\s*(?P<zh>周|星期|礼拜|月)|包\s*(?:1|一)?\s*(?:个)?\s*(?P<zh2>周|月)"
            r"|\b(?:pay|buy|rent|take|book|get|billed?|charged?)(?:ing|s)?\s+(?:for\s+)?(?:a|one|1|the|a\s+(?:whole|full)|the\s+(?:whole|full))\s+"
            r"(?P<en>week|month)\b|\b(?P<en2>week|month)ly\b", re.IGNORECASE)
# the question whether it is a must: "也得", "还要", "是不是", "必须", "still", "have to"
MUST = lazy(r"也得|也要|还得|还要|是不是|必须|只能|非得|非要|一定要|\bstill\b|\bhave\s+to\b|\bhas\s+to\b|\bmust\b|\bforced\s+to\b"
            r"|\bneed\s+to\s+(?:pay|buy)\b|\bstuck\s+(?:with|paying)\b", re.IGNORECASE)
TERM_HOURS = {"week": 168.0, "month": 720.0}


def floor_asked(norm: str) -> tuple[float, str] | None:
    """(the run's hours, "week" or "month") when `norm` states a run shorter than a term and asks whether that term
    must still be bought; None otherwise."""
    if not MUST.search(norm):
        return None
    term = TERM.search(norm)
    if term is None:
        return None
    unit = {"周": "week", "星期": "week", "礼拜": "week", "月": "month"}.get(term["zh"] or term["zh2"] or "", "") or \
        (term["en"] or term["en2"] or "").lower()
    days, hours = duration(norm[:term.start()] + " " * (term.end() - term.start()) + norm[term.end():])
    run = (days or 0) * 24 + (hours or 0)
    return (run, unit) if unit in TERM_HOURS and 0 < run < TERM_HOURS[unit] else None
