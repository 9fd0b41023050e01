"""Blind-13 planning behaviours (issue 18 items 3-5): money asked whether it buys a setup is a budget
even with no budget word; a calendar date is a day, never a rental length; "weekly or monthly" with a
span (stated, or the whole weeks before a deadline) compares the two on the job's card; a LoRA cost
names the seed table's card; a budget short of the safe pick but within seed 000's own minimum says both.
Phrasings are our own, in both languages; figures are the seeds' (gpuli's catalog)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser, first_lines, said

NOW = datetime(2026, 12, 1, 1, 0, tzinfo=UTC)


@pytest.mark.parametrize(("text", "budget", "cost", "left"), [
    ("3万u 能上 8卡 h100 包月吗", "₮30,000", "₮14,432", "₮15,568"),
    ("5000u 能租 8卡 h100 一周吗", "₮5,000", "₮4,172", "₮828"),
    ("will 5000 usdt get us 8x h100 for a week?", "₮5,000", "₮4,172", "₮828"),
    ("can 30k usdt rent 8x h100 for a month", "₮30,000", "₮14,432", "₮15,568"),
])
def test_money_asked_whether_it_buys_a_setup_is_a_budget_verdict(text: str, budget: str, cost: str, left: str) -> None:
    me = said(text)
    lead = first_lines(me, 1)
    assert budget in lead and cost in lead and left in lead, me.text
    assert "不够" not in lead and "not enough" not in lead.lower()


@pytest.mark.parametrize("text", [
    "我们 deadline 12月20号，7b qlora 多少钱",
    "12月18日要交付 72b qlora 跑多久",
    "2026年12月20日前 14b lora 要什么卡",
    "deadline 2026-12-20, 7b qlora cost?",
])
def test_a_calendar_date_is_never_a_rental_length(text: str) -> None:
    parsed = parse(text, NOW)
    assert parsed.asks.deadline is not None
    assert parsed.rental.duration_days is None and parsed.rental.duration_hours is None, text
    assert "来不及" not in said(text).text and "too late" not in said(text).text


@pytest.mark.parametrize(("first", "then", "weeks", "month"), [
    ("7b qlora 4090 能跑吗", "要用 12 天，按周还是按月", "2 周 × ₮109 = ₮218", "₮369"),
    ("does 7b qlora fit a 4090", "we need it for 16 days, weekly or monthly?", "3 weeks × ₮109 = ₮327", "₮369"),
    ("32b qlora 要多大显存", "用 20 天 包月还是按周", "3 周 × ₮115 = ₮345", "₮389"),
])
def test_weekly_or_monthly_for_a_span_after_a_sizing_is_priced_on_its_card(first: str, then: str, weeks: str,
                                                                           month: str) -> None:
    me = ChatUser()
    me.say(first)
    me.say(then)
    lead = first_lines(me, 3)
    assert weeks in lead and month in lead, me.text
    assert "CloudGPU" in me.text  # the per-minute provider renting the card is priced for the span too


@pytest.mark.parametrize(("text", "weeks", "month"), [
    ("32b qlora 用 9 天，周租还是月租", "2 周 × ₮115 = ₮230", "₮389"),
    ("72b qlora for 10 days, weekly or monthly?", "2 weeks × ₮269 = ₮538", "₮899"),
    ("14b qlora 4090 跑 10 天 周租还是月租", "2 周 × ₮109 = ₮218", "₮369"),
    # a deadline and no run length: rented until the deadline (whole days to it: 17 and 15), three weeks
    # still under the month (bot.understand.deadline_rental; these priced the two whole weeks before it)
    ("12月18号要交，72b qlora 周租还是包月", "3 周 × ₮269 = ₮807", "₮899"),
    ("deadline Dec 16, 72b qlora: weekly or monthly?", "3 weeks × ₮269 = ₮807", "₮899"),
])
def test_weekly_or_monthly_for_a_job_compares_both_on_its_cheapest_safe_card(text: str, weeks: str, month: str) -> None:
    me = said(text)
    lead = first_lines(me, 3)
    assert weeks in lead and month in lead, me.text
    assert len(me.lines) <= 20


@pytest.mark.parametrize(("text", "card", "price"), [
    ("14b lora 租一个月要多少", "L40S", "₮649"),
    ("monthly cost of 14b lora?", "L40S", "₮649"),
    ("budget is 300 usdt a month, can we do 14b lora?", "L40S", "₮649"),
    ("7b lora 包月多少钱", "RTX 5090", "₮499"),
])
def test_a_lora_cost_names_the_seed_tables_card_with_its_price(text: str, card: str, price: str) -> None:
    me = said(text)
    line = next((x for x in me.lines if x.startswith("📌")), "")
    assert card in line and price in line, me.text


@pytest.mark.parametrize(("text", "over", "within"), [
    ("32b 全参 预算 9000u 一个月够不够", "不够", "₮8,352，剩 ₮648"),
    ("32b full fine-tune, budget 9k usdt for a month, enough?", "not enough", "₮8,352, ₮648 left"),
    ("月底前要训完 32b 全参，手上 1万u 够吗", "不够", "₮8,352，剩 ₮1,648"),
    ("32b full finetune done by end of month, 10k usdt enough?", "not enough", "₮8,352, ₮1,648 left"),
])
def test_a_budget_short_of_the_safe_pick_but_within_the_seeds_minimum_says_both(text: str, over: str,
                                                                                within: str) -> None:
    me = said(text)
    lead = first_lines(me, 2)
    assert over in lead and "₮19,752" in lead and within in lead, me.text
    assert "8×A100 80GB SXM" in lead or "8× A100 80GB SXM" in lead


@pytest.mark.parametrize(("text", "words"), [
    ("32b 全参 下周五前 多少钱", "起租就要买 1个月"),
    ("32b full fine-tune by next friday, cost?", "sold by whole cycles"),
])
def test_a_deadline_priced_on_a_monthly_pick_says_the_month_is_what_it_costs(text: str, words: str) -> None:
    me = said(text)
    assert words in me.text, me.text
