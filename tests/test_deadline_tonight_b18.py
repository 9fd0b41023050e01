"""Blind-18, a run's length against a deadline said with a part of the day ("今晚12点前", "明晚8点前",
"by midnight tonight"): the day is today's or tomorrow's, 晚上12点 / midnight is that day's end (not its
noon, not its first instant), and the verdict (来不及 / too late, by how much) leads beside the price
(seed 002: cloudgpu 4090 $0.33/h by the minute). The clock stands at Tue 2026-12-01 01:00 UTC (09:00 Beijing).
"""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta, timezone

import pytest

from bot.understand import planning
from tests.chat_user import conversation as _reply

TUESDAY = datetime(2026, 12, 1, 1, 0, tzinfo=UTC)
BEIJING = timezone(timedelta(hours=8))



@pytest.mark.parametrize(("text", "day", "at"), [
    ("今晚12点前要训完", 1, time(23, 59, 59)),
    ("今天晚上12点之前能跑完吗", 1, time(23, 59, 59)),
    ("明晚8点前交付", 2, time(20, 0)),
    ("今晚前能跑完不", 1, time(20, 0)),
    ("can it finish by midnight tonight?", 1, time(23, 59, 59)),
    ("by tonight", 1, time(23, 59, 59)),
])
def test_a_day_said_with_its_part_is_that_day(text: str, day: int, at: time) -> None:
    due = planning.deadline(text, TUESDAY, BEIJING)
    assert due is not None and due.day == day and due.time() == at


@pytest.mark.parametrize(("text", "late", "cost"), [
    ("cloudgpu 4090 qlora 7b 跑 20 小时 多少钱 今晚12点前能跑完吗", "来不及", "$6.60"),
    ("4090 在 cloudgpu 上要跑 30 个小时，今晚十二点之前来得及吗，花多少", "来不及", "$9.90"),
    ("cloudgpu 4090, 30 hours of 8b qlora: how much, and will it finish by midnight tonight?", "too late", "$9.90"),
])
def test_a_length_past_tonight_is_too_late_beside_its_price(text: str, late: str, cost: str) -> None:
    reply = _reply(text)
    lead = "\n".join(reply.strip().splitlines()[:3])
    assert late in lead and cost in reply


def test_a_length_that_ends_before_tonight_is_in_time() -> None:
    lead = "\n".join(_reply("cloudgpu 4090 qlora 7b 跑 8 小时，今晚12点前能跑完吗").splitlines()[:3])
    assert "来得及" in lead
