"""Blind set 19's classes, fixed as behaviour:

- a budget inside a question about what it buys ("budget 2k usdt, biggest full finetune for a month?",
  "预算1万5 全参最大几B") is planning: the largest seed size class whose cheapest safe setup the
  budget covers leads, with its setup and cost and the next class's; the wallet's budget is untouched;
- a per-minute total cents would round (90 minutes of a $0.33/h card is $0.495) is shown exactly,
  "$0.495 (≈ $0.50)", with its per-minute rate;
- a card count too small for a full fine-tune names seed 000's count for the class when it only may
  fit (14B on 4 × 80 GB, ZeRO-3), with what its high end is over by, beside the safe count.
"""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser, counts, first_lines, said

# ₮2,000 a month: 7B full (gpuli 1× MI300X ₮1,699) is covered, 14B (gpuli 4× A100 SXM ₮4,308) is not
TWO_K_MONTH_FULL = [
    "budget 2k usdt, biggest full finetune I can run for a month?",
    "we've got 2000 usdt for one month, what's the largest model we can full fine-tune",
    "预算 2000U，一个月全参最大能训多大的",
    "2000u 预算 全参 一个月 能训多大的模型",
]


@pytest.mark.parametrize("text", TWO_K_MONTH_FULL)
def test_a_budget_asked_what_it_buys_names_the_largest_class(text: str) -> None:
    me = ChatUser()
    before = counts(me.store)
    me.say(text)
    lead = first_lines(me)
    assert "7B/8B" in lead and "₮1,699" in lead and "MI300X" in lead, me.text
    assert "14B" in lead and "₮4,308" in lead, me.text  # the next class up and what it costs
    assert counts(me.store) == before, "a planning question never sets the wallet's budget"


@pytest.mark.parametrize(("text", "size", "cost"), [
    ("budget 50k rmb, largest model we can full fine-tune in a month?", "14B", "₮4,308"),
    ("预算5万人民币 全参一个月最大几B", "14B", "₮4,308"),
    ("$300 budget, qlora for a week: what's the biggest model I can train?", "72B", "$183.12"),
    ("一周 300 美元做 qlora，最大能训多大", "72B", "$183.12"),
])
def test_the_class_follows_the_money(text: str, size: str, cost: str) -> None:
    lead = first_lines(said(text), 2)
    assert size in lead and cost in lead, lead


def test_short_even_for_the_smallest_class_says_so_with_the_seeds_minimum() -> None:
    me = said("预算1万 全参最大几B")  # ¥10,000 < gpuli 1× MI300X ₮1,699 (≈ ¥12,063); the seed's 1× A100 + 8-bit ₮899 fits
    lead = first_lines(me)
    assert "不够" in lead and "7B/8B" in lead and "₮899" in lead, me.text


@pytest.mark.parametrize("text", ["set my budget to 2k usdt", "预算设为 2000u", "budget 2000 usdt"])
def test_setting_a_budget_stays_a_wallet_action(text: str) -> None:
    reading = parse(text)
    assert reading.intent == "wallet" and reading.wallet is not None and reading.wallet.kind == "budget_set", text


@pytest.mark.parametrize(("text", "exact", "rounded", "rate"), [
    ("cloudgpu 4090 跑 90 分钟多少钱", "$0.495", "$0.50", "$0.0055"),
    ("how much is a 3090 on cloudgpu for 25 min", "$0.0875", "$0.09", "$0.0035"),
    ("cloudgpu 上 a100 用 90 分钟要多少", "$2.235", "$2.24", "≈ $0.0248"),
    ("7b qlora, cloudgpu 4090, 90 minutes, how much?", "$0.495", "$0.50", "$0.0055"),
])
def test_a_per_minute_total_past_cents_is_shown_exactly(text: str, exact: str, rounded: str, rate: str) -> None:
    lead = first_lines(said(text))
    assert f"{exact}" in lead and f"≈ {rounded}" in lead and rate in lead, lead


def test_a_total_in_whole_cents_is_printed_as_before() -> None:
    lead = first_lines(said("cloudgpu 4090 跑 2 小时多少钱"))
    assert "$0.66" in lead and "≈" not in lead and "/分钟" not in lead, lead


@pytest.mark.parametrize("text", [
    "qwen3 14b 全参 两张 h100 够吗",
    "qwen3-14b full finetune on 2x h100, will it fit?",
    "qwen3-14b full ft on a single h100?",
    "qwen3 14b 全参 一张 h100 能跑吗",
])
def test_a_count_too_small_names_the_seeds_count_and_the_safe_one(text: str) -> None:
    me = said(text)
    lead = first_lines(me)
    # 4 × H100 (ZeRO-3): 70.8 GB expected, up to 82.2 GB of 80 GB; 8 × H100 holds it with room
    assert "4×H100" in lead.replace("× ", "×") and "82.2" in lead and "2.2 GB" in lead, me.text
    assert "8×H100" in lead.replace("× ", "×"), me.text


def test_where_the_seeds_count_holds_the_job_it_is_the_count_named() -> None:
    # a round 14B on 4 × H100 (ZeRO-3): up to 78.4 GB of 80 GB, so the seed's count is the safe one
    lead = first_lines(said("14b full finetune on 2x h100, will it fit?"))
    assert "4× H100" in lead and "may fit" not in lead and "8× H100" not in lead, lead
