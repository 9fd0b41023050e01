"""Rental-plan arithmetic and price follow-ups at the hourly and weekly providers (issue 18, session 24): the
meaning decides, never the phrasing.

- A span or plan the user names is the one priced: "24 h" beside a longer span is round the clock (CloudGPU RTX
  3090 $0.21/h × 24 × 30 = $151.20); a month asked beside a dataset is the month (gpuli 8×H100 ₮14,432), the run's
  time leading.
- Plans the user sets against each other ("N weekly rentals vs a month plus a week", "weekly renewals or one
  month?") are computed for each plan, the cheaper first (gpuli RTX 4090 ₮109 a week, ₮369 a month: five weeks
  ₮545 weekly, ₮478 a month and a week), never read as the wallet's listing or a renewal.
- A follow-up that changes one thing keeps the rest: "make it 8" after a job's 3 hours is 8 hours; a card, an
  ordinal ("the first one") or a provider's figure asked back prices that one for the span; a card asked by its
  memory alone is asked at the provider of the answer before; two providers weighed weigh the same card too.

Figures: seed 000 (gpuli), seed 002 (CloudGPU).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.chat_user import conversation, lead_lines

CLOUDGPU = {"3090": Decimal("0.21"), "4090": Decimal("0.33"), "a6000": Decimal("0.44")}  # seed 002, $ an hour


def _usd(amount: Decimal) -> str:
    """Dollars the way replies write them: cents shown, except on a whole amount ($126, $55.44)."""
    return f"${amount:,.2f}".removesuffix(".00")


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(sorted(CLOUDGPU)), st.integers(min_value=2, max_value=30),
       st.sampled_from(["cloudgpu {card} {d} 天 24 小时不停 多少", "cloudgpu {card} 24 小时跑 {d} 天 要多少钱",
                        "cloudgpu {card} running 24h for {d} days, how much?", "{d} days, 24 hours, cloudgpu {card}: cost?"]))
def test_a_whole_day_in_hours_beside_a_longer_span_is_round_the_clock(card: str, days: int, frame: str) -> None:
    lead = lead_lines(conversation(frame.format(card=card, d=days)), 3)
    assert _usd(CLOUDGPU[card] * 24 * days) in lead, lead


@pytest.mark.parametrize("message, figure", [
    ("cloudgpu 4090 24 小时跑两周 多少", "$110.88"),  # 336 h × $0.33
    ("cloudgpu 3090 一天 24h 多少", "$5.04"),  # one day said in hours stays one day
])
def test_round_the_clock_in_weeks_and_one_day(message: str, figure: str) -> None:
    assert figure in lead_lines(conversation(message), 3)


@pytest.mark.parametrize("turns, cheaper, dearer", [
    (("gpuli l40s: 4 weekly rentals or one month?",), "₮649", "₮756"),  # ₮189 × 4 against ₮649
    (("gpuli a6000, six weekly rentals vs a month plus two weeks?",), "₮619", "₮690"),  # ₮389 + 2 × ₮115; 6 × ₮115
    (("gpuli 4090 续 5 次周租 还是 包月再加一周 哪个便宜",), "₮478", "₮545"),
    (("gpuli 4090 租 5 个周租 还是 一个月加一周",), "₮478", "₮545"),
    (("7b qlora on a 4090 at gpuli, deadline in 3 weeks", "3 weekly rentals or one month?"), "₮327", "₮369"),
    (("gpuli 8x h100 per week?", "We need five weeks: weekly renewals or a month and a week?"), "18,604", "20,860"),
])
def test_plans_set_against_each_other_are_each_computed(turns: tuple[str, ...], cheaper: str, dearer: str) -> None:
    reply = conversation(*turns)
    lead = lead_lines(reply, 3)
    assert cheaper in lead and dearer in lead, reply
    assert "No rentals" not in reply and "rental #" not in reply


def test_the_wallets_listing_is_still_the_listing() -> None:
    assert "No rentals recorded" in conversation("my rentals")


@pytest.mark.parametrize("turns, figure", [
    (("7b qlora on a 4090 at cloudgpu, 3 hours?", "make it 8", "and on a 3090?"), "$1.68"),  # 8 h × $0.21
    (("7b qlora on a 4090 at cloudgpu for 2 hours", "make it 6"), "$1.98"),  # 6 h on the 4090 named
    (("qwen 7b qlora cloudgpu 4090 跑 5 小时", "改成 10", "换 3090 呢"), "$2.10"),
    (("cloudgpu 4090 24 小时跑一周 多少", "换 a6000 呢"), "$73.92"),  # 168 h × $0.44
])
def test_a_change_of_one_thing_keeps_the_length(turns: tuple[str, ...], figure: str) -> None:
    assert figure in lead_lines(conversation(*turns), 3)


def test_make_it_n_after_a_count_of_cards_is_still_cards() -> None:
    assert "8× A100" in lead_lines(conversation("gpuli 4x a100 monthly", "make it 8"), 3)


@pytest.mark.parametrize("turns, figure", [
    (("compare the 3090 and the a6000 at cloudgpu", "the second one for 5 hours?"), "$2.20"),
    (("帮我对比下 cloudgpu 的 3090 和 4090", "第一个跑 20 小时多少"), "$4.20"),
    (("7b qlora for a week, gpuli 4090 or cloudgpu 4090 around the clock?", "the exact cloudgpu number?"), "$55.44"),
    (("70b qlora at cloudgpu", "cheapest 48gb card for 10 hours?"), "$4.40"),  # RTX A6000
    (("70b qlora cloudgpu", "最便宜的 80g 卡跑 5 小时多少"), "$5.45"),  # A800 80GB
    (("qwen3 8b qlora 序列 16k 4090 够吗", "那 cloudgpu 跑 10 小时多少钱"), "$3.30"),  # the 4090 named, for 10 h
])
def test_a_follow_up_prices_the_option_it_points_at_for_the_span(turns: tuple[str, ...], figure: str) -> None:
    assert figure in lead_lines(conversation(*turns), 3)


@pytest.mark.parametrize("turns, figures", [
    (("7b qlora 三天跑完 gpuli 怎么租", "cloudgpu 跑 72 小时呢", "哪个划算"), ("$15.12", "$23.76")),
    (("7b qlora for 3 days at gpuli?", "and at cloudgpu for 72 hours?", "which is cheaper?"), ("$15.12", "$23.76")),
])
def test_two_providers_weighed_also_weigh_the_card_first_priced(turns: tuple[str, ...], figures: tuple[str, ...]) -> None:
    reply = conversation(*turns)
    assert all(f in reply for f in figures), reply


@pytest.mark.parametrize("message, figures", [
    ("What's the hourly price of the 3090 and the 4090 at cloudgpu? And the difference over a 10-hour run?", ("$1.20",)),
    ("cloudgpu a6000 和 a800 每小时多少？跑 5 小时差多少？", ("$3.25",)),  # $5.45 − $2.20
])
def test_clauses_pricing_the_same_cards_are_one_comparison(message: str, figures: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(message), 3)
    assert all(f in lead for f in figures), lead


@pytest.mark.parametrize("message", [
    "32b 全参 2000万 token 3 个 epoch 8卡h100 gpuli 一个月多少钱？训一次要多久",
    "14b 全参 1000万 token 8卡h100 gpuli 一个月多少钱 训一次多久",
    "32b full ft 20M tokens 8x h100 gpuli, cost for a month? how long is one run?",
])
def test_a_month_asked_beside_a_dataset_is_the_month(message: str) -> None:
    reply = conversation(message)
    assert "14,432" in reply, reply


@pytest.mark.parametrize(("text", "said"), [
    ("gpuli 8卡 h100 想租半个月，怎么收", ("周租（7 天）", "15 天要买 21 天", "₮12,516")),  # 3 weeks × ₮4,172
    ("gpuli 4090 rent for 10 days, how is it charged?", ("weekly terms (7 days)", "10 d is bought as 14 d", "₮218")),
    ("一万网络 a100 40g 租 45 天多少", ("月租（30 天）", "45 天要买 60 天", "¥5,600")),  # 2 months × ¥2,800 (seed 003)
])
def test_a_span_bought_in_whole_terms_says_why(text: str, said: tuple[str, str, str]) -> None:
    """A span that is no whole number of the provider's terms is priced as the terms that cover it, and the reply
    says the provider sells only those terms and what the spare days are for (gpuli: 7-day weeks and 30-day months)."""
    reply = conversation(text)
    assert all(s in reply for s in said), reply


@settings(max_examples=15, deadline=None)
@given(days=st.integers(min_value=1, max_value=3))
def test_whole_weeks_say_no_spare(days: int) -> None:
    """One to three whole weeks (under the ₮369 month at ₮109 a week) buy exactly what is asked: no spare days."""
    reply = conversation(f"gpuli 4090 租 {7 * days} 天多少钱")
    assert "整段计费" not in reply, reply


@pytest.mark.parametrize(("text", "lead", "both"), [
    # the span stated, then the two plans with the comparison said between them: each plan is priced for the span
    ("an a6000 for two weeks, 2 weekly rentals cheaper or just one month?", "₮159", ("₮230", "₮389")),
    ("need 4090 for 3 weeks - are 3 weekly rentals better, or a month?", "₮42", ("₮327", "₮369")),
    ("a6000 用两周，周租两次更划算，还是直接包一个月", "₮159", ("₮230", "₮389")),
])
def test_a_span_weighed_between_two_plans_prices_both(text: str, lead: str, both: tuple[str, str]) -> None:
    """gpuli RTX A6000 ₮115 a week, ₮389 a month; RTX 4090 ₮109 and ₮369 (seed 000): the weeks covering the span
    against one month, the cheaper leading with what it saves."""
    reply = conversation(text)
    assert lead in reply.splitlines()[0] and all(figure in reply for figure in both), reply


@pytest.mark.parametrize(("text", "figure"), [
    ("A800 训 12 小时，加上下载半小时，大概多少钱", "$13.63"),  # CloudGPU A800 $1.09/h × 12.5 h (seed 002)
    ("4090 跑 10 小时，再加上预处理数据 2 小时，一共多少", "$3.96"),  # $0.33/h × 12 h
    ("a800: 12 hours of training plus half an hour of downloading, how much?", "$13.63"),
])
def test_time_beside_the_run_is_added_to_its_length(text: str, figure: str) -> None:
    reply = conversation(text)
    assert figure in "\n".join(reply.splitlines()[:2]), reply
