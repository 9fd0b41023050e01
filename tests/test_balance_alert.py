"""A warning asked for when the balance falls under an amount ("余额低于 ₮50 通知我", "set an alert when balance drops
below 100 USDT") is the wallet's balance warning, never a card's price watch nor the payment FAQ (blind 87). The wallet
warns by the hours the balance covers (README "Alerts"): with a per-minute rental burning, the amount becomes that
many hours at the burn and is set as a runway level; with nothing burning, the reply names the amount back and says
what warns instead, setting nothing."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.store.wallets import prefs, wallet_by_owner
from bot.wallet.balance_alert import read_balance_alert
from tests.chat_user import ChatUser, counts


@pytest.mark.parametrize(("text", "amount", "word"), [
    ("set an alert when balance drops below 100 USDT", "₮100", "alert"),
    ("余额低于 ₮50 通知我", "₮50", "提醒"),
    ("钱包余额不到 80u 的时候提醒我一下", "₮80", "提醒"),
    ("warn me if the wallet goes under $20", "$20", "alert"),
    ("钱包余额少于 30u 给我报个警", "₮30", "提醒"),  # asked in loose words (session 34)
    ("账上低于 ₮70 吱一声", "₮70", "提醒"),
    ("ping me when balance < 25 usdt", "₮25", "alert"),
    ("余额剩 100u 的时候喊我一声", "₮100", "提醒"),  # what is left, said as the line
    ("alert me when my balance is under 15 bucks", "$15", "alert"),  # bucks are dollars
])
def test_a_balance_alert_with_nothing_running_names_the_amount_and_sets_nothing(text: str, amount: str, word: str) -> None:
    me = ChatUser()
    reply = me.say(text)
    assert reply.kind not in ("price_watch", "faq"), me.text
    lead = "\n".join(me.text.splitlines()[:2])
    assert amount in lead and word in lead, me.text
    assert counts(me.store)["ledger"] == 0


def test_a_balance_alert_after_a_balance_read_is_still_the_alert() -> None:
    me = ChatUser()
    me.say("我钱包里有多少")
    reply = me.say("那先设个提醒：余额低于 ₮50 通知我")
    assert reply.kind != "price_watch" and "₮50" in me.text.splitlines()[0], me.text


def test_a_balance_alert_while_a_meter_runs_sets_the_hours_that_amount_lasts() -> None:
    me = ChatUser()
    me.say("/topup 20 USD cloudgpu")
    me.say("/rent 4090 cloudgpu")
    me.press(0)
    assert me.last is not None and me.last.kind == "wallet_done", me.text
    me.say("alert me when my balance drops below $3.30")  # $3.30 at $0.33/h: 10 hours
    w = wallet_by_owner(me.store, "telegram:user:u1")
    assert w is not None and 10 in prefs(me.store, w.id).runway_hours, me.text
    assert "10" in me.text.splitlines()[0] and "$3.30" in me.text.splitlines()[0], me.text


def test_a_card_price_watch_stays_a_price_watch() -> None:
    me = ChatUser()
    assert me.say("H100 周租低于 4000 告诉我").kind == "price_watch", me.text


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 99_999), form=st.sampled_from([
    "余额低于 {n}u 通知我", "钱包少于 ₮{n} 提醒我", "alert me when my balance is below {n} usdt", "notify me if wallet drops under ${n}"]))
def test_every_balance_alert_wording_reads_its_amount(n: int, form: str) -> None:
    found = read_balance_alert(form.format(n=n))
    assert found is not None and found[0] == Decimal(n)


@pytest.mark.parametrize("text", ["H100 周租低于 4000 告诉我", "tell me when an h100 week is under 4000",
                                  "余额低于 50 会怎样", "what happens when my balance drops below 10"])
def test_no_balance_alert_without_both_an_ask_to_be_told_and_the_balance(text: str) -> None:
    assert read_balance_alert(text) is None


@pytest.mark.parametrize("text", ["明天提醒我 还剩 3 天到期", "remind me friday, 2 days left on the rental"])
def test_days_left_are_no_amount(text: str) -> None:
    assert read_balance_alert(text) is None
