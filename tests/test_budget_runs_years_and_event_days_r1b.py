"""Budgets turned into what they buy, and deadlines said as an event's day (session 30, round 1, r1b).

- A budget said with its currency's name before the budget word ("8000 块人民币预算", "15000 rmb budget") is the
  budget: against a stated setup and term, the verdict (not enough, the budget named back, the shortfall) leads.
- A budget with a per-minute card ("per-minute 4090", "按分钟计费的 A800"), whoever's money it is ("boss's budget",
  "老板给的预算"), is what that money rents: the hours it buys at the provider billing by the minute.
- "How many runs" asked with the budget and the run's own length: the whole runs the budget pays for (floored).
- "年付呢" after what a budget rents: the year at the catalog's annual price (its discount applied), and when the
  money does not cover one year, that leads.
- A deadline said as an event's day ("路演是 12 月 3 号", "demo day 周四 10:00", "demo day is friday") with a run
  of its own length ("要不停跑 4 天") is checked against it; a time zone after the time ("17:00 SGT") is the
  deadline's zone, never a model family.

Clock: Tue 2026-12-01 01:00 UTC (09:00 in Beijing and Singapore). Seeds: CloudGPU RTX 4090 $0.33/h, A800 80G
$1.09/h, A100 80G $1.49/h, billed by the minute (seed 002); 一万网络 A100 40G ¥2,800 a month, a year prepaid 20% off
(12 × ¥2,800 × 0.8 = ¥26,880), 8×H100 ¥80,000–120,000 a month (seed 003); gpuli 8×H100 ₮4,172 a week (seed 000).
"""

from __future__ import annotations

import math
from datetime import UTC, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand import planning
from bot.understand.cards import unknown_family
from bot.understand.parser import parse
from bot.understand.zones import stated_zone
from tests.chat_user import ChatUser

NOW = datetime(2026, 12, 1, 1, 0, tzinfo=UTC)


def _reply(*turns: str) -> str:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    return chat.text


def _head(text: str, n: int = 3) -> str:
    return "\n".join(text.splitlines()[:n])


@pytest.mark.parametrize(("text", "said", "verdict"), [
    ("八千块人民币预算，一万网络 8 卡 H100 够租一个月吗", "¥8,000", "不够"),
    ("三万块人民币预算，8 卡 H100 整机够一个月吗", "¥30,000", "不够"),
    ("we've got a 15000 rmb budget: 8x H100 at yiwan, does it cover a month?", "¥15,000", "not enough"),
])
def test_a_budget_with_its_currency_name_before_the_word_leads_the_verdict(text: str, said: str, verdict: str) -> None:
    head = _head(_reply(text))
    assert verdict in head and said in head
    if "一万网络" in text or "yiwan" in text:
        assert "80,000" in head  # the month's band there, seed 003


@pytest.mark.parametrize(("turns", "hours"), [
    (("boss's budget is $150, wants a per-minute 4090", "how many hours does that buy?"), "454.5"),      # 150 / 0.33
    (("老板给的预算 100 美元，要按分钟计费的 A800", "能用几个小时"), "91.7"),                            # 100 / 1.09
    (("customer budget's $60, needs a per-minute A100 80G", "so how many hours?"), "40.2"),             # 60 / 1.49
])
def test_a_budget_beside_a_per_minute_card_is_the_hours_it_buys(turns: tuple[str, str], hours: str) -> None:
    text = _reply(*turns)
    first = text.splitlines()[0]
    assert "CloudGPU" in first and hours in first


@pytest.mark.parametrize(("text", "runs", "each"), [
    ("预算 500 美元，cloudgpu 4090 上 7b qlora 每次跑 6 小时，够跑多少次", 252, "$1.98"),
    ("budget $200, 7b qlora on a 4090, each run takes 4 hours — how many runs does it cover?", 151, "$1.32"),
])
def test_how_many_runs_with_the_budget_counts_whole_runs(text: str, runs: int, each: str) -> None:
    head = _head(_reply(text))
    assert f"{runs} " in head and each in head


