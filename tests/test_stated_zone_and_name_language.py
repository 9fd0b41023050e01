"""Two readings that used to ignore what the message says about itself.

Time zones: a zone the message states ("Beijing time", "北京时间", "UTC+8", "GMT+8", "PST", "美西时间") decides
which instant a named day or time means; without one, a Chinese conversation means its own (Beijing) day
and an English one UTC (bot.understand.zones). The reply shows the deadline in the zone it was read in.
The clock stands at Tue 2026-12-01 01:00 UTC (09:00 in Beijing).

Language: a catalog name written in Chinese characters ("一万网络") is a name, not the language: an English
question naming it is answered in English, and it alone does not switch an English conversation."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.core.settings import message_lang
from bot.understand import planning
from bot.understand.normalize import normalize
from bot.understand.zones import default_zone, offset_label, stated_zone, wall_clock
from tests.chat_user import ChatUser

NOW = datetime(2026, 12, 1, 1, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "hours"), [
    ("must be done by friday 9am beijing time", 72),          # Fri 09:00 +8 = Fri 01:00 UTC
    ("周五上午9点（北京时间）前要跑完", 72),
    ("deadline wednesday 18:00 UTC+8", 33),                    # Wed 10:00 UTC
    ("截止 GMT+8 周三晚上8点", 35),                             # Wed 12:00 UTC
    ("we need it by thursday 5pm PT", 72),                     # Fri 01:00 UTC
    ("美西时间周四下午5点前要交", 72),
    ("by thursday noon CST", 51),                              # China Standard Time
    ("周四中午 UTC 前要训完", 59),
])
def test_a_stated_zone_decides_the_deadlines_instant(text: str, hours: int) -> None:
    due = planning.deadline(normalize(text), NOW)
    assert due is not None and round((due - NOW).total_seconds() / 3600) == hours, due


@pytest.mark.parametrize(("text", "hours"), [
    ("周四前能完吗", 63),  # the end of Thursday in Beijing is Thu 16:00 UTC
    ("得在周三晚上之前跑完", 35),
])
def test_a_chinese_day_is_read_in_the_conversations_zone(text: str, hours: int) -> None:
    due = planning.deadline(normalize(text), NOW.astimezone(default_zone("zh")))
    assert due is not None and round((due - NOW).total_seconds() / 3600) == hours, due


def test_zone_words_that_are_not_a_zone_state_none() -> None:
    assert stated_zone("7b lora, pt checkpoint, 北京机房") is None
    assert offset_label(datetime(2026, 12, 3, 12, tzinfo=stated_zone("utc+5:30"))) == "UTC+5:30"
    assert wall_clock(datetime(2026, 12, 3, 12, tzinfo=stated_zone("北京时间")), "zh") == "2026-12-03 周四 12:00 UTC+8"


@pytest.mark.parametrize(("first", "then", "verdict", "left", "zone"), [
    # a 70 h run: Beijing's Thursday ends 63 h from now (UTC's would leave 71 h and say in time)
    ("4090 cloudgpu 训练大概 70 小时，多少钱", "周四前能跑完吗", "来不及", "63", "UTC+8"),
    ("cloudgpu 上 4090 要跑 75 小时", "美西时间周四前能跑完吗", "来得及", "79", "UTC-8"),
    ("a 66 hour run on a cloudgpu 4090, what does it cost", "can it be done by thursday, beijing time?",
     "too late", "63", "UTC+8"),
    ("cloudgpu 4090, the run takes about 45 hours", "deadline is wednesday 6pm GMT+8, will it finish?",
     "too late", "33", "UTC+8"),
])
def test_the_verdict_counts_to_the_deadline_in_its_zone(first: str, then: str, verdict: str, left: str,
                                                        zone: str) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(then)
    head = chat.lines[0]
    assert verdict in head and f"{left} " in head and zone in head, chat.text


@pytest.mark.parametrize("text", [
    "how much is an H100 at 一万网络 per month?",
    "does 一万网络 rent the 3090 by the month, and for how much",
    "what would 8 A100s at 一万网络 cost us for a year",
])
def test_an_english_question_naming_a_chinese_provider_is_answered_in_english(text: str) -> None:
    assert message_lang(text) == "en"
    chat = ChatUser()
    reply = chat.say(text)
    assert reply.lang == "en", chat.text


@pytest.mark.parametrize(("text", "lang"), [("一万网络 h100 一个月多少", "zh"), ("一万网络 h100", "zh")])
def test_chinese_words_or_a_name_alone_keep_chinese(text: str, lang: str) -> None:
    assert ChatUser().say(text).lang == lang


def test_a_chinese_name_alone_does_not_switch_an_english_conversation() -> None:
    chat = ChatUser()
    chat.say("how much is a 3090 at gpuli for a week?")
    assert chat.say("一万网络?").lang == "en", chat.text
