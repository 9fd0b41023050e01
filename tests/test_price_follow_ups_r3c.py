"""Price and budget follow-ups in a conversation (issue 18, classes E/F): a hyphenated length ("a 10-day run") is
that length, "total with a 3090 instead?" is the last price on the card it names, and money said as held ("we're
on cloudgpu with $100", "cloudgpu 上有 100 美元") is divided into the card named next. Seeds 001 (gpuli), 002 (CloudGPU)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("text, days, hours", [
    ("gpuli 4090 for a 10-day run?", 10.0, None), ("price of a 2-week 4090 rental at gpuli", 14.0, None),
    ("a 36-hour job on a cloudgpu 3090?", None, 36.0), ("cloudgpu a6000, 12-hour run, how much", None, 12.0)])
def test_a_hyphenated_length_is_that_length(text: str, days: float | None, hours: float | None) -> None:
    parsed = parse(text)
    assert parsed.intent == "price"
    assert (parsed.rental.duration_days, parsed.rental.duration_hours) == (days, hours)


@pytest.mark.parametrize("turns, figure", [
    (("gpuli 4090 for a 10-day run?", "and for 25 days?"), "₮369"),  # a month covers 25 days
    (("gpuli 4090 for a 10-day run?",), "₮218"),  # two weeks × ₮109
    (("a 36-hour job on a cloudgpu 4090?",), "$11.88"),  # 36 h × $0.33
])
def test_hyphenated_lengths_are_priced(turns: tuple[str, ...], figure: str) -> None:
    assert figure in lead_lines(conversation(*turns), 3)


@pytest.mark.parametrize("turns", [
    ("how much is the cloudgpu 4090 per hour?", "we'd run it 36h straight", "total with a 3090 instead?"),
    ("cloudgpu 4090 for 36 hours", "total with a 3090 instead?"),
    ("cloudgpu 4090 for 36 hours", "and the total on a 3090?"),
    ("cloudgpu 4090 跑 36 小时多少钱", "换成 3090 一共多少"),
    ("cloudgpu 4090 跑 36 小时", "那 3090 总共多少"),
])
def test_total_on_another_card_prices_the_same_length(turns: tuple[str, ...]) -> None:
    assert "$7.56" in lead_lines(conversation(*turns), 3)  # 36 h × $0.21 (RTX 3090 at CloudGPU)


@pytest.mark.parametrize("turns", [
    ("we're on cloudgpu with $100", "how long can we run an a100 80g on that?"),
    ("we have $100 at cloudgpu", "how many hours of an a100 80g does that buy?"),
    ("我们 cloudgpu 上有 100 美元", "a100 80g 能跑多久"),
    ("cloudgpu 账户里有 100 美元", "租 a100 80g 够用多久"),
])
def test_money_held_then_a_card_is_how_long_it_runs(turns: tuple[str, ...]) -> None:
    assert "67.1" in lead_lines(conversation(*turns), 3)  # $100 / $1.49 an hour


def test_money_with_a_budget_word_stays_a_budget() -> None:
    assert parse("with a $100 budget, can i run a 4090 at cloudgpu for a day").asks.budget is not None


@pytest.mark.parametrize("turns, figure", [
    (("14b full ft on 4x a100 sxm at gpuli", "what if we go 4x h100 instead?", "monthly difference?"), "₮3,136"),
    (("14b 全参 gpuli 4卡 a100 sxm", "换成 4 卡 h100 呢", "每月差多少钱"), "₮3,136"),  # ₮7,444 − ₮4,308
    (("7b lora on a 4090 at gpuli", "and on a 5090?", "weekly difference?"), "₮40"),  # ₮149 − ₮109
    (("32b 全参 8卡 a100 sxm 一个月", "改成 h100 呢", "贵多少"), "₮6,080"),  # ₮14,432 − ₮8,352, both at gpuli
    (("32b full ft on 8x a100 for a month", "what about h100?", "how much more?"), "₮6,080"),
])
def test_the_difference_after_a_card_change_is_weighed_at_one_provider(turns: tuple[str, ...], figure: str) -> None:
    assert figure in lead_lines(conversation(*turns), 3)


def test_what_if_with_a_card_changes_the_job_before() -> None:
    parsed = parse("what if we go 4x h100 instead?")
    assert parsed.intent == "size" and parsed.follow_up and parsed.request.num_gpus == 4


@pytest.mark.parametrize("turns", [
    ("gpuli 8x h200 monthly?", "budget's 15k usdt -- best 8-gpu box within that?"),
    ("gpuli 8卡 h200 包月多少", "预算 1.5 万 u 够吗"),
    ("8x h200 at gpuli for a month", "we only have 15000 usdt, is that enough?"),
])
def test_a_budget_short_of_the_setup_names_the_best_card_it_buys(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 3)
    assert "₮19,752" in lead and "₮14,432" in lead and "H100" in lead  # 8× H200 over ₮15,000; 8× H100 within it


@pytest.mark.parametrize("turns", [
    ("gpuli 4090 monthly price", "budget is 300 usdt, ok?", "what fits 300 then, for ~2 weeks?"),
    ("gpuli 4090 包月多少", "预算 300u 够吗", "那 300u 两周呢"),
])
def test_an_amount_after_fits_is_the_budget(turns: tuple[str, ...]) -> None:
    assert "₮218" in lead_lines(conversation(*turns), 3)  # two weeks × ₮109 within ₮300


@pytest.mark.parametrize("text, figure, also", [
    ("4090 on cloudgpu for 3 hours -- and what happens if our balance runs out mid-run?", "$0.99", "balance"),
    ("cloudgpu 4090 跑 3 小时 —— 另外 如何避免余额用完被销毁？", "$0.99", "余额"),
    ("gpuli 4090 a week — and how soon can i ssh in?", "₮109", "SSH"),
])
def test_a_dash_and_a_joining_word_between_two_questions_answers_both(text: str, figure: str, also: str) -> None:
    reply = conversation(text)
    assert figure in lead_lines(reply, 3) and also in reply
