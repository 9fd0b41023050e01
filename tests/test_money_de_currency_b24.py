"""An amount joined to its currency by 的 ("1w5 的u", "15000 的u", "3000 的刀") is money in that currency, so
"1w5 的u 能不能租 8卡h100 一个月" is a budget of ₮15,000 against 8 × H100 at gpuli for ₮14,432 a month: yes,
₮568 left. Colloquial scales ("1w5", "2w8", "3k5", "1.5w") are read as the amount they name."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.understand.money_words import find_money
from bot.understand.normalize import normalize
from tests.chat_user import ChatUser, first_lines


@pytest.mark.parametrize(("text", "value", "currency"), [
    ("1w5 的u 能不能租 8卡h100 一个月", Decimal(15000), "USDT"),
    ("15000 的u 能不能租 8卡h100 一个月", Decimal(15000), "USDT"),
    ("2w8 的u 够租吗", Decimal(28000), "USDT"),
    ("3k5 的刀 够不够", Decimal(3500), "USD"),
    ("1.5w 的 usdt 够吗", Decimal(15000), "USDT"),
])
def test_de_joins_an_amount_to_its_currency(text: str, value: Decimal, currency: str) -> None:
    money = find_money(normalize(text))
    assert money and money[0].value == value and money[0].currency == currency, money


@pytest.mark.parametrize(("ask", "left"), [
    ("1w5 的u 能不能租 8卡h100 一个月", "568"),
    ("15000 的u 够不够租 8 张 h100 一个月", "568"),
    ("2w8 的u 能租 8卡h100 一个月吗", "13,568"),
])
def test_a_budget_in_u_that_covers_the_month_leads_with_yes_and_what_is_left(ask: str, left: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    lead = first_lines(chat, 3)
    assert "够" in lead and "14,432" in lead and left in lead, lead


@pytest.mark.parametrize("ask", [
    "3000 刀 能租几周 a100",
    "with $3000 how many weeks of a100 can i rent",
])
def test_a_unit_the_provider_does_not_rent_is_no_shortfall(ask: str) -> None:
    """The dollars' provider rents by the hour: $3,000 buys about 2,013 hours, never "not enough, -$2,998 short"."""
    chat = ChatUser()
    chat.say(ask)
    lead = first_lines(chat, 1)
    assert "-$" not in chat.text and "不够" not in lead and "not enough" not in lead, chat.text
    assert "2013.4" in lead.replace(",", ""), lead  # $3,000 / $1.49 an hour, rounded down
