"""Twelve months said in English are a year (paid month by month: 12 × ¥2,800 = ¥33,600 against the year paid at once,
¥26,880, seed 003), never twelve months priced as the prepaid year they add up to ("cost the same"); "effective
monthly" asks the year's share per month (¥2,240); and a card's memory in a message ("1 A100 80G on cloudgpu") is the
card, not a FAQ topic (the 70B QLoRA entry lists "80G" among its words)."""

from __future__ import annotations

import pytest

from tests.chat_user import first_lines, said


@pytest.mark.parametrize("turns", [
    ["yiwan a100 40g, paying monthly for 12 months vs annual prepay, how much do we save"],
    ["一万网络 a100 40g 按月付 12 个月 和年付差多少"],
    ["一万网络 A100 40G monthly", "annual prepay?", "saving vs paying monthly for 12 months"],
    ["一万网络 a100 40g 年付多少", "vs paying monthly for twelve months?"],
    ["一万网络 a100 40g 年付多少", "按月付 12 个月的话 差多少"],
])
def test_twelve_months_paid_monthly_against_the_year(turns: list[str]) -> None:
    lines = first_lines(said(*turns))
    assert "¥33,600" in lines and "¥6,720" in lines
    assert "cost the same" not in lines and "一样" not in lines


@pytest.mark.parametrize("text", [
    "A100 40G at 一万网络 paid yearly, what's the effective monthly",
    "yiwan a100 40g annual prepay, effectively per month?",
    "一万网络 a100 40g 年付 折合每月多少",
])
def test_effective_monthly_of_a_prepaid_year(text: str) -> None:
    lines = first_lines(said(text))
    assert "¥26,880" in lines and "¥2,240" in lines


@pytest.mark.parametrize("text", ["1 A100 80G on cloudgpu", "one A100 80G at cloudgpu", "2 A800 80G at cloudgpu"])
def test_a_card_memory_is_no_faq_topic(text: str) -> None:
    lines = first_lines(said(text))
    assert "70B" not in lines  # the card priced, not the entry on 70B QLoRA's memory that lists "80G"
    assert "$1.49" in lines or "$1.09" in lines
