"""Blind-9 planning behaviours: a budget asked about is a verdict (never a wallet write), money
words next to a rig are money, hours bought by a budget, and several planning questions at once."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import ChatUser

ASK_TAGS = ["{b}k usdt budget, ok?", "budget is {b}k usdt - fine?", "we got {b}k usdt budget, will that work?",
            "预算 {b}k usdt，ok 不", "预算{b}k usdt 行不"]


@settings(max_examples=15, deadline=None)
@given(b=st.integers(2, 60), form=st.sampled_from(ASK_TAGS))
def test_a_budget_asked_about_never_sets_the_wallet_budget(b: int, form: str) -> None:
    parsed = parse(form.format(b=b))
    assert parsed.wallet is None or parsed.wallet.kind != "budget_set", form


def test_a_budget_asked_after_a_monthly_price_is_a_verdict_on_it() -> None:
    chat = ChatUser()
    chat.say("gpuli 8x h100 32b full finetune, price per month?")
    chat.say("our budget's 20k usdt, ok?")
    first = chat.text.splitlines()[0]
    assert "budget set" not in chat.text.lower()
    assert "₮20,000" in first and "₮14,432" in first  # gpuli 8×H100 SXM month (seed) within ₮20k


def test_a_stated_budget_still_sets_it() -> None:
    assert parse("budget 3k usdt").wallet.kind == "budget_set"  # type: ignore[union-attr]
    assert parse("set my budget to 500?").wallet.kind == "budget_set"  # type: ignore[union-attr]
