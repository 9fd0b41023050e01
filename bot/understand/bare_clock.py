"""A deadline said as a time of day alone ("中午 12 点前能完吗", "before 5pm?", "晚上8点前"): no day named, so
it is today's, or tomorrow's once that time has passed today. Split from bot.understand.planning (its module
limit); planning puts the time of day on the day this returns."""

from __future__ import annotations

from datetime import datetime, time, timedelta

DAY_END = time(23, 59, 59)


def today_or_next(local_now: datetime, at: time | None) -> datetime | None:
    """The end of the day a bare time of day `at` falls on, seen from `local_now`; None without one."""
    if at is None or at in (time(0), DAY_END):
        return None
    day = local_now.date() if at > local_now.time() else local_now.date() + timedelta(days=1)
    return datetime.combine(day, DAY_END, tzinfo=local_now.tzinfo)
