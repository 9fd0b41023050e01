"""A deadline that sets how long to rent (blind 24): "租几周 / how many weeks / week or month" with a
deadline and no run length is a rental until the deadline (the whole days to it), bought the cheapest
way, said so, leading with the units and the total. A run whose length is stated keeps the deadline
check. Also the deadline words such messages use: "end of next week", "下周末", "下个月底", "12/15",
a start on a date, and a date's day never read as a card count. Phrasings are our own; the clock is
Tuesday 2026-12-01 09:00 Beijing time; figures are seed 000's (gpuli: 4090 ₮109 a week, ₮369 a month;
8×H100 ₮4,172 / ₮14,432; A100 80GB ₮269 / ₮899)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understand import planning
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from tests.chat_user import ChatUser, first_lines, said

NOW = datetime(2026, 12, 1, 1, 0, tzinfo=UTC)
BEIJING = NOW.astimezone(ZoneInfo("Asia/Shanghai"))


@pytest.mark.parametrize(("text", "day"), [
    ("deadline is end of next week", date(2026, 12, 13)),
    ("we need it by the end of this week", date(2026, 12, 6)),
    ("下周末前要训完", date(2026, 12, 13)),
    ("这周末要交", date(2026, 12, 6)),
    ("下个月底前上线", date(2027, 1, 31)),
    ("done by end of next month", date(2027, 1, 31)),
    ("deadline 12/15", date(2026, 12, 15)),
    ("20/12 前交付", date(2026, 12, 20)),
])
def test_deadline_words_name_their_day(text: str, day: date) -> None:
    due = planning.deadline(normalize(text), BEIJING)
    assert due is not None and due.date() == day, (text, due)


def test_a_start_on_a_date_and_a_deadline_date_after_a_start_word_are_each_their_own() -> None:
    text = normalize("12月3号开始跑，12月20号前跑完")
    assert planning.start(text, BEIJING) == datetime(2026, 12, 3, tzinfo=BEIJING.tzinfo)
    assert planning.deadline(text, BEIJING) == datetime(2026, 12, 20, 23, 59, 59, tzinfo=BEIJING.tzinfo)
    # "deadline 12/15 今天开始": the date belongs to the deadline, not to the start
    assert planning.deadline(normalize("deadline 12/15, 今天开始租"), BEIJING).date() == date(2026, 12, 15)  # type: ignore[union-attr]


@pytest.mark.parametrize("text", ["12月20号前跑完，gpuli 4090 要租几周", "we have until 12/20, gpuli 4090, how many weeks should we rent?"])
def test_the_rental_is_the_whole_days_to_the_deadline(text: str) -> None:
    p = parse(text, BEIJING)
    assert p.intent == "price" and p.rental.duration_days == 19 and p.asks.until is not None and p.asks.deadline is None


@pytest.mark.parametrize(("text", "weeks", "total", "month"), [
    ("12月20号前跑完，gpuli 4090 要租几周", "3 周", "₮327", "₮369"),
    ("we have until Dec 20, 4090 at gpuli, how many weeks should we rent?", "3 weeks", "₮327", "₮369"),
    ("8卡 h100 gpuli，下周末前要训完，周租还是月租", "2 周", "₮8,344", "₮14,432"),
    ("due end of next week: 8x h100 on gpuli, weekly or monthly?", "2 weeks", "₮8,344", "₮14,432"),
    ("gpuli a100 80g 12/24 前交付 租多久合适", "1 个月", "₮899", "₮1,076"),
    ("12月3号开始跑，12月20号前跑完，gpuli 4090 租几周", "3 周", "₮327", "₮369"),
])
def test_weeks_or_months_to_a_deadline_lead_with_the_units_and_total(text: str, weeks: str, total: str, month: str) -> None:
    me = said(text)
    head = first_lines(me, 1)
    assert weeks in head and total in head, me.text
    assert month in first_lines(me, 3), me.text
    assert "截止" in head or "deadline" in head  # said that it rents until the deadline
    assert len(me.lines) <= 15


@pytest.mark.parametrize(("first", "then", "weeks", "total"), [
    ("gpuli 4090 租一周多少", "我们 12 月 20 号前交差就行，要租几周", "3 周", "₮327"),
    ("how much is an 8x h100 week at gpuli", "deadline is 12/15, we start today, how many weeks?", "2 weeks", "₮8,344"),
    ("gpuli a100 80g 一周多少", "12/24 前交付，周租还是月租", "1 个月", "₮899"),
    ("7b qlora 4090 能跑吗", "due Dec 20 — how many weeks do we rent?", "3 weeks", "₮327"),
])
def test_after_a_price_or_a_sizing_the_deadline_sets_the_span(first: str, then: str, weeks: str, total: str) -> None:
    me = ChatUser()
    me.say(first)
    me.say(then)
    head = first_lines(me, 1)
    assert weeks in head and total in head, me.text


@pytest.mark.parametrize(("text", "week"), [
    ("训练 2 天能跑完，12月20号前交付，gpuli 4090 租几周", "1 周"),
    ("the run takes 2 days, due Dec 20, 4090 at gpuli: how many weeks should we rent?", "1 week"),
])
def test_a_stated_run_length_keeps_the_deadline_check(text: str, week: str) -> None:
    me = said(text)
    assert "₮109" in first_lines(me, 4) and week in first_lines(me, 4), me.text
    assert "₮327" not in me.text and "20×" not in me.text and "20× " not in me.text  # Dec 20 is no card count


def test_a_per_minute_provider_has_no_term_to_choose() -> None:
    me = said("cloudgpu 4090 deadline 12/10 租多久")
    assert "跑多久付多久" in first_lines(me, 1) and "$71.28" in first_lines(me, 4), me.text


@pytest.mark.parametrize(("text", "price", "wrong"), [
    ("12月5号前，周租多少 4090", "₮109", "来不及"),
    ("by end of next week, 4090 monthly price?", "₮369", "too late"),
    ("周五前要训完 4090 月租多少", "₮369", "来不及"),
])
def test_a_term_asked_beside_a_deadline_is_its_price_not_a_run(text: str, price: str, wrong: str) -> None:
    # the week or month of a day ("12月5号", "end of next week") is no second unit, and a term's name is how
    # the time is bought, never a run of 168 or 720 hours judged against the deadline
    assert not parse(text, BEIJING).asks.both_units
    me = said(text)
    assert price in first_lines(me, 4) and wrong not in me.text.lower(), me.text
