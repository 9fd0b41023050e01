""""Cheapest safe" for full fine-tuning ("cheapest safe way to full-finetune a 72b", "72b 全参最省又稳妥的配置",
"32b 全参最便宜又稳的方案") is seed 000's minimum without offload, never an offload plan while one without
offload fits, nor a roomier setup: 72B on 8 × H200 with an 8-bit optimizer (₮19,752), the offload minimum
(8 × H100, ₮14,432) named as cheaper but 20–50% slower; 32B on 8 × A100 SXM with ZeRO-3 (₮8,352); 14B on
4 × A100 SXM with ZeRO-3 (₮4,308)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


def lead(chat: ChatUser) -> str:
    return "\n".join([line for line in chat.text.splitlines() if line.strip()][:3])


@pytest.mark.parametrize("ask", [
    "cheapest safe way to full-finetune a 72b model?",
    "what's the cheapest reliable setup for a qwen2.5-72b full fine-tune",
    "72b 全参最省又稳妥的配置",
    "qwen 72b 全量微调，最便宜又靠谱的方案是啥",
])
def test_72b_cheapest_safe_leads_with_h200_and_names_offload_as_slower(ask: str) -> None:
    assert parse(ask).asks.safe, ask
    chat = ChatUser()
    chat.say(ask)
    head = lead(chat)
    assert "H200" in head and "8-bit" in head, chat.text
    assert "+offload" not in head.splitlines()[1], chat.text  # the pick itself keeps the throughput
    slower = next(x for x in chat.text.splitlines() if "14,432" in x)
    assert "20%–50%" in slower or "20–50%" in slower, chat.text
    assert "19,752" in chat.text


@pytest.mark.parametrize(("ask", "needle", "price"), [
    ("32b 全参 最省的稳妥方案", "8×A100 80GB SXM", "8,352"),
    ("cheapest safe setup to fully fine-tune qwen3-32b?", "8× A100 80GB SXM", "8,352"),
    ("14b 全参最便宜又稳的配置", "4×A100 80GB SXM", "4,308"),
])
def test_cheapest_safe_is_the_seed_minimum_not_a_roomy_setup(ask: str, needle: str, price: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    head = lead(chat)
    assert needle in head, chat.text
    assert price in chat.text and "宽裕的装法" not in chat.text


@pytest.mark.parametrize("ask", ["72b 全参要几张卡", "72b full finetune, how many gpus?", "32b 全参想宽裕一点"])
def test_without_cheapest_safe_nothing_changes(ask: str) -> None:
    assert not parse(ask).asks.safe, ask
