"""Asking whether a named full fine-tuning setup is the least that does the job ("是最省钱的吗", "是不是最低配置",
"哪个够用就行", "is that the minimum?", "is this overkill?") leads with yes or no against seed 000's minimum for the
class and its monthly price at gpuli: 7B/8B on one 80 GB card with an 8-bit optimizer (₮899), 14B on 4 × A100 SXM
with ZeRO-3 (₮4,308), 32B on 8 × A100 SXM with ZeRO-3 (₮8,352), 72B on 8 × H100 with offload (₮14,432)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


def first_line(chat: ChatUser) -> str:
    return next(line for line in chat.text.splitlines() if line.strip())


@pytest.mark.parametrize(("ask", "needle", "price"), [
    ("32B 全参，8 张 H100 开 ZeRO-3 加 offload，这是最便宜的方案吗", "8×A100 80GB SXM", "8,352"),
    ("qwen3 32b full ft with 8 h100 and cpu offload, is this the cheapest?", "8× A100 80GB SXM", "8,352"),
    ("14b 全参 上 8 卡 h100 是不是最低配置", "4×A100 80GB SXM", "4,308"),
    ("14b full finetune on 4 h100, is that really the minimum", "4× A100 80GB SXM", "4,308"),
    ("7b 全参 两张 h100 够用就行吗", "1×A100 80GB PCIe", "899"),
    ("we plan two A100 80G for an 8b full fine-tune, is that the bare minimum?", "1× A100 80GB PCIe", "899"),
    ("32b full fine-tune on 16 a100 80gb, is this overkill?", "8× A100 80GB SXM", "8,352"),
])
def test_a_dearer_named_setup_is_answered_no_with_the_seed_minimum(ask: str, needle: str, price: str) -> None:
    assert parse(ask).asks.minimum, ask
    chat = ChatUser()
    chat.say(ask)
    first = first_line(chat)
    assert first.startswith(("不是", "No")), chat.text
    assert needle in first and price in first, chat.text
    if "8b" in ask or "7b" in ask:
        assert "8-bit" in first, chat.text


@pytest.mark.parametrize("ask", [
    "72b 全参 8 张 h100 开 offload 是最省钱的吗",
    "72b full finetune on 8 h100 with optimizer offload, is that the cheapest",
    "32b 全参 8卡 a100 80g zero3 是最低配置吗",
])
def test_the_seed_minimum_itself_is_answered_yes(ask: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    assert first_line(chat).startswith(("是", "Yes")), chat.text


@pytest.mark.parametrize("ask", [
    "7b 全参 一张 4090 是最低配置吗",
    "is one rtx 4090 the minimum for a 7b full finetune?",
])
def test_a_named_card_that_cannot_hold_it_is_not_called_a_dearer_way(ask: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    first = first_line(chat)
    assert first.startswith(("不是", "No")) and "A100" in first, chat.text
    assert "也能跑" not in first and "also works" not in first, chat.text


@pytest.mark.parametrize("ask", ["32b 全参 8卡h100 装得下吗", "14b full ft on 4 h100, does it fit?", "7b 全参最便宜用啥卡"])
def test_no_minimum_question_no_minimum_line(ask: str) -> None:
    assert not parse(ask).asks.minimum, ask
