"""A top-up told as done ("刚冲了三百", "just topped up 300") is a wallet action: the amount is named back
and recorded by the wallet's rules (to the provider named, or the only one billing in the currency
said; asked back when neither says which, and recorded once the provider is given), never "I can't
help". Chinese number words count as the amount ("三百" is 300)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser, counts

ASKED_BACK = [("刚冲了三百", "zh"), ("冲了 300", "zh"), ("刚充了三百", "zh"), ("我刚冲了五百", "zh"),
              ("just topped up 300", "en"), ("i just topped up 500", "en")]


@pytest.mark.parametrize(("said", "lang"), ASKED_BACK)
def test_a_top_up_without_its_provider_names_the_amount_and_asks_where(said: str, lang: str) -> None:
    chat = ChatUser(lang=lang)
    reply = chat.say(said)
    amount = "500" if "五百" in said or "500" in said else "300"
    assert reply.kind.startswith("wallet"), chat.text
    assert amount in chat.text and "gpuli" in chat.text, chat.text  # the amount named back, the providers offered
    chat.say("gpuli")
    assert chat.balance("gpuli", "USDT") == int(amount) * 100  # recorded once the provider is given


@pytest.mark.parametrize(("said", "provider", "currency", "minor"), [
    ("冲了三百U到gpuli", "gpuli", "USDT", 30000), ("刚冲了 300 块", "yiwan", "CNY", 30000),
    ("充了五百刀", "cloudgpu", "USD", 50000), ("just topped up 300 usdt on gpuli", "gpuli", "USDT", 30000),
])
def test_a_top_up_with_its_provider_or_currency_is_recorded(said: str, provider: str, currency: str, minor: int) -> None:
    chat = ChatUser()
    reply = chat.say(said)
    assert reply.kind == "wallet_topup", chat.text
    assert chat.balance(provider, currency) == minor


def test_number_words_before_a_rule_question_stay_a_question() -> None:
    chat = ChatUser()
    assert chat.say("充值三百有优惠吗").kind == "faq"
    assert counts(chat.store)["ledger"] == 0
