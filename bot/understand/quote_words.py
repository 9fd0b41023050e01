"""Arithmetic asked on the last quote, read once by the parser into `Cues` (bot.understand.cues):

- a margin put on it ("加 30% 毛利给客户报多少", "加两成利润", "上浮 25%", "with a 30% margin what do we quote",
  "markup 20%?", "add 15 percent on top"): the percent, as a Decimal;
- how many runs a budget buys ("客户预算 20 刀，够跑几次", "能跑几轮", "how many runs does $20 cover", "how many times
  can we run it"): the count of whole runs of the quote within the budget (bot.core.quote_follow).
"""

from __future__ import annotations

import re
from decimal import Decimal

from bot.understand.lazy import lazy

_PCT = r"(\d+(?:\.\d+)?)\s*(?:%|％|个点|percent\b|pct\b)"
_CHENG = r"(\d+(?:\.\d+)?|[一二两三四五六七八九])\s*成"  # "两成", "3 成": tenths
# the words that put money on top of a quote: a margin, a markup, a profit, "on top"
_ON_TOP = (r"毛利|利润|利润率|加价|加成|上浮|溢价|服务费|佣金|提成|抽成|加点|"
           r"\bmargins?\b|\bmark[\s-]?ups?\b|\bprofit\b|\bon\s+top\b|\bmarked\s+up\b|\bmark\s+(?:it\s+)?up\b|\bcommission\b|\bfee\b")
MARGIN = lazy(rf"(?:{_ON_TOP}|加|\b(?:add|plus)\b).{{0,12}}?(?:{_PCT}|{_CHENG})|(?:{_PCT}|{_CHENG}).{{0,12}}?(?:{_ON_TOP})", re.I)
# a percent taken off, not put on ("yearly with the 15% discount", "年付 8 折", "减 10%"): never a margin
DISCOUNT = lazy(r"discount|\boff\b|\brebate\b|\bcheaper\b|折|优惠|减|便宜|返", re.I)
# how many runs (of the job just priced) a sum buys
RUNS = lazy(r"(?:够|能|可以)?\s*(?:跑|训|做|训练)\s*(?:几|多少)\s*(?:次|轮|回|遍)|(?:几|多少)\s*(?:次|轮|回)\s*(?:实验|训练)?\s*(?:够|能)"
            r"|\bhow\s+many\s+(?:runs|times|rounds|jobs|trainings|training\s+runs)\b|\bnumber\s+of\s+runs\b", re.I)


TENTHS = "一二三四五六七八九"


def margin_said(norm: str) -> Decimal | None:
    """The percent put on top of the quote in `norm` (the normalized message), or None."""
    m = MARGIN.search(norm)
    if m is None or DISCOUNT.search(norm):
        return None
    pct, cheng, pct2, cheng2 = m.group(1), m.group(2), m.group(3), m.group(4)
    if pct or pct2:
        return Decimal(pct or pct2)
    tenths = (cheng or cheng2).replace("两", "二")
    return Decimal(TENTHS.index(tenths) + 1 if tenths in TENTHS else tenths) * 10


def runs_asked(norm: str) -> bool:
    """Whether `norm` asks how many runs a sum buys."""
    return bool(RUNS.search(norm))
