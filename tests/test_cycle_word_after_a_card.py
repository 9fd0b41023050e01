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


@pytest.mark.parametrize("text", ["我们打算开 8 卡 h100", "团队准备租 8卡H100", "we're planning to rent 8x h100",
                                  "the team wants to open 8 h100s"])
def test_a_wish_to_rent_a_setup_is_its_price(text: str) -> None:
    reply = conversation(text)
    assert "₮14,432" in lead_lines(reply, 3) and "要租多久" not in reply and "how long" not in reply.lower(), reply


@pytest.mark.parametrize("turns", [
    ("我们打算开 8 卡 h100", "按周还是包月划算？项目估计 10 天左右"),
    ("we're planning to rent 8x h100", "is weekly or monthly the better deal? job takes maybe 10 days"),
])
def test_weekly_or_monthly_for_a_stated_length_compares_the_cycles_on_the_setup(turns: tuple[str, ...]) -> None:
    # 10 days at gpuli: 2 weeks × ₮4,172 = ₮8,344 against one month ₮14,432
    reply = conversation(*turns)
    assert "₮8,344" in lead_lines(reply, 4) and "₮14,432" in lead_lines(reply, 4), reply


@pytest.mark.parametrize(("text", "days"), [("maybe 10 days", 10.0), ("it'll take maybe 3 weeks", 21.0),
                                            ("decide 5 days from now", 5.0)])
def test_a_word_that_starts_like_a_month_is_no_date(text: str, days: float) -> None:
    from bot.understand import fields
    from bot.understand.normalize import normalize
    assert fields.duration(normalize(text))[0] == days
