"""Shopping-festival days as the dates they are: 双十二 / 双12 / double 12 is 12 December, 双十一 is 11 November,
618 (before 前 / 大促 / sale) is 18 June; holidays on a fixed day too: 圣诞 / Christmas / Xmas is 25 December,
平安夜 / Christmas Eve 24 December, 元旦 / New Year's Day 1 January ("can it be done before Christmas?").
(春节 moves with the lunar calendar: with no year known here, it is left unread.)

Why: a team selling online names its deadlines by these days ("双十二前要上线", "deadline is double 12"), and
the day readers (bot.understand.planning) know only dates, weekdays and relative days, so the deadline was lost
and the run was priced with no verdict. Read here, before those readers, the festival becomes the date it
falls on, written the way the message's own language writes a date ("12月12日" among Chinese, "dec 12" in
English), so the deadline, the days left and the verdict follow from the ordinary date reading.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

# the festival's name; a number glued to more digits or to a size ("双12g", "double 128") is no day
FESTIVAL = lazy(r"双\s*(?P<zh>十一|十二|11|12)(?![\d.]|\s*(?:g|gb|卡|张|台|核|万|千|k)\b)"
                r"|\bdouble\s*(?P<en>11|12|eleven|twelve)\b(?!\s*(?:gb|g|cards?|gpus?)\b)"
                r"|(?<![\d.$¥₮])(?P<mid>618)(?=\s*(?:前|之前|以前|大促|活动|sale|promo|deadline))", re.IGNORECASE)
# a holiday on a fixed day of the year, by its name in either language
HOLIDAY = lazy(r"(?P<eve>平安夜|\b(?:christmas|xmas)\s+eve\b|\bnew\s+year'?s\s+eve\b)"
               r"|(?P<xmas>圣诞节?|\b(?:christmas|xmas)(?:\s+day)?\b)"
               r"|(?P<ny>元旦|\bnew\s+year(?:'?s)?(?:\s+day)?\b)", re.IGNORECASE)
HOLIDAY_WORDS = ("圣诞", "平安夜", "元旦", "christmas", "xmas", "new year")
MONTH_OF = {"十一": 11, "11": 11, "eleven": 11, "十二": 12, "12": 12, "twelve": 12}
EN_MONTH = {6: "jun", 11: "nov", 12: "dec"}
CJK = lazy(r"[\u4e00-\u9fff]")


def _date(m: re.Match[str], chinese: bool) -> str:
    if m["mid"]:
        month, day = 6, 18
    else:
        month = day = MONTH_OF[(m["zh"] or m["en"]).lower()]
    return f" {month}月{day}日 " if chinese else f" {EN_MONTH[month]} {day} "


def _holiday(m: re.Match[str], chinese: bool) -> str:
    month, day = (12, 31 if "new" in m[0].lower() else 24) if m["eve"] else (12, 25) if m["xmas"] else (1, 1)
    return f" {month}月{day}日 " if chinese else f" {'dec' if month == 12 else 'jan'} {day} "


def dated(text: str) -> str:
    """`text` with each festival day written as its date (unchanged when none is named)."""
    low = text.lower()
    if any(w in low for w in HOLIDAY_WORDS):
        chinese = CJK.search(HOLIDAY.sub("", text)) is not None
        text = HOLIDAY.sub(lambda m: _holiday(m, chinese), text)
    if "双" not in text and "double" not in text.lower() and "618" not in text:
        return text
    chinese = CJK.search(FESTIVAL.sub("", text)) is not None
    return FESTIVAL.sub(lambda m: _date(m, chinese), text)
