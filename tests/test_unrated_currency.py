"""A currency the catalog keeps no rate for, asked of the last price: the reply names it, says there is no rate,
and gives the figures in the currencies they are billed in (never a converted figure of a made-up rate)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.understand.script import simplified
from bot.understand.unrated_currency import unrated_alone, unrated_amount, unrated_named
from engine.providers import unrated_currencies
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("first", "then", "named", "billed"), [
    ("gpuli 4090 包月多少", "折合港幣大約多少", "港币", "₮369"),
    ("gpuli 的 A100 80G 一周多少钱", "那换成日元呢", "日元", "₮269"),
    ("一万网络 3090 包月", "用台币算是多少", "新台币", "¥1,750"),
    ("weekly price of a 4090 at gpuli", "how much is that in yen", "Japanese yen", "₮109"),
    ("gpuli 4090 monthly", "SGD?", "Singapore dollar", "₮369"),
    ("7B QLoRA on a 4090 at gpuli for two weeks, cost?", "what would that be in euros", "euro", "₮218"),
])
def test_the_currency_is_named_and_the_billed_figure_follows(first: str, then: str, named: str, billed: str) -> None:
    user = ChatUser()
    user.say(first)
    user.say(then)
    head = user.text.splitlines()[:3]
    assert named in head[0]
    assert "汇率" in head[0] or "no rate" in head[0]
    assert any(billed in line for line in head[1:])


def test_no_figure_is_given_in_the_unrated_currency() -> None:
    user = ChatUser()
    user.say("gpuli 4090 月租")
    user.say("新台幣大概多少")
    assert "NT$" not in user.text and "TWD " not in user.text
    assert "≈ $369" in user.text  # the dollar figure we do keep a rate for


@pytest.mark.parametrize(("ident", "alias"), [(i, a) for i, _en, _zh, aliases in unrated_currencies() for a in aliases])
def test_every_catalog_name_is_read_alone(ident: str, alias: str) -> None:
    for text in (f"{alias}?", f"in {alias}" if alias.isascii() else f"{alias}多少"):
        assert unrated_named(text) == ident
        assert unrated_alone(text)


def test_a_currency_beside_a_question_of_its_own_is_no_follow_up() -> None:
    assert unrated_named("gpuli 4090 月租 港币多少") == "HKD"
    assert not unrated_alone("gpuli 4090 月租 港币多少")
    assert unrated_named("europe region?") is None and unrated_named("人民币多少") is None
    assert unrated_named(simplified("若以新台幣估算大約是多少？")) == "TWD"


@pytest.mark.parametrize(("first", "then", "named", "billed"), [
    ("a100 80g sxm x8 per month at gpuli?", "in HKD lah?", "Hong Kong dollar", "₮8,352"),  # a spoken particle after it
    ("14b full ft what setup", "price?", "Australian dollar", "₮"),  # a setup priced by the month, then asked in A$
    ("gpuli 的 l40s 一周多少", "那用澳元算", "澳元", "₮189"),
])
def test_a_currency_asked_after_a_setup_or_with_a_particle_is_named(first: str, then: str, named: str, billed: str) -> None:
    user = ChatUser()
    user.say(first)
    user.say(then)
    if "setup" in first:
        user.say("and in A$?")
    head = user.text.splitlines()[:4]
    assert named in head[0] and ("汇率" in head[0] or "no rate" in head[0])
    assert any(billed in line for line in head[1:])
    assert "outside what I do" not in user.text


@pytest.mark.parametrize(("first", "then", "said", "billed"), [
    ("how much is one 4090 for a month", "we have S$250 for it, enough?", "SGD 250", "$237.60"),
    ("a6000 one week cost", "budget is HK$900, can or not", "HKD 900", "$73.92"),
    ("4090 包月多少", "我们预算 1500 港币 够不够", "1,500 港币", "$237.60"),
    ("4090 包月多少", "手上 300 新币，够吗", "300 新加坡元", "₮369"),
])
def test_a_budget_in_an_unrated_currency_is_not_weighed_as_dollars_or_yuan(first: str, then: str, said: str,
                                                                            billed: str) -> None:
    user = ChatUser()
    user.say(first)
    user.say(then)
    head = user.text.splitlines()[:4]
    assert said in head[0] and ("汇率" in head[0] or "no rate" in head[0])
    assert any(billed in line for line in head[1:])
    assert "enough." not in user.text and "：够" not in user.text and "left" not in head[0]


@pytest.mark.parametrize(("message", "said"), [
    ("budget C$400, would a 4090 for a month be enough?", "CAD 400"),
    ("预算 3000 港币，租 4090 一个月够不够", "3,000 港币"),
])
def test_a_budget_in_an_unrated_currency_beside_its_rental_is_named_back(message: str, said: str) -> None:
    user = ChatUser()
    user.say(message)
    assert said in user.text.splitlines()[0]
    assert "$237.60" in user.text and "¥3,000" not in user.text and "$400" not in user.text


@pytest.mark.parametrize(("text", "amount", "ident"), [
    ("budget S$1.5k", "1500", "SGD"), ("we got NT$20,000", "20000", "TWD"), ("预算 2万港币", "20000", "HKD"),
    ("500 sgd enough?", "500", "SGD"), ("A$300 ok?", "300", "AUD"),
])
def test_the_amount_said_in_an_unrated_currency_is_read_with_it(text: str, amount: str, ident: str) -> None:
    found = unrated_amount(text)
    assert found is not None and found[0] == Decimal(amount) and found[1] == ident
    assert unrated_amount("budget $300") is None and unrated_amount("in SGD?") is None


@pytest.mark.parametrize(("text", "amount"), [
    ("we have 2.5 lakh INR for two months", "250000"), ("budget of 3 lakh a month for the team", "300000"),
    ("预算 1 crore 卢比", "10000000"), ("spend at most 75k rupees", "75000"), ("₹40,000 for the pilot", "40000"),
])
def test_rupees_are_read_with_indias_scale_words_and_never_as_dollars(text: str, amount: str) -> None:
    found = unrated_amount(text)
    assert found == (Decimal(amount), "INR")
    assert unrated_amount("2 lakh usd budget") is None  # a lakh of a currency the catalog keeps is not rupees


@pytest.mark.parametrize(("message", "said", "shown"), [
    ("our budget is 3 lakh a month, 14b full fine-tune on gpuli, what config?", "INR 300,000 a month", "₮4,308"),
    ("预算每月 2 lakh，13b lora 跑一个月", "200,000/月 印度卢比", "₮389"),
])
def test_a_plan_with_a_lakh_budget_names_it_back_in_rupees(message: str, said: str, shown: str) -> None:
    user = ChatUser()
    user.say(message)
    assert said in user.text.splitlines()[0] and ("no rate" in user.text or "汇率" in user.text)
    assert shown in user.text and "$300,000" not in user.text and "$3 " not in user.text


@pytest.mark.parametrize(("message", "said", "card"), [
    ("8b qlora trial run, which gpu should we take? money is tight, around 8k INR", "INR 8,000", "RTX 4090"),
    ("预算 5 万日元，7b qlora 用什么卡", "50,000 日元", "RTX 3090"),
])
def test_a_small_job_with_a_budget_in_an_unrated_currency_gets_a_24gb_card_and_the_budget_back(
        message: str, said: str, card: str) -> None:
    user = ChatUser()
    user.say(message)
    assert said in user.text and ("no rate" in user.text or "汇率" in user.text)
    assert card in "\n".join(user.text.splitlines()[:4]) and "₮109" in user.text
    assert "A100 80GB" not in "\n".join(user.text.splitlines()[:4])  # "8k" next to INR is money, not an 8k context


@pytest.mark.parametrize(("message", "said", "span"), [
    ("budget 1.500 EUR, 14b qlora for two weeks, which gpu?", "EUR 1,500", "14 d"),
    ("预算 2000 港币，7b qlora 跑一周，用什么卡", "2,000 港币", "7 天"),
])
def test_a_job_for_a_span_with_a_card_asked_and_an_unrated_budget_is_one_plan_led_by_it(
        message: str, said: str, span: str) -> None:
    user = ChatUser()
    user.say(message)
    # the budget makes it a plan (as "$400" would), never a sizing then a cost each naming the amount back
    assert said in user.text.splitlines()[0] and user.text.count("💱") == 1, user.text
    assert "💰" in user.text and span in user.text, user.text
