"""A card kept running from now until a stated time is priced for that span (bot.understand.deadline_rental,
bot.core.deadline_kept): the hours from now to the deadline (to the minute, in the conversation's zone or the one
stated), times the hourly price; a provider with cycles is priced for the cycle that covers the span. The deadline
may be said in the same message ("ddl", "前", "by", "until"), or earlier in the conversation ("比赛还剩 30 小时",
"the demo is friday 9am") and pointed back at ("全程开着", "from now until then").

The clock stands at Tue 2026-12-01 01:00 UTC (09:00 in Beijing). CloudGPU's list (seeds): RTX 3090 $0.21/h,
RTX 4090 $0.33/h, RTX A6000 $0.44/h, A800 80G $1.09/h, A100 80G $1.49/h; gpuli's RTX 4090 ₮109 a week."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand import planning
from bot.understand.deadline_rental import kept_running
from bot.understand.normalize import normalize
from bot.understand.zones import default_zone
from tests.chat_user import ChatUser

NOW = datetime(2026, 12, 1, 1, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "hours", "total"), [
    ("今晚十二点之前要跑完，4090 cloudgpu 一直开着到那时候多少钱", "15", "$4.95"),   # 09:00 → 24:00
    ("明天中午 ddl，cloudgpu 3090 现在开到那会儿要多少", "27", "$5.67"),          # → Wed 12:00
    ("后天早上8点前要交，a6000 cloudgpu 不关机 多少钱", "47", "$20.68"),          # → Thu 08:00
    ("ddl 周四下午6点 a800 在 cloudgpu 上全程开着 费用多少", "57", "$62.13"),     # → Thu 18:00
    ("deadline thursday 6pm beijing time, keep a cloudgpu 4090 running nonstop until then, how much?", "57", "$18.81"),
    ("need it by tomorrow noon, 3090 on cloudgpu around the clock from now, cost?", "35", "$7.35"),  # UTC: → Wed 12:00
    ("cloudgpu 4090 现在开到周五中午多少钱", "75", "$24.75"),                     # the time after 开到, no 前
    ("a6000 cloudgpu 一直跑到明天晚上8点 要多少", "35", "$15.40"),
])
def test_a_card_kept_running_to_a_stated_time_is_priced_for_the_hours_to_it(text: str, hours: str, total: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert total in chat.text and f"{hours} " in chat.text, chat.text


def test_a_cycle_provider_is_priced_for_the_cycle_that_covers_the_span() -> None:
    chat = ChatUser()
    chat.say("周日中午前要交，gpuli 4090 一直开着多少钱")  # 123 h: one week covers it
    assert "₮109" in chat.text and "123" in chat.text, chat.text


def test_a_job_kept_running_gets_its_setup_priced_for_the_span() -> None:
    chat = ChatUser()
    chat.say("ddl 明晚8点，14b qlora 用 cloudgpu 4090 一直开着 要多少钱")  # 35 h × $0.33
    assert "$11.55" in chat.text and "35" in chat.text, chat.text


@pytest.mark.parametrize(("first", "then", "total"), [
    ("cloudgpu a800 per hour?", "keep it on nonstop till wednesday 6pm beijing time?", "$35.97"),  # 33 h
    ("cloudgpu 3090 一小时多少", "明早9点前一直开着呢", "$5.04"),  # 24 h
])
def test_kept_running_after_an_hourly_price_prices_that_card(first: str, then: str, total: str) -> None:
    chat = ChatUser()
    chat.say(first)
    chat.say(then)
    assert total in chat.text, chat.text


@pytest.mark.parametrize(("turns", "total", "hours"), [
    (["我们明天晚上8点截止", "cloudgpu 4090 全程开着要多少"], "$11.55", "35"),
    (["the demo is friday 9am beijing time", "a6000 on cloudgpu from now until then, cost?"], "$31.68", "72"),
    (["还剩 20 小时", "14b qlora 用 cloudgpu 的 3090", "一直开到结束多少钱"], "$4.20", "20"),
    (["deadline is wednesday 9am beijing time", "7b qlora on a cloudgpu a6000, running from now till then", "cost?"],
     "$10.56", "24"),
])
def test_a_deadline_said_earlier_holds_for_a_card_kept_running_until_then(turns: list[str], total: str,
                                                                          hours: str) -> None:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    assert total in chat.text and f"{hours} " in chat.text, chat.text


def test_a_deadline_said_alone_is_answered_with_the_time_left() -> None:
    chat = ChatUser()
    chat.say("hackathon ends thursday 6pm beijing time")
    assert "57" in chat.text and "UTC+8" in chat.text and "outside" not in chat.text, chat.text


def test_a_stated_run_length_is_not_stretched_to_the_deadline() -> None:
    chat = ChatUser()
    chat.say("周五前要交，cloudgpu 4090 训练 10 小时多少钱")
    assert "$3.30" in chat.text, chat.text


@pytest.mark.parametrize(("text", "hours"), [
    ("周五中午 ddl", 75), ("ddl 明天下午6点", 33), ("周四 deadline", 63),
])
def test_ddl_is_a_deadline_with_its_time_on_either_side(text: str, hours: int) -> None:
    due = planning.deadline(normalize(text), NOW.astimezone(default_zone("zh")))
    assert due is not None and round((due - NOW).total_seconds() / 3600) == hours, due


@pytest.mark.parametrize("text", ["一直开着", "全程开着", "现在开到明早", "从现在开到那会儿", "不关机跑", "nonstop",
                                  "from now until then", "running till then", "keep it running until friday",
                                  "around the clock"])
def test_words_for_a_card_kept_running(text: str) -> None:
    assert kept_running(normalize(text))


@pytest.mark.parametrize("text", ["跑 3 小时", "周五前能训完吗", "by friday?", "run it for 10 hours", "一直很慢"])
def test_words_that_keep_nothing_running(text: str) -> None:
    assert not kept_running(normalize(text))


@settings(max_examples=6, deadline=None)
@given(st.integers(min_value=2, max_value=160))
def test_the_span_left_times_the_hourly_price(hours: int) -> None:
    chat = ChatUser()
    chat.say(f"还剩 {hours} 小时，cloudgpu 3090 全程开着多少钱")
    total = Decimal(hours) * Decimal("0.21")  # a whole-dollar total is written without cents ("$21")
    shown = f"${total:,.2f}".removesuffix(".00")
    assert re.search(re.escape(shown) + r"(?![\d.]\d)", chat.text), chat.text
