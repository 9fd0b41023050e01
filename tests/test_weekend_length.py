"""The weekend said as how long to rent is two days (48 h), in both languages, as a question of its
own and after a price or a sizing; a weekend something is due by, or support at weekends, is no length.
Figures from the seeds (CloudGPU RTX 4090 $0.33/h, 4090 48GB $0.65/h, RTX 3090 $0.21/h, A6000 $0.44/h;
gpuli sells by the week, its shortest cycle)."""

from __future__ import annotations

import pytest

from bot.understand import fields, normalize
from tests.chat_user import first_lines, said


@pytest.mark.parametrize("text", [
    "cloudgpu 4090 for the weekend",
    "4090 over the whole weekend at cloudgpu",
    "rent a 4090 this weekend, sat+sun",
    "4090 saturday and sunday",
    "周末租 4090",
    "4090 周末两天",
    "租个周末 4090",
    "4090 周六日 跑一下",
])
def test_a_weekend_rented_is_two_days(text: str) -> None:
    assert fields.duration(normalize.normalize(text)) == (2.0, None)


@pytest.mark.parametrize("text", [
    "14b qlora 周末前要训完",
    "need it done by the weekend",
    "客服周末有人吗",
    "is support there on weekends",
    "finish before the weekend",
])
def test_a_weekend_due_or_support_is_no_length(text: str) -> None:
    assert fields.duration(normalize.normalize(text)) == (None, None)


@pytest.mark.parametrize(("text", "total"), [
    ("cloudgpu 4090 for the weekend, how much", "$15.84"),  # 48 h × $0.33
    ("weekend on a 4090 48g at cloudgpu, cost?", "$31.20"),  # 48 h × $0.65
    ("周末租 cloudgpu 3090 多少钱", "$10.08"),  # 48 h × $0.21
    ("cloudgpu 4090 48g 周六加周日 多少", "$31.20"),
])
def test_a_weekend_is_priced_for_48_hours(text: str, total: str) -> None:
    assert total in first_lines(said(text))


def test_a_weekend_at_a_cycle_provider_is_its_shortest_cycle() -> None:
    lines = first_lines(said("gpuli 4090 周末两天多少"))
    assert "₮109" in lines and "1 周" in lines


@pytest.mark.parametrize(("turns", "total"), [
    (["cheapest cloudgpu card that fits 32b qlora", "weekend cost (sat+sun)"], "$21.12"),  # A6000 48 h × $0.44
    (["cloudgpu 3090 每小时多少", "那周末两天呢"], "$10.08"),
    (["planning to qlora qwen 14b this weekend"], "$10.08"),  # RTX 3090 48 h
    (["14b qlora 这周末在 cloudgpu 跑"], "$10.08"),
])
def test_a_weekend_after_a_price_or_a_sizing(turns: list[str], total: str) -> None:
    assert total in first_lines(said(*turns), 12)


def test_weekend_said_twice_is_one_weekend() -> None:
    assert fields.duration(normalize.normalize("ok for the weekend then, sat+sun")) == (2.0, None)


@pytest.mark.parametrize(("turns", "verdict", "fits"), [
    (["4090 48g at cloudgpu per hour?", "for the whole weekend (48h)?", "i only have 25 bucks tho"], "not enough", "38.4"),
    (["cloudgpu 4090 48g 48小时多少", "我只有 25 刀"], "不够", "38.4"),
    (["cloudgpu 4090 48g for the weekend", "we've only got $25"], "not enough", "38.4"),
    (["周末租 cloudgpu 4090 48g 多少", "手上就 25 刀"], "不够", "38.4"),
])
def test_money_held_after_a_priced_length_weighs_that_rental(turns: list[str], verdict: str, fits: str) -> None:
    lines = first_lines(said(*turns))
    assert verdict in lines and "$31.20" in lines and fits in lines  # 48 h × $0.65; $25 buys 38.4 h


def test_money_held_after_an_hourly_price_is_still_a_runway() -> None:
    assert "75.7" in first_lines(said("cloudgpu 4090 每小时多少", "我只有 25 刀"))  # $25 / $0.33


@pytest.mark.parametrize(("turns", "verdict", "figure"), [
    (["planning to qlora qwen 14b this weekend", "budget like 30 bucks"], "enough", "$8.88"),  # $30 − $21.12 (A6000 48 h)
    (["14b qlora 周末跑", "预算 30 刀"], "够", "$8.88"),
    (["cloudgpu 4090 for the weekend", "预算 10 刀"], "不够", "$5.84"),  # $15.84 − $10
    (["cloudgpu 4090 for the weekend", "our budget is $10"], "not enough", "$5.84"),
])
def test_a_budget_said_after_a_priced_length_weighs_it(turns: list[str], verdict: str, figure: str) -> None:
    lines = first_lines(said(*turns))
    assert verdict in lines and figure in lines


@pytest.mark.parametrize("turns", [
    ["预算 30 刀"],
    ["cloudgpu 4090 for the weekend", "set monthly budget to $30"],
    ["cloudgpu 4090 for the weekend", "月预算 30 刀"],
])
def test_a_budget_set_alone_or_as_monthly_still_sets_it(turns: list[str]) -> None:
    lines = first_lines(said(*turns))
    assert "$30.00" in lines and "$8.88" not in lines


@pytest.mark.parametrize(("turns", "figures"), [
    # a job in the conversation, then money a month: that plan against it, never the wallet's monthly budget set
    (["我们要微调 qwen2.5-32b 做客服问答", "预算 2k U/月，能跑起来就行"], ("₮2,000", "₮1,699")),
    (["need a 72B full fine-tune", "budget 20k USDT/month, prefer no offload"], ("₮20,000", "₮19,752")),
    (["想做 72b 全参微调", "每月预算 2 万 U"], ("₮20,000", "₮14,432")),  # offload allowed: 8×H100 ZeRO-3+offload
    (["we want to fine-tune qwen2.5-32b for support chat", "our budget is 2000 usdt a month"], ("₮2,000", "₮1,699")),
])
def test_a_monthly_budget_said_after_a_job_answers_the_plan_against_it(turns: list[str], figures: tuple[str, ...]) -> None:
    lines = first_lines(said(*turns))
    assert all(f in lines for f in figures), lines
    assert "月预算已设置" not in lines and "Monthly budget set" not in lines, lines


@pytest.mark.parametrize("turns", [
    ["need a 72B full fine-tune", "set the monthly budget to 20k usdt"],
    ["想做 72b 全参微调", "把月预算设置成 2 万 U"],
])
def test_a_set_verb_after_a_job_still_sets_the_monthly_budget(turns: list[str]) -> None:
    lines = first_lines(said(*turns))
    assert "₮20,000" in lines and "₮19,752" not in lines, lines


@pytest.mark.parametrize(("text", "amount"), [
    ("Please put a monthly spending cap of $750 on our team", "$750.00"),
    ("set our spend cap to 300 usd a month", "$300.00"),
    ("把每月的开支上限设成 8000 元", "¥8,000.00"),
    ("请将本组每月支出上限设定为人民币叁仟元整", "¥3,000.00"),
])
def test_a_spending_cap_is_the_monthly_budget(text: str, amount: str) -> None:
    """A cap on spending ("spending cap", "支出上限", "开支上限") is the monthly budget by another name: set and named
    back, never a FAQ guess."""
    lines = first_lines(said(text))
    assert ("月预算已设置" in lines or "Monthly budget set" in lines) and amount in lines, lines
