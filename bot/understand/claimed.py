"""A price the user worked out and asks to have checked: "8 张 a100 单卡 899 乘 8 就是 7192 吧",
"899 x 8 = 7192 right?", "so 8 cards at 899 each comes to 7192, correct?".

Why its own reading: the message names a card, a count and figures but asks none of the usual price
words (多少钱, how much); without this it fell to "not sure". The claim is the figure stated as the
result (after 就是 / 等于 / = / comes to / total), with a word that asks for confirmation or a sum
shown (乘 / × / times / each); the per-card figure is the other amount, so the reply can say which
term it is (₮899 is gpuli's monthly A100) and whether multiplying cards is how the box is priced.
A price quoted and asked to be confirmed ("is a T4 at yiwan really 900 a month?", "一万网络 T4 真的是 900 一个月吗",
"gpuli 4090 月租是不是 369") is a claim too, of the setup named: the figure after really / 真的 / 是不是, with the
term it is for; right or wrong leads, as for a sum.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal

from bot.understand.lazy import lazy

_NUM = r"(\d[\d,]*(?:\.\d+)?)"
# a count or a size is no money: "就是 8 张吧", "就是 24g 吧"
_NOT_MONEY = r"(?![\d.,]|\s*(?:张|卡|块卡|台|个|g\b|gb|b\b|t\b|tb|小时|天|周|月|h\b|d\b|cards?|gpus?|hours?|days?|weeks?|months?))"
# the figure stated as the result of the user's sum
RESULT = lazy(rf"{_NUM}\s*(?:in\s+)?total\b|(?:就是|等于|得|一共|总共|合计|算下来|=|comes?\s+to|totals?|total\s+(?:of|is)|(?:that's|that\s+is|is)|makes?)\s*(?:是|of)?\s*[₮$¥]?\s*{_NUM}{_NOT_MONEY}", re.I)
# asks for it to be checked, or shows the sum it comes from
CHECK = lazy(r"吧|对吗|对吧|对不对|是不是|没错|没算错|算得对|\bright\b|\bcorrect\b|isn'?t\s+it|\bam\s+i\s+right\b|[?？]\s*$", re.I)
SUM = lazy(r"乘|×|\*|(?<=\d)\s*x\s*(?=\d)|\btimes\b|\beach\b|单卡|1卡|每张|每卡|一张|\bper\s+(?:card|gpu)\b|\bapiece\b", re.I)
# the per-card figure: an amount after 单卡 / 每张 / at / each, or before 乘 / × / times
EACH_AFTER = lazy(rf"(?:单卡|1卡|每张|每卡|一张|\bat\b)\s*[₮$¥]?\s*{_NUM}", re.I)
EACH_BEFORE = lazy(rf"[₮$¥]?\s*{_NUM}\s*(?:乘|×|\*|x\s*\d|times|each|apiece)", re.I)


# a quoted price asked to be confirmed: "really 900 a month", "真的是 900 一个月吗", "月租是不是 369", "真要 ¥900?"
_TERM = r"(?:\s*(?:a|an|per|each|/|every)?\s*(?:month|mo|week|wk|hour|hr|h)\b|\s*(?:[1一]个?月|每个?月|[1一]周|每周|[1一]个?小时|每小时|/月|/周|/小时))"
# a figure that is a count, a size or a length, never a price: "真的要 24g 吗", "really 3 hours?", "真的是 8 卡吗"
_NOT_SIZE = r"(?![\d.,]|\s*(?:张|卡|块卡|台|个|g\b|gb|b\b|t\b|tb|小时|天|h\b|d\b|cards?|gpus?|hours?|hrs?|days?|%|倍|x\b))"
# the figure may be said at its lowest ("是不是最低 2.5 万一个月就能拿下", "really as low as 900 a month?"), in 万 or k, and
# end on what it buys ("就能拿下", "能租到")
QUOTED = lazy(rf"(?:\breally\b|\bactually\b|真的|确实|真要|是不是|确定是)\s*(?:是|要|只要|costs?|is|only|just)?\s*"
              rf"(?:最低|最少|起码|至少|只要|才|\bas\s+low\s+as\b|\bat\s+least\b)?\s*(?:是|要)?\s*[₮$¥]?\s*{_NUM}\s*(万|w\b|k\b)?"
              rf"{_NOT_SIZE}(?={_TERM}?\s*(?:就|便)?\s*(?:能|可以)?\s*(?:拿下|搞定|租到|租下|买到)?\s*(?:吗|么|嘛|[?？]|$))", re.I)
_SCALE = {"万": Decimal(10000), "w": Decimal(10000), "k": Decimal(1000)}


@dataclass(frozen=True)
class Claim:
    """The user's result (7192) and the per-card figure it was worked from (899), when stated."""

    total: Decimal
    each: Decimal | None


def claimed(norm: str) -> Claim | None:
    """The price the message works out and asks to check, or None (a plain question has no result
    stated, and a result with no sum or check word is a statement of something else)."""
    if not (CHECK.search(norm) and SUM.search(norm)):
        quoted = QUOTED.search(norm)  # "really 900 a month": the confirming word asks the check itself
        total = _decimal(quoted.group(1)) if quoted else None
        if total is not None and quoted is not None and quoted.group(2):
            total *= _SCALE[quoted.group(2).lower()]
        return Claim(total, None) if total else None
    results = list(RESULT.finditer(norm))
    if not results:
        return None
    total = _decimal(results[-1].group(1) or results[-1].group(2))
    each_match = EACH_AFTER.search(norm) or EACH_BEFORE.search(norm)  # "每张 369" before "369 乘"
    each = _decimal(each_match.group(1)) if each_match else None
    if total is None or (each is not None and each >= total):
        return None
    return Claim(total, each)


def _decimal(text: str | None) -> Decimal | None:
    if not text:
        return None
    try:
        return Decimal(text.replace(",", ""))
    except ArithmeticError:
        return None
