"""A top-up told as done ("刚冲了三百", "just topped up 300") is a wallet action: the amount is named back
and recorded by the wallet's rules (to the provider named, or the only one billing in the currency
said; asked back when neither says which, and recorded once the provider is given), never "I can't
help". Chinese number words count as the amount ("三百" is 300)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from bot.understand.wallet_intent import WalletAction
from tests.chat_user import ChatUser, counts

NO_ACTION = WalletAction("none")

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


# A number counted by what follows it ("再冲一次" = one more push, "add 4 more cards", "这周冲 3 个实验") is how many of
# something: the wallet is never written, whatever verb stands before it.
COUNTED_ZH = ["次", "回", "轮", "波", "个实验", "张卡", "台", "单", "把"]
COUNTED_EN = ["more cards", "nodes", "people to the team", "times", "gpus", "runs", "more h100s"]


@settings(max_examples=40, deadline=None)
@given(verb=st.sampled_from(["冲", "再冲", "充", "转", "双十二再冲"]), n=st.integers(1, 99), what=st.sampled_from(COUNTED_ZH))
def test_a_counted_number_after_a_top_up_verb_is_no_top_up_zh(verb: str, n: int, what: str) -> None:
    assert (parse(f"{verb}{n}{what}").wallet or NO_ACTION).kind != "topup"
    assert (parse(f"{verb} {n} {what}").wallet or NO_ACTION).kind != "topup"


@settings(max_examples=40, deadline=None)
@given(verb=st.sampled_from(["add", "let's add", "we added", "top up"]), n=st.integers(1, 99), what=st.sampled_from(COUNTED_EN))
def test_a_counted_number_after_a_top_up_verb_is_no_top_up_en(verb: str, n: int, what: str) -> None:
    assert (parse(f"{verb} {n} {what}").wallet or NO_ACTION).kind != "topup"


@settings(max_examples=30, deadline=None)
@given(verb=st.sampled_from(["充", "冲", "充值", "top up", "add"]), n=st.integers(1, 9999),
       tail=st.sampled_from(["", " 到 gpuli", " on gpuli", "，gpuli"]))
def test_an_amount_with_nothing_counting_it_still_tops_up(verb: str, n: int, tail: str) -> None:
    assert (parse(f"{verb} {n}{tail}").wallet or NO_ACTION).kind == "topup"


def test_one_more_push_then_a_price_records_nothing_and_prices_the_rental() -> None:
    chat = ChatUser()
    chat.say("黑五过了，双十二再冲一次")
    assert counts(chat.store)["ledger"] == 0, chat.text
    chat.say("8 卡 H100 租一个星期 gpuli 几多万")
    assert counts(chat.store)["ledger"] == 0 and "8×H100" in chat.text.replace(" ", ""), chat.text
    assert "₮4,172" in chat.text, chat.text  # gpuli 8×H100 for a week (the seed price)
