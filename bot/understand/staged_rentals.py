"""Two rentals asked one after the other with their total: "先周租一张 4090 跑通，再上 8 卡 h100 包月，一共要准备多少",
"first a week of one 4090 to test, then 8x h100 for a month, total?". Each step's card, count and term are read from
its own part of the message (the part before "再/then", the part after), so the total is the two rentals summed.

Why: read as one rental, such a message priced the first card (or the second) alone, and the total the team asked to
budget for was never given."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.understand.entities import find_gpus
from bot.understand.lazy import lazy

FIRST = lazy(r"先|首先|\bfirst\b|\bstart\s+with\b", re.ASCII)
THEN = lazy(r"再|然后|之后|接着|\bthen\b|\bafter\s+that\b|\bafterwards\b|\blater\b", re.ASCII)
TOTAL = lazy(r"一共|总共|合计|总计|总价|总费用|总预算|加起来|准备(?:好)?(?:多少|几多)|\btotal\b|\bin\s+all\b|\baltogether\b|\bcombined\b",
             re.ASCII)
WEEK = lazy(r"weekly|\bweeks?\b|周租|包周|一周|一个?星期|一个?礼拜|(?<![\d])7\s*天", re.ASCII)
MONTH = lazy(r"monthly|\bmonths?\b|月租|包月|一个?月", re.ASCII)
COUNT = lazy(r"(\d+|一|两|二|三|四|八|单|双|one|two|four|eight|a|an)\s*(?:张|块|卡|台|x(?![a-z])|×|\*)?\s*$", re.ASCII)
WORDS = {"一": 1, "单": 1, "one": 1, "a": 1, "an": 1, "两": 2, "二": 2, "双": 2, "two": 2, "三": 3, "四": 4, "four": 4,
         "八": 8, "eight": 8}


@dataclass(frozen=True)
class Step:
    gpu: str
    count: int
    term: str  # "week" or "month"


def _step(part: str) -> Step | None:
    cards = find_gpus(part)
    if len({m.ident for m in cards}) != 1:
        return None
    m = cards[0]
    before = COUNT.search(part[max(0, m.start - 8):m.start])
    after = re.match(r"\s*(?:x|×|\*)\s*(\d+)", part[m.end:])
    said = (after.group(1) if after else None) or (before.group(1) if before else "1")
    count = int(said) if said.isdigit() else WORDS.get(said, 1)
    week, month = WEEK.search(part), MONTH.search(part)
    if bool(week) == bool(month):
        return None
    return Step(m.ident, count, "week" if week else "month")


def staged_rentals(words: str) -> tuple[Step, Step] | None:
    """The two steps of a rental plan asked with its total, each with its card, count and term; None otherwise."""
    text = words.lower()
    first, total = FIRST.search(text), TOTAL.search(text)
    then = THEN.search(text, first.end()) if first else None
    if first is None or then is None or total is None:
        return None
    one, two = _step(text[:then.start()]), _step(text[then.start():])
    if one is None or two is None or (one.gpu, one.count) == (two.gpu, two.count):
        return None
    return one, two
