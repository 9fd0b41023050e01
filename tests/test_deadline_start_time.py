"""A deadline counted from when the run starts, with times of day: "deadline is friday 6pm and we start
thursday 9am", "周三中午开始，周五前能训完吗", "明天早上九点开跑，后天晚上八点前". The clock stands at
Tue 2026-12-01 01:00 UTC; days and times are read in the clock's zone, and the reply says from when to when."""

from __future__ import annotations

from datetime import UTC, datetime, time

import pytest

from bot.understand import planning
from bot.understand.normalize import normalize
from tests.chat_user import ChatUser

NOW = datetime(2026, 12, 1, 1, 0, tzinfo=UTC)  # a Tuesday


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 12, day, hour, minute, tzinfo=UTC)


@pytest.mark.parametrize(("words", "expected"), [
    ("6pm", time(18)), ("9 am", time(9)), ("12am", time(0)), ("10:30", time(10, 30)), ("noon", time(12)),
    ("下午6点", time(18)), ("早上九点半", time(9, 30)), ("中午", time(12)), ("晚上八点", time(20)), ("上午10点", time(10)),
    ("中午12点", time(12)), ("凌晨两点", time(2)), ("十一点", time(11)), ("下午3点15分", time(15, 15)),
])
def test_times_of_day_in_both_languages(words: str, expected: time) -> None:
    assert planning.time_of_day(words) == expected


@pytest.mark.parametrize(("text", "start", "deadline"), [
    ("deadline is friday 6pm and we start thursday 9am, ok?", at(3, 9), at(4, 18)),
    ("we start thursday 9am, deadline friday 6pm", at(3, 9), at(4, 18)),
    ("we kick off tomorrow at 10:30, due saturday noon", at(2, 10, 30), at(5, 12)),
    ("starting wednesday, need it done by friday", at(2, 0), datetime(2026, 12, 4, 23, 59, 59, tzinfo=UTC)),
    ("明天早上九点开跑，后天晚上八点前能完吗", at(2, 9), at(3, 20)),
    ("周三中午开始，周五下午6点前能训完吗", at(2, 12), at(4, 18)),
    ("周五前要交付，明天开始跑", at(2, 0), datetime(2026, 12, 4, 23, 59, 59, tzinfo=UTC)),
])
def test_the_start_and_the_deadline_are_read_apart(text: str, start: datetime, deadline: datetime) -> None:
    norm = normalize(text)
    assert planning.start(norm, NOW) == start
    assert planning.deadline(norm, NOW) == deadline


@pytest.mark.parametrize("text", ["周五前能训完吗", "by friday 6pm?", "从零开始训 7b 要多久", "how do I start with 7b qlora",
                                  "开始之前要准备什么"])
def test_no_start_is_read_where_none_is_named(text: str) -> None:
    assert planning.start(normalize(text), NOW) is None


@pytest.mark.parametrize(("first", "then", "lang", "verdict", "left"), [
    # 20 h run; Thu 09:00 → Fri 18:00 is 33 h: in time, although 89 h remain from now
    ("cloudgpu 4090 for a 20 hour qlora run, cost?", "we start thursday 9am, need it done by friday 6pm", "en",
     "in time", "33"),
    # 40 h run: too late from Thursday 09:00, in time had it started now
    ("cloudgpu 4090 for a 40 hour qlora run, cost?", "we start thursday 9am, need it done by friday 6pm", "en",
     "too late", "33"),
    ("cloudgpu a100 80g 跑 32b qlora 预计 30 小时，多少钱", "明天中午开始，周五下午6点前能训完吗", "zh", "来得及", "54"),
    ("cloudgpu a100 80g 跑 32b qlora 预计 60 小时，多少钱", "明天中午开始，周五下午6点前能训完吗", "zh", "来不及", "54"),
])
def test_the_verdict_counts_from_the_start(first: str, then: str, lang: str, verdict: str, left: str) -> None:
    chat = ChatUser(lang=lang)
    chat.say(first)
    chat.say(then)
    head = chat.lines[0]
    assert verdict in head and f"{left} " in head, chat.text
    assert "2026-12-0" in chat.text  # the reply says from when it counted


