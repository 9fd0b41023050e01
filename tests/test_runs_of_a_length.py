"""Several runs, or several separate cards, each of a length ("跑 4 次每次 3 小时", "8 runs of 45 min each",
"three 4090s, 4 hours each", "3 张 4090 各 4 小时"), also as a follow-up and against a budget: that many
single-card rentals, their total leading. Per-minute billing is per run (each run its own minutes) and the
runs are summed exactly, the total rounded once when shown (8 × 45 min × $0.21/h = $1.26, never 8 × $0.16).
A provider billing by cycles prices each instance for its own cycle. Seed 002: CloudGPU RTX 3090 $0.21 an
hour, RTX 4090 $0.33, A100 80GB $1.49, billed by the minute; seed 000: gpuli RTX A6000 ₮115 a week."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import ChatUser, first_lines, said

RATE_3090 = Decimal("0.21")  # seed 002, $/h


@pytest.mark.parametrize(("text", "total", "each"), [
    ("cloudgpu 4090 跑 4 次，每次 3 小时，多少钱", "$3.96", "4 × $0.99"),
    ("4 runs, 3 hours apiece, cloudgpu 4090, how much", "$3.96", "4 × $0.99"),
    ("cloudgpu 上 3 张 4090 各 4 小时 一共多少", "$3.96", "3 × $1.32"),
    ("three 4090s on cloudgpu, 4 hours each, what's the bill", "$3.96", "3 × $1.32"),
    ("3 个实验 每个 2 小时 cloudgpu 3090 总价", "$1.26", "3 × $0.42"),
    ("each run is 45 min, 8 runs, cloudgpu 3090", "$1.26", "8 × $0.1575"),
    ("每轮 45 分钟，跑 6 轮，cloudgpu 3090 一共", "$0.95", "6 × $0.1575"),
    ("cloudgpu 3090 上 4 张卡同时扫参，每张 45 分钟", "$0.63", "4 × $0.1575"),
])
def test_runs_of_a_length_lead_with_their_total(text: str, total: str, each: str) -> None:
    lead = first_lines(said(text), 1)
    assert total in lead and each in lead, lead


@pytest.mark.parametrize(("first", "then", "total"), [
    ("cloudgpu 3090", "跑 8 次 每次 45 分钟", "$1.26"),
    ("3090 on cloudgpu", "8 runs x 45 min each, total?", "$1.26"),
    ("cloudgpu 4090 per hour", "跑 4 个 seed 每个 2.5 小时 一共呢", "$3.30"),
    ("gpuli a6000 weekly", "two of them for 2 weeks, total?", "₮460"),
    ("gpuli 周租 a6000", "两张各租两周 合计", "₮460"),
])
def test_runs_of_a_length_after_a_card(first: str, then: str, total: str) -> None:
    me = said(first, then)
    assert total in first_lines(me, 1), me.text


@pytest.mark.parametrize(("text", "enough", "total"), [
    ("预算 30 刀，cloudgpu a100 80g 跑 5 次每次 3 小时，够吗", True, "$22.35"),
    ("budget $20, 5 runs of 3h each on a cloudgpu a100 80g, enough?", False, "$22.35"),
    ("15 刀预算 cloudgpu 4090 跑 6 轮 每轮 8 小时 够不够", False, "$15.84"),
])
def test_a_budget_weighs_all_the_runs(text: str, enough: bool, total: str) -> None:
    lead = first_lines(said(text), 1)
    assert total in lead, lead
    short = "不够" in lead or "not enough" in lead
    assert short == (not enough) and (short or "够。" in lead or "enough." in lead), lead


def test_one_run_stays_one() -> None:
    assert parse("cloudgpu 4090 跑 3 小时多少钱").cues.instances is None
    assert parse("8 张 h100 每张多少钱").cues.instances is None  # a card's price asked, no length of each


@settings(max_examples=15, deadline=None)
@given(runs=st.integers(2, 12), minutes=st.integers(5, 300))  # a total under a cent keeps its digits (engine.money)
def test_per_minute_runs_summed_exactly(runs: int, minutes: int) -> None:
    """Each run billed on its own minutes, the runs summed unrounded, the total rounded once."""
    me = ChatUser()
    me.say("cloudgpu 3090")
    me.say(f"{runs} runs of {minutes} minutes each, total?")
    total = (RATE_3090 * minutes / 60 * runs).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    shown = f"${total:,.2f}".replace(".00", "")
    assert shown in first_lines(me, 1), me.text
