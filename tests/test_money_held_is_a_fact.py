"""Money held, stated with a rental asked whether it can be had, is weighed against that rental (issue 18, G and
item 3): "gpuli 余额 1000u 够租8卡h100吗" is ₮1,000 against 8×H100's week (₮4,172) and month (₮14,432) at gpuli
(seed 000), not the FAQ entry on what happens when a balance runs low."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("text, verdict", [
    ("gpuli 余额 1000u 够租8卡h100吗", "不够"),
    ("余额还有1000u，gpuli 8卡h100 租得起吗", "不够"),
    ("gpuli 账户余额 ₮1000 能租八卡 h100 不", "不够"),
    ("my gpuli balance is ₮1000, can I afford 8x h100?", "not enough"),
    ("i have 1000 usdt in balance at gpuli, enough to rent 8 h100s?", "not enough"),
    ("balance 1000u on gpuli — can i rent eight h100s?", "not enough"),
])
def test_a_balance_stated_with_a_rental_is_weighed_against_it(text: str, verdict: str) -> None:
    lead = lead_lines(conversation(text), 3)
    assert verdict in lead.splitlines()[0] and "₮1,000" in lead.splitlines()[0]
    assert "₮4,172" in lead and "₮14,432" in lead


@pytest.mark.parametrize("text", [
    "3w预算 想租 8卡a100 80g",
    "预算3万 想租八卡 a100 80g",
    "想租 8卡a100 80g 预算 3w",
    "budget 30k rmb, want to rent 8x a100 80g",
    "we'd like to rent 8x a100 80g, budget ¥30,000",
])
def test_a_budget_with_a_rental_wished_is_weighed_not_ordered(text: str) -> None:
    """¥30,000 against 一万网络's 8×A100 80G box, an estimated ¥2.5–4万 a month compared on its high end (seed 003):
    the budget named back, never an order asking how long to rent."""
    reply = conversation(text)
    first = lead_lines(reply, 1)
    assert "¥30,000" in first and "¥40,000" in first
    assert "/rent" not in reply


@pytest.mark.parametrize("text", [
    "预算 6000，打算 8 卡 h100 包一个月",
    "our budget is 6000 usd and we're planning to rent 8x h100 for a month",
])
def test_a_budget_with_a_rental_of_a_length_wished_is_weighed_not_ordered(text: str) -> None:
    """A length said beside the wish ("包一个月") keeps it a wish: 6,000 against 8×H100's ₮14,432 month, not enough,
    with no order to confirm."""
    reply = conversation(text)
    lead = lead_lines(reply, 2)
    assert "6,000" in lead and "₮14,432" in lead
    assert "确认记这次租用" not in reply and "Confirm" not in reply


def test_an_order_with_a_length_and_no_budget_stays_an_order() -> None:
    assert "确认记这次租用" in conversation("租一个月 8 卡 h100")
