"""Hours a day over a span ("we'll run 10 hours a day for 2 weeks", "每天跑 10 小时，跑两周"): a schedule,
not one length.

Why: the duration reader takes a length in hours first (a run time), so "10 hours a day for 2 weeks"
was read as 10 hours and the two weeks were lost. What such a schedule costs depends on how the
provider bills: by the minute only the hours run are paid (10 h × 14 days = 140 h); a provider that
rents whole weeks or months is paid for the calendar span (14 days), whatever the card does at night.
The parse keeps both (`Daily`); the answering side picks by the provider's billing (`rented_hours`)."""

from __future__ import annotations

import re
from typing import NamedTuple

from bot.understand import one_message
from bot.understand.fields import duration
from bot.understand.lazy import lazy

HOURS = r"(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?|个?\s*小时|个?\s*钟头)"
# "10 hours a day", "10h/day", "8 hrs per day", "每天跑 10 小时", "一天 8 个小时", "10 小时/天", "日均 6 小时"
PER_DAY = lazy(
    rf"{HOURS}\s*(?:a|per|each|every|/|an?\s+)\s*(?:day|天|日)\b"
    rf"|(?:每天|每日|1天|一天|日均)\s*(?:都)?\s*(?:跑|用|开|训练?|租|运行)?\s*{HOURS}"
    rf"|{HOURS}\s*(?:/|每)\s*(?:天|日)", re.IGNORECASE)

# "每周跑 20 小时", "20 hours a week", "20h/week", "一周 20 个小时": hours run each week of the span
PER_WEEK = lazy(
    rf"{HOURS}\s*(?:a|per|each|every|/|an?\s+)\s*(?:week|周|星期|礼拜)\b"
    rf"|(?:每周|每星期|每礼拜|每个?礼拜|1周|一周|周均)\s*(?:都)?\s*(?:跑|用|开|训练?|租|运行)?\s*{HOURS}"
    rf"|{HOURS}\s*(?:/|每)\s*(?:周|星期|礼拜)", re.IGNORECASE)

# a whole day said in hours beside a longer span ("30 天 24 小时不停", "24 小时跑一周", "24h for 10 days"):
# round the clock, 24 hours each day of the span, never one day's length (the span is the rental)
ROUND_CLOCK = lazy(r"(?<![\d.])(24)\s*(?:h|hrs?|hours?|个?\s*小时|个?\s*钟头)(?![a-z])", re.IGNORECASE)

# a span reckoned in weeks: "一个月按 4 周", "a month, counting 4 weeks", "call it 4 weeks"
COUNTED = lazy(r"按\s*(\d{1,2})\s*(?:个)?\s*(?:周|星期|礼拜)|\b(?:counting|counted\s+as|call\s+it|as)\s+(\d{1,2})\s+weeks\b",
               re.IGNORECASE)


class Daily(NamedTuple):
    """A schedule: `hours_a_day` run each period of `every` days (1: a day; 7: "每周跑 20 小时") over `days`
    calendar days."""

    hours_a_day: float
    days: float
    every: float = 1.0

    @property
    def run_hours(self) -> float:
        """The hours the card runs in all (what a by-the-minute provider bills): 20 h a week over 4 weeks, 80 h."""
        return self.hours_a_day * self.days / self.every


def daily(norm: str) -> Daily | None:
    """The schedule `norm` (a normalized message) states: its hours a day, over the span in days the
    duration reader finds once they are taken out; None when it states no hours a day or no span."""
    said = per_period(norm)
    if said is None:
        return _round_clock(norm)
    counted = COUNTED.search(norm)  # "一个月按 4 周": the month is reckoned as four weeks
    span_days = int(counted.group(1) or counted.group(2)) * 7.0 if counted else duration(_blanked(norm))[0]
    hours, every = said
    return Daily(hours, span_days, every) if span_days and span_days >= every else None


def _round_clock(norm: str) -> Daily | None:
    """"30 天 24 小时不停": 24 h each day over a span of more than a day; None without such a span."""
    if ROUND_CLOCK.search(norm) is None:
        return None
    span_days = duration(ROUND_CLOCK.sub(lambda m: " " * len(m.group(0)), norm))[0]
    return Daily(24.0, span_days) if span_days and span_days > 1 else None


@one_message.per_message  # asked three times of a message (its span, its hours, the cues)
def per_period(norm: str) -> tuple[float, float] | None:
    """The hours run each day or each week that `norm` says ("每天跑 8 小时": 8 h every 1 day; "20 hours a
    week": 20 h every 7), with or without a span; None when it says none (or more hours than the period has)."""
    for pattern, every in ((PER_DAY, 1.0), (PER_WEEK, 7.0)):
        m = pattern.search(norm)
        if m is not None:
            hours = float(next(g for g in m.groups() if g))
            return (hours, every) if 0 < hours <= 24 * every else None
    return None


def without_daily(norm: str) -> str:
    """`norm` with the hours a day of a schedule blanked (same length), so the span is what the duration
    reader sees; unchanged when it states no schedule ("一天 24h 多少" is one day, said in hours)."""
    return _blanked(norm) if daily(norm) is not None else norm


def _blanked(norm: str) -> str:
    if per_period(norm) is None:
        return ROUND_CLOCK.sub(lambda m: " " * len(m.group(0)), norm)
    return PER_WEEK.sub(lambda m: " " * len(m.group(0)), PER_DAY.sub(lambda m: " " * len(m.group(0)), norm))
