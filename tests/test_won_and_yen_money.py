"""Korean won and Japanese yen, which the wallet does not keep and the catalog has no rate for: an amount in them is
never stored or weighed as dollars or yuan (300만원 is not $300), a figure asked in them names the currency and gives
the billed ones, their signs in an English sentence leave it English, and an empty wallet asked about a rental is told
to top up first, with the provider's way to pay."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.understand.foreign_money import foreign_amount, without_foreign_glyphs
from bot.understand.unrated_currency import unrated_amount
from tests.chat_user import ChatUser


def _nothing_stored(me: ChatUser) -> None:
    assert me.store.rows("SELECT * FROM budgets") == [] and me.store.rows("SELECT * FROM ledger") == []


@pytest.mark.parametrize(("text", "amount", "code"), [
    ("monthly cap 450만원", 4_500_000, "KRW"), ("팀 예산 2백만원", 2_000_000, "KRW"), ("₩1,200,000 please", 1_200_000, "KRW"),
    ("2,500,000 KRW", 2_500_000, "KRW"), ("about 4m won", 4_000_000, "KRW"), ("1억원", 100_000_000, "KRW"),
    ("80,000円", 80_000, "JPY"), ("12万円", 120_000, "JPY"), ("JPY 90k", 90_000, "JPY"), ("3千万韩元", 30_000_000, "KRW"),
])
def test_won_and_yen_are_read_with_their_own_scale_words(text: str, amount: int, code: str) -> None:
    found = foreign_amount(text)
    assert found is not None and (found.amount, found.currency) == (Decimal(amount), code)


@pytest.mark.parametrize(("said", "back", "kept"), [
    ("please put the team's monthly budget at 450만원", "4,500,000 KRW", "monthly"),
    ("budget ₩2,000,000 per week, warn me at 90%", "2,000,000 KRW", "90%"),
    ("cap our spend: budget of 120,000円 this month, notify at 75%", "120,000 JPY", "75%"),
    ("预算设成 200 万韩元，用到 70% 告诉我", "2,000,000 KRW", "70%"),
    ("每月预算定为 8万円", "80,000 JPY", "月预算"),
    ("充值 30000 日元到 gpuli", "30,000 JPY", "充值"),
    ("/budget set 500만원", "5,000,000 KRW", "/budget set"),
    ("/topup 20000円 gpuli", "20,000 JPY", "/topup"),
    ("would you set our monthly budget to 600만원?", "6,000,000 KRW", "monthly"),  # a request asked as a question
    ("能帮我把周预算设成 40万日元吗", "400,000 JPY", "周预算"),
])
def test_a_budget_or_top_up_in_won_or_yen_is_refused_with_what_was_said(said: str, back: str, kept: str) -> None:
    me = ChatUser()
    me.say(said)
    head = me.lines[0]
    assert back in head and kept in head and "USD, USDT, CNY" in head
    assert "需要中文回答" not in me.text and "$500" not in me.text and "$450" not in me.text
    _nothing_stored(me)


_KOREAN = st.sampled_from(["{n}만원", "{n}만 원", "{n}백만원", "₩{n},000,000", "{n},000,000 KRW", "{n}m won",
                           "{n} million won", "{n},000,000원", "KRW {n}m", "{n}천만원", "{n}万韩元"])
_YEN = st.sampled_from(["{n},000円", "{n}万円", "¥{n},000 JPY", "{n},000 JPY", "{n}k yen", "JPY {n},000", "{n}万日元"])
_FRAME = st.sampled_from(["set a monthly budget of {m} for the team", "budget {m} per month", "top up {m}",
                          "please set our budget to {m} and alert me at 80%", "预算设为 {m}", "充值 {m}",
                          "/budget set {m}", "/topup {m}", "月预算 {m}", "set the weekly budget to {m} pls"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(frame=_FRAME, money=st.one_of(_KOREAN, _YEN), n=st.integers(min_value=1, max_value=900))
def test_no_won_or_yen_amount_ever_reaches_the_wallet(frame: str, money: str, n: int) -> None:
    me = ChatUser()
    me.say(frame.format(m=money.format(n=n)))
    _nothing_stored(me)
    assert not any(word in me.text for word in ("Monthly budget set", "预算已设置", "Top-up recorded", "已记一笔充值"))


@pytest.mark.parametrize(("first", "then", "named", "billed"), [
    ("gpuli h100 x8 weekly price", "Could you put that in won?", "South Korean won", "₮4,172"),
    ("4090 a week at gpuli?", "how many yen would that be", "Japanese yen", "₮109"),
    ("gpuli 4090 包月多少", "折成韩币大概多少", "韩元", "₮369"),
    ("gpuli a100 80g 一周多少钱", "能换算成日币吗", "日元", "₮269"),
])
def test_a_figure_asked_in_won_or_yen_names_it_and_gives_the_billed_one(first: str, then: str, named: str,
                                                                       billed: str) -> None:
    me = ChatUser()
    me.say(first)
    me.say(then)
    head = me.lines[:3]
    assert named in head[0] and ("no rate" in head[0] or "汇率" in head[0])
    assert any(billed in line for line in head[1:]) and "outside what I do" not in me.text


@pytest.mark.parametrize(("message", "said"), [
    ("we can spend 40만원 a month, is one 4090 for a month enough?", "KRW 400,000"),
    ("预算 3 万円，租一张 4090 一个月够吗", "30,000 日元"),
])
def test_a_budget_in_won_or_yen_beside_a_rental_is_never_weighed_as_dollars_or_yuan(message: str, said: str) -> None:
    me = ChatUser()
    me.say(message)
    assert said in me.lines[0] and ("no rate" in me.lines[0] or "汇率" in me.lines[0])
    assert "$40 " not in me.text and "¥30,000" not in me.text and "enough." not in me.text
    assert unrated_amount(message) is not None


@pytest.mark.parametrize("message", ["top up 70,000円 to gpuli", "set budget 9万円 please", "budget 250만원 a month thanks"])
def test_a_yen_sign_or_hangul_leaves_an_english_message_english(message: str) -> None:
    me = ChatUser()
    me.say(message)
    assert me.lines[0].startswith("Not recorded") and "用中文" not in me.text
    assert "円" not in without_foreign_glyphs(message) and "원" not in without_foreign_glyphs(message)


@pytest.mark.parametrize(("message", "lead", "way", "price"), [
    ("my wallet has $0, can I rent a 4090 for a week?", "wallet is empty", "Alipay", "$55.44"),
    ("钱包余额 0 U，能在 gpuli 租一张 4090 一周吗", "钱包是空的", "USDT", "₮109"),
    ("wallet's empty, could I spin up an H100 right away?", "top up first", "USDT", "₮4,172"),
])
def test_renting_with_an_empty_wallet_says_top_up_first_and_how(message: str, lead: str, way: str, price: str) -> None:
    me = ChatUser()
    me.say(message)
    assert lead in me.lines[0] and "Budget $0" not in me.text and "预算 $0" not in me.text
    assert way in "\n".join(me.lines[:2]) and price in me.text
    _nothing_stored(me)
