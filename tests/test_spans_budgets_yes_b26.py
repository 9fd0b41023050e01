"""Blind set 26, each a class of message (prices from seeds 000 and 002):
- a longer follow-up that gives a span and asks what the last job costs for it, or points at it ("it",
  "that", "这个"), is that job for the span; hours a day over a span ("6 hours a day for 10 days") bill the
  hours run where the provider charges by the minute (CloudGPU RTX 4090 $0.33/h: 60 h = $19.80) and the
  whole span where it rents weeks (gpuli: two weeks of an RTX 4090, 2 × ₮109 = ₮218);
- a budget with a question of how long it lasts is asked, never set: the wallet is untouched and the hours
  it rents on the card picked come back (RTX 3090 $0.21/h: $10 is about 47.6 h); at a provider the question
  names, the first fitting card sold there (72B QLoRA at gpuli: A100 80GB PCIe ₮269/week, ₮899/month);
- "the biggest qlora/lora we can do/that fits" with money and a span is the largest model that money rents;
- a yes/no question about renting a job for a span leads with yes and the rental, said in full words;
- a setup sold only by the month, asked for a shorter span, names a setup as roomy sold for that span;
- a word after an amount ("$5 which", "300, what's left") is never read as the k/w (万) multiplier."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.chat_user import ChatUser, conversation, counts, lead_lines


@pytest.mark.parametrize(("first", "turn", "figure"), [
    ("7b qlora on a 4090 at cloudgpu, how much an hour?", "we plan to use it 6 hours a day for 10 days, what's the total?", "$19.80"),
    ("cloudgpu 上 4090 跑 7b qlora 每小时多少", "每天用 6 小时，用 10 天，总共多少钱？", "$19.80"),
    ("7b qlora on a 4090 at cloudgpu", "8h/day for 3 weeks, total?", "$55.44"),  # 168 h × $0.33
    ("7b qlora on a 4090 at gpuli", "6 hours a day for 10 days, total?", "₮218"),  # the calendar span: 2 weeks
    ("gpuli 4090 跑 7b qlora", "一天 6 个小时，跑 10 天，一共多少", "₮218"),
])
def test_hours_a_day_over_a_span(first: str, turn: str, figure: str) -> None:
    lead = lead_lines(conversation(first, turn), 3)
    assert figure in lead, lead


@pytest.mark.parametrize(("first", "turn", "figure"), [
    ("14b qlora, which card?", "we'd like to keep it running 5 days at cloudgpu, how much?", "$39.60"),
    ("14b qlora 用什么卡？", "这个在 cloudgpu 连续跑 3 天，多少钱？", "$23.76"),
    ("7b qlora, which card?", "could we rent that for only one week at gpuli?", "₮109"),
    ("7b qlora 用什么卡", "这个在 gpuli 只租一周可以吗？", "₮109"),
])
def test_a_longer_span_follow_up_prices_the_last_job(first: str, turn: str, figure: str) -> None:
    lead = lead_lines(conversation(first, turn), 3)
    assert figure in lead, lead


@pytest.mark.parametrize(("turn", "hours"), [
    ("with a budget of $10, how many hours do we get", "47.6"),
    ("budget $10, how long does that last", "47.6"),
    ("预算 10 美元，能用多少小时", "47.6"),
    ("预算10刀 能跑几个小时", "47.6"),
])
def test_a_budget_asked_how_long_is_never_set(turn: str, hours: str) -> None:
    me = ChatUser()
    me.say("8b qlora at cloudgpu, cheapest card?")
    before = counts(me.store)
    me.say(turn)
    assert counts(me.store) == before  # no monthly budget written
    lead = lead_lines(me.text, 3)
    assert hours in lead and "RTX 3090" in lead, lead


@pytest.mark.parametrize("turn", [
    "how long would 500 usdt keep it going at gpuli?",
    "500u 在 gpuli 能撑多久？",
])
def test_a_runway_at_the_named_provider_rents_a_card_sold_there(turn: str) -> None:
    lead = lead_lines(conversation("72b qlora, what card?", turn), 3)
    assert "gpuli" in lead.splitlines()[0] and "₮269" in lead and "A800" not in lead, lead
    assert "1 week" in lead or "1 周" in lead, lead


@pytest.mark.parametrize(("message", "size"), [
    ("we have ₮700 and a week, what's the largest lora we could run at gpuli?", "32B"),
    ("₮700 for one week at gpuli, biggest qlora that fits?", "72B"),
    ("gpuli 上 ₮700 租一周，最大能做多大的 qlora？", "72B"),
])
def test_the_biggest_model_money_and_a_span_rent(message: str, size: str) -> None:
    lead = lead_lines(conversation(message), 3)
    assert size in lead.splitlines()[0], lead


@pytest.mark.parametrize(("message", "verdict", "figure"), [
    ("can we do a 2-day 7b qlora at gpuli without buying a month?", "Yes", "₮109"),
    ("is a 4 day 8b qlora run at gpuli possible on a weekly rental?", "Yes", "₮109"),
    ("gpuli 上跑 2 天的 7b qlora，能不买月租吗？", "可以", "₮109"),
    ("can I run a 7b qlora for 5 hours at cloudgpu?", "Yes", "$1.05"),  # 300 min × $0.21/h
])
def test_a_yes_no_rental_question_leads_with_the_verdict(message: str, verdict: str, figure: str) -> None:
    text = conversation(message)
    first = text.strip().splitlines()[0]
    assert first.startswith(f"✅ {verdict}") and figure in first, text
    assert " wk" not in text and " mo " not in text, text  # units in full words: "1 week", "2 weeks"


def test_a_month_is_no_yes() -> None:
    """A span a month covers best (25 days at gpuli: four weeks ₮436 are more than the month ₮369) gets no "yes, no full month" lead: the cost says it."""
    text = conversation("can we run a 7b qlora for 25 days at gpuli?")
    assert not text.startswith("✅"), text
    assert "1 month" in text, text


@pytest.mark.parametrize("turn", [
    "could we take that for only two weeks?",
    "这个只租两周可以吗？",
    "it's for 14 days only, can we rent it like that?",
])
def test_a_setup_sold_by_the_month_for_a_shorter_span_names_one_sold_by_the_week(turn: str) -> None:
    """gpuli sells 8× A100 80GB SXM by the month only (₮8,352); 8× H100 SXM, as many 80 GB cards, by the
    week (₮4,172): two weeks of it, ₮8,344, lead."""
    lead = lead_lines(conversation("32b full fine-tune price at gpuli", turn), 3)
    assert "₮8,344" in lead and "₮8,352" in lead, lead


@pytest.mark.parametrize(("message", "figure"), [
    ("with $5 which card can we rent, and for how long?", "5"),
    ("budget $5 what can we rent", "5"),
    ("set budget 300, what's left?", "300"),
    ("预算 3w 够租 8 卡 h100 一个月吗", "30000"),  # "3w" is 3 万: the multiplier stays a multiplier
    ("budget 2k, enough for a week?", "2000"),
])
def test_a_word_after_an_amount_is_no_multiplier(message: str, figure: str) -> None:
    """"$5 which card": the "w" of "which" is no 万 ($50,000), "300, what's left" no 3,000,000."""
    from bot.understand.parser import parse
    parsed = parse(message)
    read = {parsed.rental.amount, parsed.asks.budget[0] if parsed.asks.budget else None} - {None}
    assert read == {Decimal(figure)}, read
