"""Separate single-card rentals asked to act as one multi-card machine get "no", why (separate
machines, no shared node, no NVLink between them) and the multi-card setups a provider rents as one
machine, with their prices (issue 18, item 4); a plain multi-card price question is not this."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser

ASKED = [("At 一万网络, can I just take 8 single A100 40G rentals and treat them as an 8-GPU node for ZeRO-3?", 8, "一万网络"),
         ("租 8 台单卡 a100 拼成 8 卡机跑 zero-3 行吗", 8, None),
         ("can I combine four separate 4090 instances into one machine for ddp at gpuli", 4, "gpuli"),
         ("一万网络 两台单卡 3090 能不能当一台双卡机用", 2, "一万网络"),
         ("would 16 individual H100 rentals work as a single cluster for 70b full?", 16, None)]


@pytest.mark.parametrize(("msg", "n", "provider"), ASKED)
def test_single_card_rentals_are_not_one_machine(msg: str, n: int, provider: str | None) -> None:
    assert parse(msg).asks.pooled == n
    u = ChatUser()
    u.say(msg)
    lines = u.text.splitlines()
    assert lines[0].startswith("❌") and "NVLink" in lines[0] and str(n) in lines[0]
    assert "节点" in lines[0] or "node" in lines[0]
    boxes = [ln for ln in lines if ln.startswith("•")]
    assert boxes and all("8×" in b or "4×" in b or "8× " in b or "4× " in b for b in boxes)
    if provider == "一万网络":
        assert any("¥80,000–120,000" in b for b in boxes)


@pytest.mark.parametrize("msg", ["8 卡 a100 多少钱", "8x h100 node price at gpuli", "单卡 4090 能跑 7b qlora 吗",
                                 "两台 8 卡 h100 组集群要多少钱", "single 4090 enough for 7b qlora?"])
def test_a_multi_card_price_or_a_single_card_question_is_not_pooling(msg: str) -> None:
    assert parse(msg).asks.pooled is None
