"""Questions about one's own wallet answered from the wallet, never by an FAQ entry (a new user has nothing yet), a
budget or top-up in a currency the wallet does not keep named back and refused with nothing stored, and the money
rules of a prepaid cycle asked yes or no with the verdict leading (seed 000)."""

from __future__ import annotations

import pytest

from bot.understand.foreign_money import foreign_amount, foreign_write
from tests.chat_user import ChatUser


@pytest.mark.parametrize("said", ["我们现在有没有租机器", "我現在有租什麼卡嗎", "do we have any rentals right now?"])
def test_whether_anything_is_rented_is_read_from_the_wallet(said: str) -> None:
    me = ChatUser()
    assert me.say(said).kind == "wallet_rentals"
    assert "没有租用记录" in me.text or "No rentals recorded" in me.text


@pytest.mark.parametrize("said", ["我们的 budget 还剩多少啊 好像没设过", "how much of our budget is left? not sure we set one"])
def test_ones_own_budget_asked_among_other_words_says_none_is_set(said: str) -> None:
    me = ChatUser()
    assert me.say(said).kind == "wallet_budget"
    assert me.lines[0].startswith(("没有设月预算", "No monthly budget"))


@pytest.mark.parametrize(("said", "back", "amount"), [
    ("please set the monthly budget to ₹3 lakh, finance signed off", "₹3 lakh (300,000 INR)", 300_000),
    ("预算设成 2 万欧元", "2 万欧元（20,000 EUR）", 20_000),
    ("top up 150 GBP to cloudgpu", "150 GBP (150 GBP)", 150),
])
def test_a_currency_the_wallet_does_not_keep_is_named_back_and_nothing_is_stored(said: str, back: str, amount: int) -> None:
    found = foreign_amount(said)
    assert found is not None and found.amount == amount
    me = ChatUser()
    me.say(said)
    assert back in me.lines[0] and "USD, USDT, CNY" in me.lines[0]
    assert me.store.rows("SELECT * FROM budgets") == [] and me.store.rows("SELECT * FROM ledger") == []


def test_a_question_in_a_foreign_currency_or_a_kept_currency_is_no_refusal() -> None:
    assert foreign_write("budget ₹5 lakh, what can we run?") is None
    assert foreign_write("set the budget to 5000 CNY") is None


def test_a_balance_alert_asked_with_ping_me_in_chinese_names_the_amount() -> None:
    me = ChatUser()
    me.say("余额少于 80 U 就 ping 我")
    assert "₮80.00" in me.lines[0]


@pytest.mark.parametrize(("said", "lead"), [
    ("月租用到一半不想用了 能退钱吗", "❌ 不能"),
    ("if we stop the weekly rental halfway, do we get a refund for the rest?", "❌ No"),
    ("刚开了十分钟发现开错了，一小时内能退吗", "✅ 可以"),
])
def test_a_prepaid_cycles_refund_is_answered_with_its_verdict_first(said: str, lead: str) -> None:
    me = ChatUser()
    me.say(said)
    assert me.lines[0].startswith(lead), me.text
