"""Numbers typed the continental-European way: a decimal comma in a length or a cents figure, a dot or a space
grouping thousands beside a currency, and a budget in euros, which the catalog keeps no rate for."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.store import connect
from bot.understand.decimal_comma import beside_currency
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from bot.understand.unrated_currency import unrated_amount
from tests.chat_user import ChatUser, counts


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(whole=st.integers(min_value=0, max_value=40), frac=st.sampled_from(["5", "25", "75", "1", "33"]),
       unit=st.sampled_from(["days", "d", "hours", "h", "weeks", "天", "小时", "个月"]))
def test_a_length_with_a_decimal_comma_reads_as_with_a_dot(whole: int, frac: str, unit: str) -> None:
    comma, dot = parse(f"rent a 3090 for {whole},{frac} {unit}"), parse(f"rent a 3090 for {whole}.{frac} {unit}")
    assert (comma.request.days, comma.request.hours) == (dot.request.days, dot.request.hours)


@pytest.mark.parametrize(("said", "kept"), [
    ("1,000 usdt", "1,000 usdt"), ("8,16 cards", "8,16 cards"), ("gpus 0,1", "gpus 0,1"), ("h200,48小时", "h200,48小时"), ("a100,12h", "a100,12h"), ("h-200,48 hours", "h-200,48 hours"), ("1.5 days", "1.5 days"),
    ("0.33/h", "0.33/h"), ("12,345 steps", "12,345 steps"), ("充值 1,5 u", "充值 1,5 u"),
])
def test_english_thousands_lists_and_money_with_no_context_keep_their_meaning(said: str, kept: str) -> None:
    assert kept in normalize(said)


@pytest.mark.parametrize(("said", "read"), [
    ("train for 3,5 days", "3.5 days"), ("跑 1,5天", "1.5天"), ("4090 at 0,33 $/h", "0.33 $/h"), ("about 0,75h", "0.75h"),
])
def test_a_decimal_comma_its_shape_makes_certain_is_read_as_a_dot(said: str, read: str) -> None:
    assert read in normalize(said)


@pytest.mark.parametrize(("ask", "length", "total"), [
    ("one 3090 for 1,5 days at cloudgpu, how much?", "36 h", "$7.56"),
    ("cloudgpu 一张 3090 租 2,5天 多少钱", "60 小时", "$12.60"),
])
def test_a_rental_length_with_a_decimal_comma_is_priced_for_that_length(ask: str, length: str, total: str) -> None:
    user = ChatUser()
    user.say(ask)
    assert length in user.text and total in user.text, user.text


@pytest.mark.parametrize(("wish", "lang"), [
    ("please warn me when spending goes past 2.000 USDT this month", "en"), ("这个月花费超过 3.000 U 就提醒我", "zh"),
])
def test_a_spending_alert_with_a_dot_before_three_digits_is_asked_back_never_set(wish: str, lang: str) -> None:
    user = ChatUser(connect(":memory:"), lang=lang)
    before = {k: v for k, v in counts(user.store).items() if k in ("budgets", "ledger")}
    reply = user.say(wish)
    assert reply.kind == "wallet_amount_pick", user.text
    assert {k: v for k, v in counts(user.store).items() if k in before} == before, user.text
    assert "2,000.00" in user.text or "3,000.00" in user.text, user.text


@pytest.mark.parametrize(("said", "value"), [
    ("2.500 EUR", Decimal(2500)), ("€ 12.000", Decimal(12000)), ("1 500 euros", Decimal(1500)), ("2,50 €", Decimal("2.5")),
    ("EUR 1.000.000", Decimal(1_000_000)), ("700 EUR", Decimal(700)), ("1,250 EUR", Decimal(1250)),
])
def test_money_beside_the_euro_reads_its_thousands_and_decimals(said: str, value: Decimal) -> None:
    assert unrated_amount(said) == (value, "EUR")


def test_only_the_continental_shapes_have_a_value_beside_a_currency() -> None:
    assert beside_currency("3.000") == Decimal(3000) and beside_currency("4,5") == Decimal("4.5")
    assert beside_currency("1,000") is None and beside_currency("0.500") is None and beside_currency("2.5") is None


@pytest.mark.parametrize(("ask", "named", "head"), [
    ("our team has 2.000 EUR for two weeks of 7b qlora, what should we rent?", "EUR 2,000", "no rate"),
    ("预算 900 欧元，7b lora 跑一个月，租什么", "900 欧元", "没有它的汇率"),
    ("budget 400 EUR for a week of 8b lora, which card?", "EUR 400", "no rate"),
])
def test_a_plan_with_a_budget_in_euros_names_it_back_without_weighing_it(ask: str, named: str, head: str) -> None:
    user = ChatUser()
    user.say(ask)
    first = user.text.splitlines()[0]
    assert named in first and head in first, user.text
    assert "Budget $" not in user.text and "预算 $" not in user.text, user.text  # never read as US dollars
    assert "💰" in user.text, user.text  # the plan itself still follows


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(thousands=st.integers(min_value=1, max_value=999), group=st.integers(min_value=0, max_value=999),
       cents=st.sampled_from(["00", "5", "50", "99"]),
       form=st.sampled_from(["{n} €", "€{n}", "{n} EUR", "EUR {n}", "{n} 欧元"]))
def test_dot_grouped_thousands_with_decimal_comma_cents_read_whole(thousands: int, group: int, cents: str, form: str) -> None:
    written = f"{thousands}.{group:03d},{cents}"
    value = Decimal(f"{thousands}{group:03d}.{cents}")
    said = unrated_amount("our budget is " + form.format(n=written) + " for the whole thing")
    assert said == (value, "EUR")
    assert beside_currency(written) == value


@pytest.mark.parametrize(("said", "read"), [
    ("预算 2.400,00 USDT", "2400.00 usdt"), ("we have $3.250,50 left", "3250.50"), ("12.345,5 u", "12345.5 u"),
])
def test_dot_groups_then_a_comma_are_read_as_thousands_and_cents_for_every_reader(said: str, read: str) -> None:
    assert read in normalize(said)


def test_a_lone_decimal_comma_beside_a_currency_is_still_one_and_a_half() -> None:
    assert unrated_amount("budget 1,5 EUR") == (Decimal("1.5"), "EUR")
    assert "1,5" in normalize("充值 1,5 u")


def test_a_rated_budget_with_thousands_and_cents_is_weighed_at_its_full_value() -> None:
    u = ChatUser()
    u.say("预算 6.000,00 USDT，gpuli 8卡H100 租一周够吗")  # ₮4,172 a week
    assert "₮6,000" in u.lines[0] and "够" in u.lines[0] and "不够" not in u.lines[0]
    u = ChatUser()
    u.say("Our budget is $2.400,00 in total; can we rent 8x H100 at gpuli for a week?")
    assert "$2,400" in u.lines[0] and "not enough" in u.lines[0]


def test_a_euro_total_is_named_back_whole_and_not_as_a_weekly_sum() -> None:
    u = ChatUser()
    u.say("We hold 2.500,00 € in total. 7B LoRA on one 4090 at gpuli for a week, which card?")
    assert "2,500" in u.text and "a week (euro)" not in u.text and "2,500 a week" not in u.text
