"""A run's length as people read it: "50 分钟", "100 分钟（约 1.67 小时）", "3 h", "12.6 h"; never a raw
float ("1.66667 h"). Under ten hours the minutes are what a team times and what a per-minute bill
counts; longer runs read in hours, to three figures at most."""

from __future__ import annotations

import math
from decimal import ROUND_FLOOR, Decimal

from bot.text.i18n import t

MINUTES_UNTIL = 10  # hours: shorter runs are written in minutes (with the hours beside them)


def _hours(value: float) -> str:
    """2.0 -> "2", 1.6667 -> "1.67", 12.63 -> "12.6", 168 -> "168"."""
    digits = 2 if value < MINUTES_UNTIL else 1 if value < 100 else 0
    text = f"{round(value, digits):,.{digits}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def run_length(hours: float, lang: str) -> str:
    """The length of a run of `hours`, in the reader's units."""
    minutes = round(hours * 60)
    if hours < MINUTES_UNTIL and minutes % 60:
        if minutes < 60:
            return t("run_length.minutes", lang, minutes=minutes)
        return t("run_length.minutes_hours", lang, minutes=f"{minutes:,}", hours=_hours(hours))
    return t("run_length.hours", lang, hours=_hours(hours))


def gap_length(hours: float, lang: str) -> str:
    """Time to spare or short, to the minute under an hour ("7 分钟", never "0 小时"), else in whole hours."""
    hours = abs(hours)
    if hours < 1:
        return t("run_length.minutes", lang, minutes=max(round(hours * 60), 1))
    return t("run_length.hours", lang, hours=f"{hours:,.0f}")


def longest_hours(hours: Decimal | float) -> str:
    """The longest run some money buys, in hours, rounded down (never a minute it cannot pay for): a
    per-minute bill buys whole minutes, so $5 at $1.49/h is 201 minutes, "3.35" (never "3.4")."""
    minutes = math.floor(Decimal(str(hours)) * 60)
    places = Decimal("0.01") if minutes < MINUTES_UNTIL * 60 else Decimal("0.1")
    value = (Decimal(minutes) / 60).quantize(places, rounding=ROUND_FLOOR)
    return f"{value:,f}".rstrip("0").rstrip(".") if "." in f"{value:f}" else f"{value:,f}"
