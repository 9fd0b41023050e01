"""A one-word cycle said after a card at a provider ("周租", "weekly", "包月", "monthly") prices that cycle there; a
card looked at first ("先看下 l40s", "let's look at the a6000 first") is its prices, neither an order to rent it nor
the FAQ on which card suits which model (blind set 53). Catalog prices at gpuli: L40S ₮189 a week, ₮649 a month;
A6000 ₮115 / ₮389; 4090 ₮109 / ₮369."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("turns", "needle"), [
    (("这个月要给工程师租卡 先看下 l40s", "gpuli", "周租"), "₮189"),
    (("看下 l40s", "gpuli", "weekly"), "₮189"),
    (("let's look at the a6000 first", "at gpuli", "monthly"), "₮389"),
    (("what does gpuli charge for the a6000", "monthly"), "₮389"),
    (("gpuli l40s", "包月"), "₮649"),
    (("l40s at gpuli", "weekly"), "₮189"),
    (("gpuli 4090 价格", "按周"), "₮109"),
])
def test_a_cycle_word_prices_that_cycle_of_the_card(turns: tuple[str, ...], needle: str) -> None:
    text = conversation(*turns)
    assert needle in lead_lines(text, 2), text


@pytest.mark.parametrize("text", ["先看下 l40s", "这个月要给工程师租卡 先看下 l40s", "can we look at the L40S first"])
def test_a_card_looked_at_first_is_its_price_not_an_order(text: str) -> None:
    reply = conversation(text)
    assert "₮189" in lead_lines(reply, 3) and "要租多久" not in reply and "how long" not in reply.lower(), reply


def test_renting_a_card_without_a_length_still_asks_the_length() -> None:
    assert "要租多久" in conversation("租卡 l40s")
