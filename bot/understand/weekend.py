"""The weekend said as how long to rent ("for the weekend", "周末租 4090", "sat+sun", "周六日"): two days.

Why apart: "weekend" is also a day work is due by ("by the weekend", "周末前要训完", read by
bot/understand/planning.py) and a time support is asked about ("客服周末有人吗", "support on weekends"):
only a weekend that is neither is a length, 48 hours, read by bot/understand/fields.py with the others.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

WEEKEND = lazy(r"(?<![a-z])(?:sat(?:urday)?\s*(?:\+|&|and|to|-|–|/)\s*sun(?:day)?|weekend(?!s)|(?:whole|full|entire)\s+weekend)(?![a-z])"
               r"|周末(?:两天|2天)?|周[六6]\s*(?:[+＋&和到至、/-]|加)?\s*(?:周日|周天|日|天)|礼拜[六6]\s*(?:[+和到、]|加)?\s*礼拜(?:日|天)",
               re.IGNORECASE)
# a weekend something is due by, not one rented for: "by the weekend", "周末前", "周末要交"
DUE_BEFORE = lazy(r"(?:\bby|\bbefore|\buntil|\btill|\bdue|\bend\s+of|\bdone|\bfinish\w*|\bready|\bcomplete\w*|到|赶在|截止)"
                  r"\s*(?:(?:over|during|on|at|in|within)\s+)?(?:the\s+|this\s+|next\s+|这个?|本|下个?)?\s*$", re.IGNORECASE)
DUE_AFTER = lazy(r"\s*(?:能|可以|会|就能|能不能|可不可以)?\s*(?:之前|以前|前|截止|就?(?:要|得|必须)\s*(?:交|用|出|上线|结果|完)|交付|上线|出结果|要结果|[训跑做搞]完|完成|搞定)")
# support hours, opening times: the weekend is when someone answers, not a rental
NOT_RENTAL = lazy(r"客服|人工|售后|值班|有人|回复|上班|support|human|reply|respond|open\b|staff|helpdesk", re.IGNORECASE)
WEEKEND_HOURS = 48.0


def weekend_spans(text: str) -> list[re.Match[str]]:
    """Where a weekend is said as the length of a rental (two days), left to right."""
    if NOT_RENTAL.search(text):
        return []
    spans = []
    for m in WEEKEND.finditer(text):
        if DUE_BEFORE.search(text[max(0, m.start() - 24):m.start()]) or DUE_AFTER.match(text, m.end()):
            continue
        spans.append(m)
    return spans
