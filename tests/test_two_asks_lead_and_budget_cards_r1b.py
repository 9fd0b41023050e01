"""Two asks in one message, neither dropped nor misread (session 28, round 1, blind 78/79 leftovers):

- a count before each of two cards ("4x H100 SXM vs 4x A100 SXM, monthly") is each setup's count, never a
  multiplier of the month (seed 000: gpuli's 4×H100 SXM ₮7,444 and 4×A100 SXM ₮4,308 a month, not 120 days);
- "一卡一小时折合多少" asks the per-card-hour rate (gpuli's 8×H100 month: ₮14,432 ÷ (8 × 720 h) ≈ ₮2.51), not a
  rental of one card for one hour that nobody offers;
- a job's cost on a card and whether the job fits it: the verdict leads, the cost follows;
- a budget with "which cards" lists the single cards it rents for the span (a month unless said): seed 000's RTX
  4090 ₮369 and RTX A6000 ₮389 are within ₮400, the RTX 5090 ₮499 is not.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("ask", [
    "4x H100 SXM vs 4x A100 SXM, monthly price each",
    "14B full, zero-3: 4x h100 sxm or 4x a100 sxm, monthly?",
    "compare 4x h100 and 4x a100 sxm per month",
])
def test_counts_before_two_cards_are_no_multiplier_of_the_month(ask: str) -> None:
    reply = conversation(ask)
    assert "7,444" in reply and "4,308" in reply, reply
    assert "120 d" not in reply and "120 天" not in reply, reply


@given(count=st.integers(min_value=2, max_value=8), unit=st.sampled_from(["monthly", "weekly", "月付", "周租"]))
@settings(max_examples=12, deadline=None)
def test_a_count_of_cards_never_multiplies_the_term(count: int, unit: str) -> None:
    days = 30.0 if unit in ("monthly", "月付") else 7.0
    assert parse(f"{count}x h100 vs {count}x a100 {unit}").rental.duration_days == days


@pytest.mark.parametrize(("ask", "rate"), [
    ("h100 sxm 一卡一小时折合多少", "2.51"),
    ("H100 单卡一小时折合多少钱", "2.51"),
    ("a100 80g 一张卡一天折合多少", "29.97"),  # gpuli's A100 80GB PCIe month ₮899 ÷ 30 days
])
def test_one_card_one_unit_with_zhehe_is_the_rate(ask: str, rate: str) -> None:
    reply = conversation(ask)
    assert rate in reply, reply
    assert "没有哪家单租" not in reply, reply


@pytest.mark.parametrize("ask", [
    "how much is a 4090 week on gpuli and does 7b qlora fit on it?",
    "gpuli 4090 周租多少，7b qlora 放得下吗",
    "what's a week of a 4090 at gpuli, and would a 7b qlora fit?",
])
def test_the_fit_leads_the_cost_asked_beside_it(ask: str) -> None:
    reply = conversation(ask)
    assert "✅" in lead_lines(reply, 2), reply
    assert "₮109" in reply, reply


@pytest.mark.parametrize("ask", [
    "一个月 400 U 以内能租什么卡",
    "月预算 400 USDT 能租哪些卡",
    "what cards can I rent under 400 USDT a month",
    "budget 400u per month, which gpus can I get?",
])
def test_a_budget_lists_the_cards_it_rents(ask: str) -> None:
    reply = conversation(ask)
    head = lead_lines(reply, 12)
    assert "₮369" in head and "₮389" in head, reply  # gpuli RTX 4090 and RTX A6000 a month
    assert "₮499" not in reply, reply  # the RTX 5090's month is over ₮400
    assert "16 GB: RTX 4080" not in reply, reply  # not the bare catalog


def test_a_week_budget_prices_weeks() -> None:
    reply = conversation("under $200 a week, which gpus can I rent?")
    assert "₮109" in reply and "$55.44" in reply, reply  # gpuli 4090 week; CloudGPU 4090 168 h × $0.33
