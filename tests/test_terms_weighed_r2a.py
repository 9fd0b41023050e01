"""Which term is cheaper, asked with the figures: a span after a price, weighed week against month ("一周呢"
then "只用三周 哪个划算": 3 × ₮4,172 = ₮12,516 against ₮14,432); a week's price asked beside "is that cheaper
than a month for 2 days" (₮109 against ₮369, in one comparison); a year paid monthly against paid yearly
("租一年 月付和年付差多少": 12 × ¥2,800 = ¥33,600 against ¥26,880, ¥6,720 apart), never a month against a year."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("turns", "needles"), [
    (("gpuli 8卡 h100 一个月多少", "一周呢", "只用三周 哪个划算"), ("₮12,516", "₮14,432")),
    (("gpuli 4090 weekly price", "we only need 3 weeks, which is cheaper?"), ("₮327", "₮369")),
    (("a100 80g pcie 周租多少", "就跑十天，哪个更省"), ("₮538", "₮899")),
])
def test_a_span_after_a_price_is_weighed_by_both_terms(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    assert all(n in chat.text for n in needles), chat.text


@pytest.mark.parametrize(("message", "needles"), [
    ("what does a week of one 4090 cost at gpuli, and is that cheaper than a month if we only need 2 days?", ("₮109", "₮369")),
    ("how much is a month of an a100 80g pcie at gpuli? would a week be better if we only need 5 days", ("₮269", "₮899")),
    ("gpuli 4090 we only need 2 days, is a week cheaper than a month?", ("₮109", "₮369")),
])
def test_a_term_set_against_the_other_is_one_comparison(message: str, needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(message)
    first = "\n".join(chat.lines[:4])
    assert all(n in first for n in needles), chat.text


@pytest.mark.parametrize(("message", "needles"), [
    ("一万网络 a100 40g 租一年 月付和年付差多少", ("¥33,600", "¥26,880", "¥6,720")),
    ("一万网络 3090 年付比月付便宜多少", ("¥21,000", "¥16,800", "¥4,200")),
])
def test_a_year_paid_monthly_is_set_against_the_year_paid_at_once(message: str, needles: tuple[str, ...]) -> None:
    chat = ChatUser()
    chat.say(message)
    assert all(n in chat.lines[0] for n in needles), chat.text
