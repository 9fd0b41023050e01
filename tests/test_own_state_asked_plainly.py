"""One's own wallet asked in plain words, yes or no (issue 18, blind 74): "我们现在有在租的机器吗", "有没有忘关的机器",
"do we have anything running?", "is anything still billing us?", "我们账户里还有钱吗", "any money left?" read the
wallet (its rentals, its balance) in the asker's language, though a 吗 or a leading "is"/"are" reads like a rule's
question. An empty wallet: no rentals, balance 0. A rule stays the FAQ's ("关机还计费吗", "what happens if the
balance runs out?"), and money stated ("钱包还有 800") is a fact, never a read. gpuli RTX 4090 ₮109 a week."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser, said

RENTALS_ASKED = ["咱们现在有在跑的机器吗", "有没有忘关的机器", "我们名下还有实例在跑吗", "现在开着几台卡",
                 "do we have anything running right now?", "is anything still billing us?",
                 "are any of our instances still on?", "did we leave anything running?"]
MONEY_ASKED = ["我们账户里还有钱吗", "钱包里还剩钱没", "账上还剩多少", "do we have any money left?",
               "how much money do we have?", "any credit left in our wallet?"]


@pytest.mark.parametrize("text", RENTALS_ASKED)
def test_own_rentals_asked_plainly_read_the_wallet(text: str) -> None:
    parsed = parse(text)
    assert parsed.intent == "wallet" and parsed.wallet is not None and parsed.wallet.kind == "rentals", parsed


@pytest.mark.parametrize("text", MONEY_ASKED)
def test_own_money_asked_plainly_reads_the_balance(text: str) -> None:
    parsed = parse(text)
    assert parsed.intent == "wallet" and parsed.wallet is not None and parsed.wallet.kind == "balance", parsed


@pytest.mark.parametrize(("text", "empty"), [
    ("我们现在有在跑的实例吗", "没有租用记录"), ("do we have anything running?", "No rentals"),
    ("我们账户里还有钱吗", "余额 0"), ("do we have any money left?", "Balance 0"),
])
def test_an_empty_wallet_answers_none_in_the_askers_language(text: str, empty: str) -> None:
    assert empty in said(text).text


def test_a_rental_on_the_book_is_named_and_the_balance_left_after_it() -> None:
    me = ChatUser()
    me.say("/topup 500 USDT gpuli")
    me.say("/rent 4090 week gpuli")
    me.press("wallet.btn.confirm")
    me.say("我们现在有在租的机器吗")
    assert "RTX 4090" in me.text and "7天" in me.text, me.text
    me.say("is anything still billing us?")
    assert "RTX 4090" in me.text and "Active" in me.text, me.text
    me.say("我们账户里还有钱吗")
    assert "₮391.00" in me.text, me.text  # ₮500 − ₮109


@pytest.mark.parametrize("text", ["关机还计费吗", "余额用完了机器会停吗", "what happens if our balance runs out?",
                                  "钱包还有 800", "is anything billed while the instance is stopped?",
                                  "我们的卡忘了关 gpuli 会多扣钱吗", "did we leave anything running, will it keep charging?"])
def test_a_rule_or_money_stated_is_no_read_of_the_book(text: str) -> None:
    action = parse(text).wallet
    assert action is None or not action.own_now, action
