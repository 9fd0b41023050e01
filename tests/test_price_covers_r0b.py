"""A price asked with a second clause on what it covers ("…包月什么价，含不含存储？", "…weekly price, does it include
storage?", "…月租多少，带不带公网 ip") gets both answers: the price, then the FAQ's answer on what is billed apart
(gpuli's volume ₮0.08/GB/month, seed 000), never the price alone."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize("text", [
    "gpuli 的 4090 包周多少钱，带不带存储？",
    "gpuli A100 一个月什么价，存储另算吗",
    "4 卡 H100 gpuli 月租多少，含不含存储",
    "gpuli a6000 monthly price, does that include storage?",
])
def test_price_with_what_it_covers(text: str) -> None:
    u = ChatUser()
    u.say(text)
    assert u.text.startswith("💰"), u.text
    assert "0.08" in u.text, u.text
