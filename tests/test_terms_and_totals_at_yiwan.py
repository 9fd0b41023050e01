"""Money over longer terms at the monthly provider (一万网络) and totals with add-ons, read by meaning: what was priced
last plus what the message adds; a term (a year, a quarter, N months) multiplies per the provider's billing; a band
stays a band, and a budget is weighed against its high end.

Figures from seed 003: A100 40G ¥2,800 a month, a year paid at once 20% off (¥26,880; twelve months paid monthly
¥33,600); same-account repeat purchase ¥100 off a month; CPU 16 cores ¥400 and memory 128G ¥600 a month; T4 ¥900 a
month (the cheapest there); 8×A100 80G server an estimated ¥25–40k a month, 8×H100 ¥80–120k a month, both 15% off
paid yearly (¥255,000–408,000 and ¥816,000–1,224,000 a year)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.chat_user import first_lines, said

A100_40G = Decimal(2800)
YEAR_PREPAID = A100_40G * 12 * Decimal("0.8")  # ¥26,880
UPGRADES = Decimal(400) + Decimal(600)  # the 16-core CPU and the 128G memory, a month each


def _money(value: Decimal) -> str:
    return f"¥{value:,.0f}"


# a year paid month by month against the year paid at once, with or without money held before
@pytest.mark.parametrize("turns", [
    ["yiwan a100 40g monthly?", "and yearly?", "how much does paying yearly save vs monthly over a year?"],
    ["yiwan a100 40g monthly?", "how much cheaper is the annual plan than paying monthly over 12 months?"],
    ["经费 4 万 一万网络 能租啥", "a100 40g 年付够吗", "要是按月付一整年呢"],
    ["经费 4 万 一万网络 能租啥", "a100 40g 年付够吗", "月付一年的话呢"],
])
def test_a_year_by_the_month_is_weighed_against_the_prepaid_year(turns: list[str]) -> None:
    lines = first_lines(said(*turns))
    assert _money(A100_40G * 12) in lines and _money(A100_40G * 12 - YEAR_PREPAID) in lines  # ¥33,600, saving ¥6,720


# after money was divided into the rental ("能租几个月"), a span's own price is asked: that span, no runway again
@pytest.mark.parametrize("turns", [
    ["一万网络 a100 40g", "8000 块能租几个月", "年付的话一年多少"],
    ["一万网络 a100 40g 月租", "一万块 够租多久", "包年一年要多少钱"],
])
def test_the_years_price_after_a_runway(turns: list[str]) -> None:
    me = said(*turns)
    assert _money(YEAR_PREPAID) in first_lines(me) and "个月，共" not in me.text


# a ceiling stated after the month's price, with a count and the annual term: that many cards for the year
@pytest.mark.parametrize(("turns", "total", "verdict"), [
    (["一万网络 A100 40G 月付多少", "审批上限 5 万，三张年付能批吗"], YEAR_PREPAID * 3, "不够"),
    (["一万网络 A100 40G 月付多少", "额度 6 万以内，两张包年够不够"], YEAR_PREPAID * 2, "够"),
    (["yiwan a100 40g monthly price?", "our cap is 50k yuan, two cards paid annually, ok?"], YEAR_PREPAID * 2, "not enough"),
])
def test_count_and_year_against_a_ceiling(turns: list[str], total: Decimal, verdict: str) -> None:
    lines = first_lines(said(*turns))
    assert _money(total) in lines and verdict in lines.lower()


# a budget said after a sizing, then the card asked for a year: the year there, against that budget
@pytest.mark.parametrize("turns", [
    ["qwen 7b lora 在一万网络用啥卡", "预算 3w", "a100 40g 包年够不够"],
    ["7b lora 一万网络 选什么卡", "预算 3 万", "那 a100 40g 年付够吗"],
    ["13b qlora 一万网络 上什么卡好", "经费 3 万", "a100 40g 年付够不够"],
    ["14b lora at yiwan, which card", "budget 30k yuan", "a100 40g paid yearly, enough?"],
])
def test_year_of_the_card_against_a_budget_after_sizing(turns: list[str]) -> None:
    lines = first_lines(said(*turns))
    assert _money(YEAR_PREPAID) in lines and ("够" in lines or "enough" in lines.lower())


# renewing on the same account is the repeat purchase the seed discounts
@pytest.mark.parametrize("turns", [
    ["一万网络 a100 40g", "续费之后一个月多少"],
    ["一万网络 a100 40g 月付", "同一账号续费的话每月多少"],
    ["yiwan a100 40g", "monthly price on the same account, renewing?"],
])
def test_same_account_renewal_takes_the_repeat_discount(turns: list[str]) -> None:
    assert _money(A100_40G - 100) in first_lines(said(*turns))


# money said to remain is held for what the next rental costs, and a billing term is the unit counted in
@pytest.mark.parametrize("turns", [
    ["经费还剩 5 万", "一万网络 a100 40g 月付多少", "加 16 核 和 128g 呢", "按月付 能撑几个月"],
    ["we have 50k yuan of budget left", "yiwan a100 40g monthly?", "add the 16-core cpu and 128g ram?",
     "paying monthly, how many months will that last"],
])
def test_remaining_money_lasts_whole_months_with_add_ons(turns: list[str]) -> None:
    months = Decimal(50000) // (A100_40G + UPGRADES)  # 13
    lines = first_lines(said(*turns))
    assert f"{months} 个月" in lines or f"{months} months" in lines


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=4, max_value=60))
def test_whole_months_of_the_rental_with_add_ons_property(ten_thousands: int) -> None:
    amount = Decimal(ten_thousands) * 1000
    months = amount // (A100_40G + UPGRADES)
    lines = first_lines(said(f"经费还剩 {ten_thousands}000 元", "一万网络 a100 40g 月付多少", "加 16 核 和 128g 呢", "按月付 能撑几个月"))
    assert f"{months} 个月" in lines and _money(amount - months * (A100_40G + UPGRADES)) in lines


# a cost asked as an estimate is the price (a band stays a band), not the FAQ on which figures are estimates
@pytest.mark.parametrize(("turns", "figures"), [
    (["What's the estimated yearly cost for 8x A100 80G at 一万网络?"], ("¥255,000", "408,000")),
    (["rough annual bill for an 8x H100 box at yiwan?"], ("¥816,000", "1,224,000")),
    (["一万网络 8 卡 H100 月付多少", "年付有折扣吗", "那一年大概多少钱"], ("¥816,000", "1,224,000")),
    (["yiwan 8x h100 monthly?", "any annual discount?", "ok, approximate annual cost then?"], ("¥816,000", "1,224,000")),
    (["一万网络 8x A100 80G price?", "is that official?", "for a full year at the yearly rate, high end?"], ("408,000",)),
])
def test_estimated_cost_is_the_price(turns: list[str], figures: tuple[str, ...]) -> None:
    lines = first_lines(said(*turns))
    assert all(f in lines for f in figures)


# add-ons named together are all priced, for the term asked
@pytest.mark.parametrize(("turns", "total"), [
    (["How much are yiwan's CPU and RAM upgrades each month?"], UPGRADES),
    (["一万网络 cpu 和内存升级一个月多少"], UPGRADES),
    (["一万网络 内存升到 128G 多少钱", "cpu 升 16 核呢", "都加上 三个月多少"], UPGRADES * 3),
    (["yiwan 16-core cpu upgrade price?", "and 128g ram?", "with both, for a quarter?"], UPGRADES * 3),
])
def test_add_ons_named_together_are_summed(turns: list[str], total: Decimal) -> None:
    text = said(*turns).text
    assert "¥400" in text and "¥600" in text and _money(total) in text


# a small monthly budget at 一万网络 said as "only N": nothing fits, the cheapest named with the shortfall
@pytest.mark.parametrize("text", ["就 800 块 一万网络 一个月能租啥", "一万网络 就 800 块 一个月 租啥卡"])
def test_only_this_much_names_the_cheapest_card(text: str) -> None:
    lines = first_lines(said(text))
    assert "T4" in lines and "¥900" in lines and "¥100" in lines


# the safe figure to budget for a banded price is its high end
@pytest.mark.parametrize("turns", [
    ["一万网络 8卡 a100 80g 月租", "申请经费按多少写保险"],
    ["8x a100 80g at yiwan price?", "what number should we budget to be safe?"],
])
def test_safe_budget_figure_is_the_band_high_end(turns: list[str]) -> None:
    assert "40,000" in said(*turns).lines[0]
