"""What today is, said as background ("今天周二，周五前要交", "today is Tuesday; done by Thursday?"): the
message's own "now", blanked before a deadline is read so that today's name is never the day the work is due.
Split from the planning reader to keep it small."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

# what today is, said as background ("今天周二", "今天是 12 月 1 号", "today is Tuesday", "it's Tuesday today"): the
# message's "now", never the day the work is due
TODAY_SAID = lazy(r"(?:今天|今日|今儿个?)\s*(?:是|才)?\s*(?:(?:\d{1,2}\s*月\s*\d{1,2}\s*[日号]?|\d{1,2}\s*[/-]\s*\d{1,2})\s*[,，]?\s*"
                  r"(?:(?:周|星期|礼拜)\s*[一二三四五六日天1-7])?|(?:周|星期|礼拜)\s*[一二三四五六日天1-7])"
                  r"(?!\s*(?:就|必须|一定|要|得|能|可以|前|之前|以前|截止|交|完))"
                  r"|\btoday\s+is\s+(?:a\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|\bit'?s\s+(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\s+today\b",
                  re.IGNORECASE)


def without_today(text: str) -> str:
    """`text` with what today is said to be blanked out, every other character in place."""
    return TODAY_SAID.sub(lambda m: " " * len(m[0]), text)
