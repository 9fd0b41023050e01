"""A deadline bounds when the run must finish, not the rental: with no dataset size (so the run's
length is unknown) the cost is the shortest rental that ends before the deadline (gpuli's week,
₮109 for a 4090), never a rental stretched to the deadline (two weeks for an eight-day deadline);
with less time left than the shortest cycle, the time left is priced as the cap. The deadline is
named back with the hours left. The clock is fixed (chat_user.T0, Tuesday 2026-12-01 01:00 UTC)."""

from __future__ import annotations

import re

import pytest

from tests.chat_user import ChatUser

LONG = ["下周三之前要出结果 预算300u 8b qlora 在gpuli怎么租最划算", "8b qlora，下周五前交付，gpuli 怎么租最省",
        "need it done before next friday: 7b qlora at gpuli, cheapest way to rent?"]


@pytest.mark.parametrize("msg", LONG)
def test_a_far_deadline_prices_the_shortest_rental(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    text = u.text
    assert "₮109" in text and ("1周" in text or "1 wk" in text or "1 week" in text.lower() or "1w" in text), text
    assert "₮218" not in text  # not two weeks
    left = int(re.search(r"(?:离截止约|About) (\d+) (?:小时|h)", text).group(1))
    assert left > 168


def test_a_deadline_sooner_than_a_week_prices_the_time_left_as_a_cap() -> None:
    u = ChatUser()
    u.say("3天内要训完 14b qlora 怎么租")
    first = u.text.splitlines()[0]
    assert "租到截止" in first and "上限" in first
