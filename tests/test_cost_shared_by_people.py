"""A cost shared between people (issue 18, blind 74's two-person team): however the people are counted ("俩人",
"我俩", "咱们仨", "我们两个人", "50/50", "对半", "both of us", "the three of us") and however the share is asked
("AA", "平摊", "每人出多少", "each pays?", "what's that per person"), in one message with the rental or after
the last price or cost answer, the reply leads with each one's share of the total and the total, exact in the
answer's currency (rounded half up to the cent, and said so, when it does not divide). No count said ("我们 AA",
"each pays?") is read as two, and the reply says so. Prices of the tree's catalog (seeds 000, 002, 003): gpuli
RTX 4090 ₮109 a week, ₮369 a month, 8×H100 ₮14,432 a month, 8×A100 80GB ₮8,352 a month; CloudGPU RTX 4090
$0.33 an hour, A100 80GB $1.49 an hour (by the minute); 一万网络 RTX 3090 ¥1,750 a month, A100 40GB ¥2,800."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import first_lines, said


@pytest.mark.parametrize(("text", "n", "guessed"), [
    ("咱俩 AA 一下 gpuli 4090 包周", 2, False),
    ("两人平摊 cloudgpu 4090 跑 10 小时", 2, False),
    ("我们仨平摊 一万网络 a100 40g 包月", 3, False),
    ("我们两个人 AA gpuli 4090 包月", 2, False),
    ("对半分 gpuli 8 卡 h100 一个月", 2, False),
    ("going 50-50 on a gpuli 4090 for a week", 2, False),
    ("both of us chip in for a cloudgpu 4090, 10 hours", 2, False),
    ("the three of us share a gpuli 4090 for a month, what's that per person?", 3, False),
    ("AA 制 cloudgpu a100 80g 跑 6 小时", 2, True),
    ("gpuli 4090 for a month, split the bill, how much each?", 2, True),
    ("gpuli 4090 包月 每人出多少", 2, True),
])
def test_people_sharing_a_cost_are_counted_however_they_are_said(text: str, n: int, guessed: bool) -> None:
    cues = parse(text).cues
    assert (cues.split, cues.split_guessed, cues.instances) == (n, guessed, None), cues


@pytest.mark.parametrize("text", [
    "按天平摊呢，多少",  # shared over the days, not people
    "split the model across 4 cards",
    "zero3 把优化器状态分担到各卡",
    "two of us, one 4090 each at gpuli for a week",  # a card each: two rentals, never one shared
    "我们俩一人一张 gpuli 4090 包周",
])
def test_what_is_no_share_between_people_stays_none(text: str) -> None:
    assert parse(text).cues.split is None


@pytest.mark.parametrize(("turns", "share", "total"), [
    (("咱俩 AA，gpuli 8 卡 a100 包一个月 每人要出多少",), "₮4,176", "₮8,352"),
    (("we're splitting a gpuli 4090 for a week 50/50, how much each?",), "₮54.50", "₮109"),
    (("一万网络 a100 40g 包月 两人平摊",), "¥1,400", "¥2,800"),
    (("cloudgpu 4090 跑 10 小时 我们仨 AA",), "$1.10", "$3.30"),
    (("gpuli 4090 包月多少", "我俩平摊呢"), "₮184.50", "₮369"),
    (("cloudgpu a100 80g per hour?", "both of us chip in for 4 hours, how much each?"), "$2.98", "$5.96"),
    (("一万网络 3090 包月", "咱们两个人对半分"), "¥875", "¥1,750"),
    (("gpuli 8x h100 monthly", "the two of us split it, each pays?"), "₮7,216", "₮14,432"),
])
def test_each_share_and_the_total_lead(turns: tuple[str, ...], share: str, total: str) -> None:
    lead = first_lines(said(*turns), 1)
    assert share in lead and total in lead and ("÷ 2" in lead or "÷ 3" in lead), lead


@pytest.mark.parametrize(("turns", "said_so"), [
    (("cloudgpu a100 80g 跑 8 小时 我们 AA 每人多少",), "按 2 人算"),
    (("gpuli 4090 weekly", "each pays?"), "so 2 people"),
])
def test_a_share_with_no_count_is_two_and_says_so(turns: tuple[str, ...], said_so: str) -> None:
    lead = first_lines(said(*turns), 1)
    assert said_so in lead and ("$5.96" in lead or "₮54.50" in lead), lead


@pytest.mark.parametrize(("turns", "share", "note"), [
    (("gpuli 8 卡 h100 包月 仨人平摊",), "₮4,810.67", "四舍五入到分"),
    (("a gpuli 4090 for a month, split between the three of us",), "₮123", None),  # ₮369 ÷ 3 divides
    (("一万网络 a100 40g 包月", "我们三个人 AA"), "¥933.33", "四舍五入到分"),
])
def test_a_share_that_does_not_divide_says_how_it_rounds(turns: tuple[str, ...], share: str, note: str | None) -> None:
    lead = first_lines(said(*turns), 1)
    assert share in lead, lead
    assert (note in lead) if note else ("round" not in lead and "四舍五入" not in lead), lead


def test_a_cost_answer_shares_its_other_options_too() -> None:
    lead = first_lines(said("7b qlora 4090 租一周多少钱", "咱俩平摊"), 1)  # CloudGPU 168 h $55.44; gpuli's week ₮109
    assert "$27.72" in lead and "₮54.50" in lead, lead


PEOPLE = [("{n} 个人 AA", "zh"), ("我们 {n} 个人平摊 每人出多少", "zh"), ("split it {n} ways", "en"),
          ("{n} of us chip in, how much each?", "en")]
TOTALS = [("gpuli 8 卡 h100 包月", Decimal("14432"), "₮"), ("一万网络 a100 40g 包月", Decimal("2800"), "¥"),
          ("cloudgpu 4090 跑 10 小时", Decimal("3.30"), "$")]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=2, max_value=9), st.sampled_from(PEOPLE), st.sampled_from(TOTALS))
def test_any_count_of_people_gets_the_total_divided_exactly(n: int, people: tuple[str, str], rental: tuple[str, Decimal, str]) -> None:
    text, total, symbol = rental[0], rental[1], rental[2]
    lead = first_lines(said(text, people[0].format(n=n)), 1)
    share = (total / n).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    shown = f"{share:,.2f}".removesuffix(".00") if share == share.to_integral_value() else f"{share:,.2f}"
    assert f"{symbol}{shown}" in lead and f"÷ {n}" in lead, (n, lead)
    divides = share * n == total
    assert divides == ("四舍五入" not in lead and "rounded" not in lead), lead
