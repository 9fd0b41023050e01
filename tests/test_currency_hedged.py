"""A currency follow-up with a hedge between the currency and "how much" ("人民币大概多少", "换成美元大约是多少")
asks the last price in that currency, not the FAQ about what ₮ is."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.chat_user import ChatUser

HEDGES = ["大概", "大约", "差不多", "一共", "的话大概", ""]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(HEDGES), st.sampled_from(["人民币", "换成人民币"]))
def test_a_hedged_currency_follow_up_converts_the_last_price(hedge: str, currency: str) -> None:
    chat = ChatUser()
    chat.say("cloudgpu a100 80g 跑 10 小时多少钱")
    reply = chat.say(f"{currency}{hedge}多少")
    assert reply.kind == "price" and "¥106" in chat.text, chat.text  # $14.90 at the reference rate 7.1
