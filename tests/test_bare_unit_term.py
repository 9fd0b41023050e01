"""A rental unit's bare name at the end of a price question is the term asked ("8xh100 gpuli week?" is the week's
price, ₮4,172 in seed 000; "... month" the month's, ₮14,432), while "next week" or "this month" is no term."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser, first_lines


@pytest.mark.parametrize(("text", "days", "price"), [
    ("8xh100 gpuli week?", 7.0, "₮4,172"),
    ("8x h100 gpuli month", 30.0, "₮14,432"),
    ("gpuli 4090 week", 7.0, "₮109"),
    ("a6000 at gpuli, month?", 30.0, "₮389"),
])
def test_a_bare_unit_is_the_term_asked(text: str, days: float, price: str) -> None:
    p = parse(text)
    assert p.intent == "price" and p.rental.duration_days == days and p.rental.term, p
    me = ChatUser()
    me.say(text)
    assert price in first_lines(me, 3), me.text


@pytest.mark.parametrize("text", ["we start next week", "how busy is gpuli this week", "8 h100 at gpuli, is that ok this month"])
def test_a_week_named_as_a_time_is_no_term(text: str) -> None:
    assert not parse(text).rental.term


def test_two_weeks_after_a_bare_week_is_priced() -> None:
    me = ChatUser()
    me.say("8xh100 gpuli week?")
    me.say("two weeks?")
    assert "₮8,344" in first_lines(me, 3), me.text  # 2 × ₮4,172
