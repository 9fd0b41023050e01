"""One amount reader for commands and free text: commas only in groups of three, ambiguous amounts
asked back with buttons (never guessed), absurd amounts and durations refused with a clear line."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal as D

import pytest

from bot.clock import FixedClock
from bot.store import connect
from bot.store.connection import Store
from bot.understand.amount import Ambiguous, Amount, OutOfRange, read_number, read_token
from bot.understand.parser import parse
from tests.chat_user import counts
from tests.test_wallet_handlers import Chat

T0 = datetime(2026, 12, 1, 1, 0, tzinfo=UTC)


@pytest.mark.parametrize(("token", "value", "currency"), [
    ("500", D(500), None), ("1,000", D(1000), None), ("1,000.50", D("1000.50"), None),
    ("12,345,678", None, None), ("2万", D(20000), None), ("1.5万", D(15000), None), ("3k", D(3000), None),
    ("¥500", D(500), "CNY"), ("$0.33", D("0.33"), "USD"), ("₮109", D(109), "USDT"),
    ("５００", D(500), None), ("１，０００", D(1000), None), ("２万元", D(20000), "CNY"), ("2e3", D(2000), None),
])
def test_clear_amounts(token: str, value: D | None, currency: str | None) -> None:
    found = read_token(token)
    assert found is not None
    reading, cur = found
    if value is None:  # 12,345,678 is a valid grouping but above the ceiling
        assert isinstance(reading, OutOfRange)
    else:
        assert reading == Amount(value) and cur == currency


@pytest.mark.parametrize(("token", "readings"), [
    ("1,5", (D("1.5"), D(15))), ("5,00", (D("5.00"), D(500))), ("1,50", (D("1.50"), D(150))),
    ("12,3456", (D("12.3456"), D(123456))), ("1,5万", (D(15000), D(150000))),
])
def test_a_comma_outside_groups_of_three_is_ambiguous(token: str, readings: tuple[D, D]) -> None:
    found = read_token(token)
    assert found is not None and isinstance(found[0], Ambiguous)
    assert found[0].readings == readings


@pytest.mark.parametrize("token", ["1e30", "99999999999999999999", "nan", "NaN", "inf", "Infinity", "1e999999",
                                   "10000001", "2000万"])
def test_absurd_amounts_are_out_of_range(token: str) -> None:
    found = read_token(token)
    assert found is not None and isinstance(found[0], OutOfRange)


@pytest.mark.parametrize("token", ["1,2,3", "1,", "abc", "1.2.3", "12,34.5"])
def test_malformed_numbers_are_not_amounts(token: str) -> None:
    assert read_token(token) is None


def test_read_number_with_a_unit() -> None:
    assert read_number("1,000", "k") == Amount(D(1_000_000))


@pytest.fixture
def store() -> Store:
    return connect(":memory:")


@pytest.fixture
def me(store: Store) -> Chat:
    return Chat(store, FixedClock(T0))


@pytest.mark.parametrize(("text", "first", "second"), [
    ("/topup 1,5 USDT", "₮1.50", "₮15.00"),
    ("/topup 5,00 USDT", "₮5.00", "₮500.00"),
    ("充值 1,5 U", "₮1.50", "₮15.00"),
    ("topup 5,00 usdt", "₮5.00", "₮500.00"),
])
def test_an_ambiguous_top_up_is_asked_back_with_two_buttons(me: Chat, store: Store, text: str, first: str,
                                                             second: str) -> None:
    me.say(text)
    assert me.last is not None and me.last.kind == "wallet_amount_pick", me.text
    assert first in me.text and second in me.text
    labels = [b.label_params.get("amount") for b in me.last.buttons]
    assert labels[:2] == [first, second]
    assert counts(store)["ledger"] == 0, "nothing is recorded before the user picks"
    pick = me.last.buttons[1].payload
    me.press(pick)
    assert me.last.kind == "wallet_topup" and second in me.text
    want = int(D(second.strip("₮").replace(",", "")) * 100)
    assert me.balance("gpuli", "USDT") == want
    me.press(pick)  # a double tap records nothing more
    me.press(me.last.buttons[0].payload if me.last.buttons else pick)
    assert me.balance("gpuli", "USDT") == want and counts(store)["ledger"] == 1


def test_someone_else_cannot_pick_my_amount(store: Store) -> None:
    clock = FixedClock(T0)
    me = Chat(store, clock, user="1", chat="-100", group=True, admin=True)
    other = Chat(store, clock, user="2", chat="-100", group=True, admin=True)
    me.say("/topup 1,5 USDT gpuli")
    assert me.last is not None
    other.press(me.last.buttons[0].payload)
    assert other.last is not None and other.last.kind == "wallet_error"
    assert counts(store)["ledger"] == 0


def test_an_ambiguous_budget_is_asked_back_too(me: Chat, store: Store) -> None:
    me.say("/budget set 1,5 USDT per month")
    assert me.last is not None and me.last.kind == "wallet_amount_pick"
    me.press(me.last.buttons[0].payload)
    assert me.last.kind == "wallet_budget" and "₮1.50" in me.text


@pytest.mark.parametrize("text", [
    "/topup 1e30 USDT", "/topup 99999999999999999999 USDT", "/topup nan USDT", "/topup inf USDT",
    "/topup 99999999999999999999d", "/budget set 1e30 USD per month", "topup 1e30 usdt", "充值 1e30 U",
    "充值 99999999999999999999 U", "/rent 4090 99999999999999999999d gpuli", "/rent 4090 1e9w gpuli",
    "/rent 4090 9999999999d gpuli", "/renew 1 99999999999999999999d", "租一张4090 999999999天",
])
def test_absurd_numbers_get_a_clear_line_not_an_apology(me: Chat, store: Store, text: str) -> None:
    me.say(text)
    assert me.last is not None and me.last.kind == "wallet_error", me.text
    assert "error id" not in me.text and "went wrong" not in me.text, me.text
    assert counts(store)["ledger"] == 0


def test_command_and_free_text_read_the_same_amount() -> None:
    assert parse("充值 1,000 U").rental.amount == D(1000)
    assert parse("top up 1,000.50 usdt").rental.amount == D("1000.50")
    amb = parse("充值 1,5 U").rental.amount
    assert isinstance(amb, Ambiguous) and amb.readings == (D("1.5"), D(15))
    assert isinstance(parse("充值 1e30 U").rental.amount, OutOfRange)


def test_a_confirm_payload_pointing_at_an_amount_question_is_refused(me: Chat, store: Store) -> None:
    me.say("/topup 1,5 USDT")
    assert me.last is not None
    pid = me.last.buttons[0].payload.split(":")[2]
    me.press(me.last.buttons[0].payload)
    for forged in (f"w:ok:{pid}", f"w:od:{pid}", f"w:no:{pid}"):
        me.press(forged)
        assert me.last.kind == "wallet_error" and "error id" not in me.text, me.text
    assert counts(store)["ledger"] == 1


def test_cancel_on_an_amount_question_records_nothing(me: Chat, store: Store) -> None:
    me.say("/topup 1,5 USDT")
    assert me.last is not None
    cancel, first = me.last.buttons[-1].payload, me.last.buttons[0].payload
    me.press(cancel)
    assert me.last.kind == "wallet_cancelled"
    me.press(first)
    assert me.last.kind == "wallet_cancelled" and counts(store)["ledger"] == 0
