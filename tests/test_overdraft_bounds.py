"""Every overdraft is bounded: a prepaid rental or renewal confirmed as an overdraft may take the
balance down to the figure its confirmation states and no lower, and no overdraft ever takes a
balance below the ceiling ($1,000 at the catalog's rate: ₮1,000, ¥7,100); the confirmation says
both, in Chinese and in English."""

from __future__ import annotations

import pytest

from bot.store import connect
from bot.wallet.operations import overdraft_ceiling_minor
from tests.chat_user import ChatUser, counts


def test_the_ceiling_per_currency() -> None:
    assert (overdraft_ceiling_minor("USDT"), overdraft_ceiling_minor("USD"), overdraft_ceiling_minor("CNY")) == (
        100_000, 100_000, 710_000)


@pytest.mark.parametrize(("lang", "floor", "ceiling"), [
    ("en", "go down to -₮9.00 and no lower", "below -₮1,000.00"),
    ("zh", "余额最多降到 -₮9.00", "低于 -₮1,000.00"),
])
def test_a_prepaid_overdraft_confirmation_states_its_floor_and_the_ceiling(lang: str, floor: str, ceiling: str) -> None:
    me = ChatUser(connect(":memory:"), lang=lang)
    me.say("/topup 100 USDT gpuli")
    me.say("/rent 4090 week gpuli")  # ₮109.00 on ₮100.00
    assert floor in me.text and ceiling in me.text, me.text
    me.press(me.last.buttons[0].payload if me.last else 0)
    assert me.balance("gpuli", "USDT") == -900


def test_repeated_overdrafts_stop_at_the_ceiling() -> None:
    me = ChatUser(connect(":memory:"), lang="en")
    me.say("/topup 1 USDT gpuli")
    rented = 0
    for _ in range(40):  # ₮109 a week: without a ceiling, forty would reach -₮4,359
        reply = me.say("/rent 4090 week gpuli")
        od = [b for b in reply.buttons if b.payload.startswith("w:od:")]
        if not od:
            assert "beyond the overdraft limit" in me.text and "-₮1,000.00" in me.text, me.text
            forged = reply.buttons[0].payload.replace("w:no:", "w:od:")
            me.press(forged)  # the overdraft button was not offered; pressing it anyway records nothing
            assert me.last is not None and me.last.kind == "wallet_error", me.text
            break
        me.press(od[0].payload)
        assert me.last is not None and me.last.kind == "wallet_done", me.text
        rented += 1
    assert rented == 9  # ₮1 - 9 × ₮109 = -₮980; a tenth would be -₮1,089
    assert me.balance("gpuli", "USDT") == 100 - 9 * 10_900
    assert me.balance("gpuli", "USDT") >= -overdraft_ceiling_minor("USDT")


def test_an_overdraft_is_refused_when_the_balance_fell_below_the_stated_floor_before_confirming() -> None:
    me = ChatUser(connect(":memory:"), lang="en")
    me.say("/topup 100 USDT gpuli")
    first = me.say("/rent 4090 week gpuli")  # states: down to -₮9.00
    second = me.say("/rent 4090 week gpuli")
    me.press(next(b.payload for b in second.buttons if b.payload.startswith("w:od:")))  # now -₮9.00
    before = counts(me.store)["ledger"]
    me.press(next(b.payload for b in first.buttons if b.payload.startswith("w:od:")))  # would be -₮118.00
    assert me.last is not None and me.last.kind == "wallet_error", me.text
    assert "-₮118.00" in me.text and "-₮9.00" in me.text, me.text
    assert counts(me.store)["ledger"] == before and me.balance("gpuli", "USDT") == -900


def test_a_renewal_overdraft_is_bounded_too() -> None:
    me = ChatUser(connect(":memory:"), lang="en")
    me.say("/topup 109 USDT gpuli")
    me.say("/rent 4090 week gpuli")
    me.press(me.last.buttons[0].payload if me.last else 0)
    assert me.balance("gpuli", "USDT") == 0
    for _ in range(12):
        reply = me.say("/renew 1 week")
        od = [b for b in reply.buttons if b.payload.startswith("w:od:")]
        if not od:
            break
        me.press(od[0].payload)
    assert me.balance("gpuli", "USDT") == -9 * 10_900  # nine renewals: -₮981; a tenth would pass -₮1,000
    assert "beyond the overdraft limit" in me.text
