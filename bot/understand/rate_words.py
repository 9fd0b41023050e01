"""A price rate the user states ("一小时0.33刀", "0.33刀一小时", "$0.33 an hour", "¥2800/月") names a unit of
time beside money: it is what one unit costs, not how long the rental runs ("7b qlora 一小时0.33刀 跑20个小时
多少钱" runs 20 hours). The parser blanks them before it reads the lengths."""

from __future__ import annotations

import re

from bot.understand.fields import duration
from bot.understand.lazy import lazy

_CUR = r"(?:usdt|usd|dollars?|bucks|rmb|cny|yuan|人民币|美元|美金|块钱|块|元|刀|u)"
_MONEY = rf"(?:[$¥₮]\s*\d+(?:\.\d+)?|\d+(?:\.\d+)?\s*{_CUR}(?![a-z]))"
_ONE = r"(?:1|一|每|a|an|one|per|each)"
_UNIT_ZH = r"(?:个\s*)?(?:小时|钟头|天|周|星期|礼拜|月)"
_UNIT_EN = r"(?:hours?|hrs?|h|days?|weeks?|months?)(?![a-z0-9])"
# the unit first ("一小时0.33刀", "每小时要 $0.33"), or the money first ("0.33刀一小时", "$0.33 an hour", "$0.33/h"),
# side by side: a space at most between them ("8 块 H100，gpuli 一周" is a count of cards, then a length)
RATE = lazy(rf"(?<![\d.]){_ONE}\s?{_UNIT_ZH}\s?(?:要|是|收|就|只要|才|=|:|：)?\s?{_MONEY}"
            rf"|{_MONEY}\s?(?:/|每|一|1|(?:per|an?|each)\s+)\s?(?:{_UNIT_ZH}|{_UNIT_EN})"
            # the hour's price asked beside a run ("cloudgpu 一小时多少，跑 8 小时呢", "how much per hour, and for 8 hours?"):
            # the hour is the rate's unit, the run is the other length
            rf"|(?<![\d.])(?:1|一|每)\s?(?:个\s*)?(?:小时|钟头)(?=\s?(?:要|是|收|大概|大约)?\s?(?:多少|几))"
            rf"|(?<=how\smuch\s)(?:is\s+it\s+|for\s+)?(?:an?|one|1|per|each)\s+(?:hour|hr)\b"
            rf"|\b(?:an?|one|1|per|each)\s+(?:hour|hr)(?=\s+(?:costs?|price|rate)\b|\s*(?:how\s+much|\?))", re.IGNORECASE)


def rate_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each rate stated, to blank before the rental's length is read; none when no other length
    is stated ("预算 ₮800 一个月 72b qlora 够吗": the month is the rental's, the money its budget)."""
    spans = [(m.start(), m.end()) for m in RATE.finditer(text)]
    if not spans:
        return []
    blanked = text
    for a, b in spans:
        blanked = blanked[:a] + " " * (b - a) + blanked[b:]
    days, hours = duration(blanked)
    return spans if days or hours else []
