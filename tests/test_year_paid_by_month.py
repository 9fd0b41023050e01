"""A year's totals: monthly-billed add-ons over a year are twelve months (not 365 ÷ 30 = 13 started ones), and a
year paid month by month is set against the year paid at once, asked fresh or after a price, in both languages.
Figures from the seeds: gpuli volume ₮0.08 per GB-month; 一万网络 A100 40G ¥2,800 a month, a year paid at once
20% off (¥26,880); CPU 16 cores ¥400 and memory 128G ¥600 a month; RTX 3090 ¥1,750 a month."""

from __future__ import annotations

import pytest

from tests.chat_user import first_lines, said


@pytest.mark.parametrize(("text", "total"), [
    ("gpuli 存 5000G 存储卷 一年多少", "₮4,800"),  # 5000 × 0.08 × 12
    ("gpuli 5000gb storage volume for a year, cost?", "₮4,800"),
    ("gpuli 存储卷 5000G 两年多少钱", "₮9,600"),
])
def test_storage_for_a_year_is_twelve_months(text: str, total: str) -> None:
    assert total in first_lines(said(text))


def test_add_ons_on_a_prepaid_year_are_twelve_months() -> None:
    lines = first_lines(said("一万网络 a100 40g 加 cpu 16 核 内存 128g 包年多少"))
    assert "¥4,800" in lines and "¥7,200" in lines and "¥38,880" in lines  # 12 × ¥400, 12 × ¥600, ¥26,880 + both


@pytest.mark.parametrize(("turns", "monthly", "diff"), [
    (["一万网络 a100 40g 月付一年多少"], "¥33,600", "¥6,720"),
    (["yiwan a100 40g for a year paying monthly, total?"], "¥33,600", "¥6,720"),
    (["一万网络 a100 40g 包月", "年付一年多少", "那月付一年呢 差多少"], "¥33,600", "¥6,720"),
    (["一万网络 a100 40g 包月多少", "加 cpu 16 核呢", "再加内存 128g 呢", "一年月付的话一共多少"], "¥45,600", "¥6,720"),
    (["yiwan 3090 monthly", "and for a year paying monthly?"], "¥21,000", "¥4,200"),
    (["一万网络 3090 包月多少", "按月付一整年呢"], "¥21,000", "¥4,200"),
])
def test_a_year_paid_by_the_month_is_set_against_the_year_paid_at_once(turns: list[str], monthly: str, diff: str) -> None:
    lines = first_lines(said(*turns))
    assert monthly in lines and diff in lines


@pytest.mark.parametrize(("turns", "figure"), [
    (["like 20 dollars, a100 80g cloudgpu, how many hrs"], "13.4"),  # $20 / $1.49
    (["$20 on a cloudgpu a100 80g, how many hrs?"], "13.4"),
    (["cloudgpu a100 80g 预算 20 刀 能跑多少小时"], "13.4"),
    (["32b 全参 gpuli 8卡 a100 包月多少", "预算 8 千 u 够吗"], "₮352"),  # ₮8,352 − ₮8,000: 8 千 is 8,000
    (["gpuli 4090 包月多少", "我们有 1 千 u 能租几个月"], "2 个月"),  # ₮1,000 / ₮369
])
def test_a_loose_budget_is_read_whole(turns: list[str], figure: str) -> None:
    assert figure in first_lines(said(*turns))


@pytest.mark.parametrize(("text", "cheapest", "short"), [
    ("200 rmb budget, cheapest card at 一万网络 for a month?", "¥900", "¥700"),  # the T4 a month
    ("一万网络 预算 500 块 一个月 租啥卡", "¥900", "¥400"),
])
def test_a_budget_below_every_card_names_the_cheapest_and_the_shortfall(text: str, cheapest: str, short: str) -> None:
    lines = first_lines(said(text), 1)
    assert cheapest in lines and short in lines


@pytest.mark.parametrize(("turns", "figure"), [
    (["budget $100 on cloudgpu", "a100 80g hours?"], "67.1"),  # $100 / $1.49
    (["cloudgpu 上 预算 100 刀", "4090 几个小时"], "303"),  # $100 / $0.33
])
def test_a_card_and_a_unit_after_a_budget_is_its_runway(turns: list[str], figure: str) -> None:
    assert figure in first_lines(said(*turns))
