"""Money in a currency the catalog keeps no day's rate for, weighed across that currency's historical band against
the dollar (catalogs/currency.yaml `band`, engine.rate_bands): a verdict that holds at every rate of the band, or
where the line lies; whole periods it pays for at the weak end; a conversion as a range; nothing ever stored."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.text.render import render_reply
from engine.rate_bands import dollars_of, rate_band, units_for
from tests.chat_user import ChatUser


def test_every_band_has_its_ends_in_order_and_a_source() -> None:
    for code in ("EUR", "GBP", "JPY", "KRW", "SGD", "HKD", "MYR"):
        band = rate_band(code)
        assert band is not None and 0 < band.weak < band.strong and band.source and band.since
    assert rate_band("TWD") is None  # no band given: the plain no-rate reply stays


def test_the_euro_band_is_the_ecb_extremes() -> None:
    band = rate_band("EUR")
    assert band is not None and (band.weak, band.strong) == (Decimal("0.8252"), Decimal("1.5990"))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["EUR", "JPY", "SGD", "MYR", "KRW", "GBP", "HKD"]), st.integers(1, 10_000_000))
def test_a_converted_range_brackets_the_amount(code: str, amount: int) -> None:
    band = rate_band(code)
    assert band is not None
    weak, strong = dollars_of(Decimal(amount), band)
    low, high = units_for(weak, band)
    assert weak <= strong and low <= Decimal(amount) <= high * Decimal("1.0000001")


def _say(*lines: str) -> ChatUser:
    me = ChatUser()
    for line in lines:
        me.say(line)
    return me


def test_enough_at_every_rate_leads_with_yes_and_the_weak_end() -> None:
    me = _say("we got 800 euros from the department, is it enough for a week of one 4090 at gpuli?")
    first = me.text.splitlines()[0]
    assert first.startswith("✅") and "EUR 800 (euro)" in first and "$660" in first and "₮109" in first  # 800 × 0.8252
    assert "0.8252" in me.text and "2008-07-15" in me.text


def test_short_at_every_rate_says_no() -> None:
    me = _say("新币 100 块，gpuli 一张 4090 包月够吗")
    first = me.text.splitlines()[0]
    assert first.startswith("❌") and "$84" in first and "₮369" in first  # 100 / 1.19 at the strong end


def test_a_budget_that_depends_on_the_rate_names_the_line() -> None:
    me = _say("gpuli 4090 for a month, budget is 1500 ringgit, ok?")
    first = me.text.splitlines()[0]
    # 1500 / 4.885 = $307 and 1500 / 2.90 = $517 around ₮369: enough only at 1500 / 369 = 4.07 ringgit a dollar
    assert first.startswith("⚠️") and "$307–517" in first and "4.07" in first and "₮369" in first


def test_runway_counts_whole_periods_at_the_weak_end() -> None:
    me = _say("grant of 2000 EUR, enough for a week of one RTX 4090 on gpuli?")
    assert "about 105 days" in me.text and "15 × ₮109" in me.text  # 2000 × 0.8252 = 1,650.4 → 15 weeks at ₮109


def test_a_conversion_asked_is_a_range_never_a_point() -> None:
    me = _say("gpuli 4090 一个月多少", "换成日元大概多少")
    first = me.text.splitlines()[0]
    assert "JPY 27,675–60,885" in first and "不是当天汇率" in first  # 369 × 75 and 369 × 165


def test_sing_dollars_are_a_currency() -> None:
    me = _say("4090 on gpuli for a week", "how much in sing dollars?")
    assert "SGD 130–207" in me.text.splitlines()[0] and "Singapore dollar" in me.text  # 109 × 1.19 and 109 × 1.90


@pytest.mark.parametrize("said", ["set monthly budget S$2000", "our budget is HK$9000 per month, set it",
                                  "月预算设成 3000 新币", "alert me once we spend over 5000 EUR"])
def test_nothing_in_an_unrated_currency_is_stored(said: str) -> None:
    me = _say(said)
    assert me.store.rows("SELECT * FROM budgets") == [] and me.store.rows("SELECT * FROM ledger") == []
    assert "Not recorded" in me.text or "没有记下" in me.text


def test_an_alert_in_euros_offers_the_weak_end_in_dollars() -> None:
    me = _say("warn me when spending passes 3000 EUR this month")
    assert "/budget set 2475 USD per month" in me.text and "$2,475" in me.text  # 3000 × 0.8252 = 2,475.6


@pytest.mark.parametrize(("first", "then", "billed"), [
    ("gpuli 4090 weekly price?", "would 250 euros do for a month?", "₮369"),
    ("gpuli 4090 包月多少", "那 500 港币够租一周吗", "₮109"),
])
def test_a_span_named_with_the_money_is_the_span_weighed(first: str, then: str, billed: str) -> None:
    me = _say(first, then)
    assert billed in me.text.splitlines()[0]


@settings(max_examples=30, deadline=None)
@given(amount=st.sampled_from(["0", "0,00", "5.000,00", "1.500,00", "0.5", "12", "3k", "1,5"]),
       code=st.sampled_from(["€", "EUR", "S$", "HK$", "円", "₩"]))
def test_any_amount_in_a_banded_currency_gets_an_answer_never_an_error(amount: str, code: str) -> None:
    chat = ChatUser()
    chat.say("What's the monthly price for 8x H100 at 一万网络?")
    reply = render_reply(chat.say(f"We have {amount} {code} per quarter. Is that enough?"), "plain")
    assert "error id" not in reply and "Traceback" not in reply, reply
