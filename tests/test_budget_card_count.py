"""How many cards a budget rents: the budget over one card's price for the span priced, rounded down, leads, with
the sum and what is left; each card is its own single-card rental. Asked in one message or after a price.

Seed 000 (gpuli): an RTX 4090 ₮369 a month, ₮109 a week; an L40S ₮649 a month. Seed 003 (一万网络): an RTX 3090
¥1,750 a month."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.views.budget_cards import affordable
from engine.money import Money
from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("turns", "count", "sum_", "left"), [
    (("we have 1500 USDT monthly, how many 4090s can we get at gpuli?",), "4×", "₮1,476", "₮24 left"),
    (("gpuli 上每月预算 3000U，L40S 最多租几张",), "4 张", "₮2,596", "还剩 ₮404"),
    (("一万网络 3090 包月，预算 ¥8000 能租多少张",), "4 张", "¥7,000", "还剩 ¥1,000"),
    (("With ¥6,000 a month how many RTX 3090s can 一万网络 give us?",), "3×", "¥5,250", "¥750 left"),
    (("gpuli 4090 monthly price?", "we have 1000 USDT for it, how many cards?"), "2×", "₮738", "₮262 left"),
    (("一万网络 3090 月付多少", "预算五千块，能租几张"), "2 张", "¥3,500", "还剩 ¥1,500"),
])
def test_a_budget_asked_for_a_count_leads_with_the_count(turns: tuple[str, ...], count: str, sum_: str, left: str) -> None:
    reply = conversation(*turns)
    first = lead_lines(reply, 1)
    assert count in first and sum_ in first and left in first, reply


def test_one_card_asked_against_a_budget_is_still_a_verdict() -> None:
    first = lead_lines(conversation("budget 400 usdt, one 4090 for a month at gpuli, enough?"), 1)
    assert "enough" in first and "₮31 left" in first, first


@given(budget=st.integers(min_value=0, max_value=10**7), cents=st.integers(min_value=1, max_value=10**6))
def test_the_count_is_the_floor_of_budget_over_price(budget: int, cents: int) -> None:
    price = Money(Decimal(cents) / 100, "USDT")
    n = affordable(Money(Decimal(budget), "USDT"), price)
    assert n * price.amount <= budget < (n + 1) * price.amount
