"""Reading a reminder asked for at a clock time: "remind me on Friday 6 pm to shut the box down",
"下周一早上十点提醒我续费", "set a reminder for tomorrow 9am", "ping me in 2 hours to stop it".

Why a reader of its own: the wallet's other reminders (rental expiry, runway, budgets) follow the rental,
but this one follows a moment the user names. A message is a reminder ask only when it asks to be reminded
(not "will I get a reminder before expiry?", a question about the product) and names a day, a time of day
or a span from now. The day and time are read by the deadline reader's own pieces (bot.understand.planning)
in the zone the message states, else the conversation's (bot.understand.zones: Beijing time in Chinese, UTC
in English). A moment already past, or a clock that is no clock ("25:00", "下午 13 点"), is reported back as
such so that nothing is stored on a guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, time, timedelta, tzinfo

from bot.understand import planning
from bot.understand.price_watch import amount_below
from bot.understand.zones import NAMED, OFFSET, stated_zone

# asked to be reminded: an imperative, in either language
ASK = re.compile(
    r"\bremind\s+(?:me|us|the\s+team|everyone)\b|\b(?:set|add|create|schedule|make|put\s+in)\s+(?:up\s+)?(?:me\s+)?(?:a|an|one)?\s*reminders?\b"
    r"|\breminder\s+(?:for|at|on)\b|\b(?:ping|nudge|buzz)\s+(?:me|us)\b"
    r"|\bremind\s*(?:我们|我|大家)|提醒\s*(?:me|us)\b"  # one language's verb, the other's "me" ("remind 我 周五…", "提醒 me at 3")
    r"|提醒\s*(?:我们|我|大家|一下|下)|(?:设|定|加|建)\s*(?:个|一个)?\s*提醒|叫\s*我|喊\s*我|ping\s*我", re.I)
# a question about the product's own reminders ("会提醒我吗", "will I get a reminder", "does gpuli remind"): no ask
ABOUT = re.compile(r"会不会|会提醒|有没有|提醒吗|\bwill\s+(?:i|it|they|gpuli|cloudgpu)\b|\bget\s+(?:a\s+)?reminders?\b"
                   r"|\bdo(?:es)?\s+(?:you|it|they|gpuli|cloudgpu)\s+(?:send|remind)|到期前|before\s+(?:it|the\s+\w+|my\s+\w+)\s+expires", re.I)
# a question whose unknown is the reminder's moment or whether one comes ("到期前什么时候提醒我", "提前几天会提醒",
# "when will you remind me?", "does gpuli remind me before it ends?"): asked about the product, never an order to set
# one; an order names the moment itself ("周五下午6点提醒我", "remind me Friday 6pm"), a question asks for it
WHEN_ZH = r"(?:什么|啥)\s*时候|何时|哪\s*(?:一\s*)?天|几\s*(?:号|点|时|天)|多久|多早|提前多少"
QUESTION = re.compile(
    rf"(?:{WHEN_ZH})[^，。,.;；!！?？]{{0,8}}提醒|提醒[^，。,.;；!！]{{0,6}}(?:是|在)?\s*(?:{WHEN_ZH})"
    r"|会\s*不\s*会[^，。,.;；!！?？]{0,8}提醒|会[^，。,.;；!！?？]{0,8}提醒[^，。,.;；!！]{0,8}(?:吗|么|嘛)"
    r"|\bwhen\s+(?:exactly\s+|precisely\s+)?(?:do|does|did|will|would|are|is|'ll)\b[^.?!;]{0,50}\b(?:remind|reminders?)\b"
    r"|\b(?:will|would|does|do|is|are)\s+(?:it|they|gpuli|cloudgpu|i|we|there|the\s+\w+)\b[^.?!;]{0,40}\b(?:remind|reminders?)\b"
    r"|\bhow\s+(?:far\s+ahead|early|soon|long\s+before|many\s+days(?:\s+before)?)\b[^.?!;]{0,40}\bremind", re.I)
# a span from now: "in 2 hours", "in 30 min", "2 小时后", "半小时后", "3 天后"
IN_EN = re.compile(r"\bin\s+(\d+(?:\.\d+)?|an?|one|two|three)\s*(minutes?|mins?|hours?|hrs?|h|days?)\b", re.I)
IN_ZH = re.compile(r"(\d+(?:\.\d+)?|半|一|两|二|三|四|五|六|十)\s*(?:个)?\s*(分钟|小时|钟头|天)\s*(?:之?后|以后)")
SPAN_WORDS = {"a": 1.0, "an": 1.0, "one": 1.0, "two": 2.0, "three": 3.0, "半": 0.5, "一": 1.0, "两": 2.0, "二": 2.0, "三": 3.0,
              "四": 4.0, "五": 5.0, "六": 6.0, "十": 10.0}
SPAN_UNIT = {"m": timedelta(minutes=1), "h": timedelta(hours=1), "d": timedelta(days=1), "分": timedelta(minutes=1),
             "小": timedelta(hours=1), "钟": timedelta(hours=1), "天": timedelta(days=1)}
# a clock that looks like one but is none: "25:00", "13pm", "下午 13 点", "30点"
BAD_CLOCK = re.compile(r"\b(?:2[4-9]|[3-9]\d):\d{2}\b|\b\d{1,2}:[6-9]\d\b|(?<![\d:])(?:1[3-9]|[2-9]\d)\s*(?:am|pm)\b"
                       r"|(?:下午|晚上|傍晚)\s*(?:1[3-9]|2\d)\s*点|(?<!\d)(?:2[5-9]|[3-9]\d)\s*点", re.I)
# what a reminder is about, without the words that ask for it or say when
FILLER = re.compile(r"\b(?:pls|please|plz|thanks|thx|ok|okay|hey|hi)\b|\b(?:could|can|would|will)\s+you\b|请|麻烦|帮我|一下|哦|吧|呗|谢谢|好吗|可以吗|[\U0001F300-\U0001FAFF]", re.I)
WHEN_EN = re.compile(r"\b(?:on|at|for|by|this|next|coming)\b", re.I)
# the wallet's own alerts named with no moment ("预算一万五，帮我设个提醒", "set a reminder for our budget"): the budget's
# or the balance's alert answers, never a reminder missing its time
MONEY_ALERT = re.compile(r"预算|经费|上限|余额|花费|支出|开销|\bbudget|\bbalance|\bspend|\bcap\b", re.I)
# an imperative without any time ("remind me to renew", "设个提醒", "提醒我去续费"): asked, but when is missing
BARE = re.compile(r"\bremind\s+(?:me|us)\s+to\b|\bset\s+(?:a|an)\s+reminder\b|(?:设|定|加)\s*(?:个|一个)?\s*提醒|提醒我\s*(?:去|记得)", re.I)


@dataclass(frozen=True)
class ReminderAsk:
    """A reminder asked for: when (aware, in the zone it was read in) and what about; `problem` "past" (the
    moment has gone), "unreadable" (a clock that is none) or "when" (no day or time said) stores nothing."""

    at: datetime | None
    what: str
    problem: str | None = None


def _span(text: str) -> timedelta | None:
    m = IN_EN.search(text) or IN_ZH.search(text)
    if m is None:
        return None
    count = SPAN_WORDS.get(m[1].lower()) if not m[1][0].isdigit() else float(m[1])
    if count is None:
        return None
    return count * SPAN_UNIT[m[2][0].lower() if m[2][0].isascii() else m[2][0]]


def _what(text: str) -> str:
    """The errand: the text with the ask, the day, the time and the fillers taken out."""
    cut = ASK.sub(" ", text)
    for p in (*planning.DAYS, planning.TIME_EN, planning.TIME_ZH, IN_EN, IN_ZH, NAMED, OFFSET, FILLER):
        cut = p.sub(" ", cut)
    cut = WHEN_EN.sub(" ", cut)
    cut = re.sub(r"^\W*(?:to|that|about|去|要|该|记得)\b\s*", "", " ".join(cut.split()), flags=re.I)
    cut = re.sub(r"^(?:to|去|要|该|记得)\s*", "", cut.strip(" ,.;:!?，。；：！？、"), flags=re.I)
    return cut.strip(" ,.;:!?，。；：！？、")[:200]


def read_reminder(text: str, now: datetime, zone: tzinfo) -> ReminderAsk | None:
    """The reminder `text` asks for, seen from `now`, in the zone it states or else `zone`; None when it asks
    for none (a question about reminders, a balance or price alert, anything else)."""
    if not ASK.search(text) or amount_below(text) is not None or QUESTION.search(text):
        return None
    tz = stated_zone(text) or zone
    local_now = now.astimezone(tz)
    what = _what(text)
    span = _span(text)
    if span is not None:
        return ReminderAsk((now + span).astimezone(tz), what)
    day = planning._dated(text, local_now) or planning._named_day(text, local_now)  # the deadline reader's own day reader
    clock = planning.time_of_day(text)
    if day is None and clock is None:
        if ABOUT.search(text):
            return None
        if BAD_CLOCK.search(text):
            return ReminderAsk(None, what, "unreadable")
        return ReminderAsk(None, what, "when") if BARE.search(text) and not MONEY_ALERT.search(text) else None
    if ABOUT.search(text) and not re.search(r"\bremind\s*(?:me\b|us\b|我)|提醒\s*(?:我|me\b|us\b)", text, re.I):
        return None
    if BAD_CLOCK.search(text):
        return ReminderAsk(None, what, "unreadable")
    if clock is None:
        clock = time(9)  # a day alone: its morning
    if clock == planning.DAY_END:  # "晚上12点": the day's last minute
        clock = time(23, 59)
    if day is None:  # a time alone: today's, or tomorrow's once it has passed
        day = local_now.date() if clock > local_now.time() else local_now.date() + timedelta(days=1)
    at = datetime.combine(day, clock, tzinfo=tz)
    if at <= now:
        return ReminderAsk(at, what, "past")
    return ReminderAsk(at, what)