def test_without_a_start_the_time_left_counts_from_now() -> None:
    chat = ChatUser(lang="en")
    chat.say("cloudgpu 4090 for a 40 hour qlora run, cost?")
    chat.say("need it done by friday 6pm")
    assert "in time" in chat.lines[0] and "89 " in chat.lines[0], chat.text  # Tue 01:00 → Fri 18:00


FRIDAY_END = datetime(2026, 12, 4, 23, 59, 59, tzinfo=UTC)


@pytest.mark.parametrize(("text", "deadline"), [
    # a second day in the message, nearer or farther, never the deadline's: the day beside the deadline's word is
    ("周五前要交一个 demo，今天租 4090 来得及吗", FRIDAY_END),
    ("今天租 4090，周五前要交，来得及吗", FRIDAY_END),
    ("今天刚拿到数据，周四上午要给老板演示", at(3, 9)),
    ("due friday, renting a 4090 today, in time?", FRIDAY_END),
    ("need it by friday; we rent the card today", FRIDAY_END),
    ("demo is friday, we rent a 4090 today. in time?", FRIDAY_END),
    # a part of the day after the weekday, commas or none: "周四上午要演示", "周五下午 3 点要交"
    ("我们周四上午要给客户演示，今天开始训", at(3, 9)),
    ("我们周四上午要给客户演示 今天开始训", at(3, 9)),
    ("周五下午3点要交付", at(4, 15)),
    ("截止周四中午，今天开始", at(3, 12)),
])
def test_the_deadline_is_the_day_beside_its_own_word(text: str, deadline: datetime) -> None:
    assert planning.deadline(normalize(text), NOW) == deadline


@pytest.mark.parametrize(("lang", "text", "named"), [
    ("zh", "周五前要交一个 7b qlora 的 demo，今天租 4090 来得及吗，要花多少", "周五"),
    ("en", "7b qlora on a 4090, due friday and we rent it today. will it finish in time?", "Friday"),
])
def test_the_deadline_answer_names_the_day_it_read(lang: str, text: str, named: str) -> None:
    chat = ChatUser(lang=lang)
    chat.say(text)
    head = chat.text.splitlines()[0]
    assert head.startswith("⏰") and named in head and "2026-12-04" in head, chat.text
    hours = int(head.split("约 ")[1].split(" ")[0]) if lang == "zh" else int(head.split("About ")[1].split(" ")[0])
    assert hours > 80, head  # Friday's end, not today's (15 h from 09:00 Beijing)


def test_a_demo_the_morning_of_a_weekday_is_checked_against_the_run() -> None:
    chat = ChatUser()  # seed 000: 32B full, 20M tokens × 3 epochs on 8 × H100 ≈ 1.5 h; Thursday 09:00 is 2 days away
    chat.say("我们周四上午要给客户演示，今天开始训 32b 全参 2000 万 token 3 轮，8 卡 H100，来得及吗")
    head = "\n".join(chat.text.splitlines()[:3])
    assert "来得及" in head and "2026-12-03 09:00" in head and "1.5 小时" in head, chat.text


@pytest.mark.parametrize(("text", "price", "expiry"), [
    ("客户下周三交付，今天开始在 gpuli 租 8 卡 H100 一周，多少钱？到期是哪天", "₮4,172", "12月8日"),
    ("client delivery next wednesday, starting today on gpuli 8x h100 for a week: how much? and what day does it end?",
     "₮4,172", "Dec 8"),
])
def test_a_deadline_said_beside_a_price_and_its_expiry_keeps_both(text: str, price: str, expiry: str) -> None:
    chat = ChatUser()
    chat.say(text)  # seed 000: 8 × H100 a week ₮4,172; a week from Tue Dec 1 ends Tue Dec 8
    assert price in chat.text and expiry in chat.text, chat.text