@given(budget=st.integers(min_value=2, max_value=5000), hours=st.integers(min_value=1, max_value=12))
@settings(max_examples=6, deadline=None)
def test_runs_are_the_budget_over_a_run_floored(budget: int, hours: int) -> None:
    each = Decimal("0.33") * hours  # a 4090 at CloudGPU, by the minute
    head = _head(_reply(f"预算 {budget} 美元，cloudgpu 4090 上 7b qlora 每次跑 {hours} 小时，够跑几次"))
    n = math.floor(Decimal(budget) / each)
    if n >= 1:
        assert f"够跑 {n:,} 次" in head


@pytest.mark.parametrize(("turns", "lead", "figure"), [
    (("预算 2.5 万，一万网络 A100 40G 能租几个月", "包年呢"), "不够年付", "¥1,880"),       # 26,880 − 25,000
    (("客户给了 2 万块，一万网络 A100 40G 能撑多久", "按年付呢"), "不够年付", "¥6,880"),
    (("预算 3 万，一万网络 A100 40G 能租几个月", "那年付的话呢"), "1 年", "¥3,120"),         # 30,000 − 26,880 left
])
def test_a_year_asked_after_a_runway_is_priced_at_the_annual_rate(turns: tuple[str, str], lead: str, figure: str) -> None:
    first = _reply(*turns).splitlines()[0]
    assert lead in first and figure in first and "¥26,880" in first


@pytest.mark.parametrize(("text", "verdict"), [
    ("今天周二，路演是 12 月 3 号，要不停跑 4 天，赶得上吗", "来不及"),      # 96 h, 63 h left
    ("demo 是周五，要连续跑 2 天，来得及吗", "来得及"),                      # 48 h, 87 h left
    ("our demo day is thursday 10:00 HKT, 7b qlora on a 4090 for 30 hours, will we make it?", "Yes"),
])
def test_a_run_of_its_own_length_is_checked_against_an_event_day(text: str, verdict: str) -> None:
    assert verdict in _reply(text).splitlines()[0]


def test_a_zone_after_the_time_is_the_deadlines_and_no_model_family() -> None:
    text = _reply("今天是周二，demo day 周五 17:00 SGT，32B 全参 8 卡 H100，2000 万 token 跑 3 轮，赶得上吗")
    assert "SGT" not in text
    assert "2026-12-04 17:00 UTC+8" in _head(text)
    en = _reply("demo day is Friday 5pm SGT. 32B full fine-tune on 8 H100s, 20M tokens, 3 epochs — will it make it?")
    assert "SGT" not in en and "2026-12-04 17:00 UTC+8" in _head(en)


@pytest.mark.parametrize("zone", ["SGT", "sgt", "HKT", "JST", "PST", "UTC", "EST"])
def test_zone_abbreviations_are_no_family(zone: str) -> None:
    assert unknown_family(f"周五 17 00 {zone} 32b 全参", f"周五 17:00 {zone} 32B 全参") is None


def test_singapore_time_is_read_as_its_zone() -> None:
    assert stated_zone("周五 17:00 SGT") == ZoneInfo("Asia/Singapore")
    assert stated_zone("friday noon singapore time") == ZoneInfo("Asia/Singapore")
    due = planning.deadline("demo day 周五 17:00 SGT，来得及吗", NOW)
    assert due is not None and due.astimezone(ZoneInfo("Asia/Singapore")).strftime("%m-%d %H:%M") == "12-04 17:00"


@pytest.mark.parametrize(("text", "budget", "card"), [
    ("预算 3090 美元，cloudgpu 4090 上 7b qlora 每次跑 1 小时，够跑几次", (Decimal(3090), "USD"), "rtx-4090"),
    ("budget $5090, 8b lora on a 4090 for a month, enough?", (Decimal(5090), "USD"), "rtx-4090"),
    ("我们有 4090 块钱预算，3090 包月够吗", (Decimal(4090), "CNY"), "rtx-3090"),
])
def test_an_amount_that_reads_like_a_card_is_money(text: str, budget: tuple[Decimal, str], card: str) -> None:
    """A number with a currency word after it or a currency sign before it is an amount, never a card's name: the
    card is the one named elsewhere in the message."""
    p = parse(text)
    assert p.asks.budget == budget and p.request.gpu == card, (p.asks.budget, p.request.gpu)
