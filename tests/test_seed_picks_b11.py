"""Seed 000's own picks where the question leaves the card open: headroom asked for a full fine-tune is
the table's "宽裕" column (14B: 4 × H100 SXM, ₮7,444 a month; 32B: 8 × H100 SXM; 72B: 8 × H200 with
the 8-bit optimizer; 7B: one H200), when its high end fits (32B's 8 × H100 only may fit by our
estimate, so our roomy pick stays there), and a LoRA / QLoRA class the table gives a card for is answered on
that card when its expected figure fits and ours would take more cards or a dearer one (14B QLoRA: one
RTX 4090, not an A6000; 72B bf16 LoRA: one MI300X, ₮1,699 a month, not two); a cheaper card of ours
(7B QLoRA on a 3090) stays."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


def head(chat: ChatUser) -> str:
    return "\n".join([line for line in chat.text.splitlines() if line.strip()][:3])


@pytest.mark.parametrize(("ask", "setup", "price"), [
    ("14b 全参 想要宽裕一点的配置", "4×H100 SXM", "₮7,444"),
    ("roomy setup for a 14b full finetune?", "4× H100 SXM", "₮7,444"),
    ("7b 全参 宽裕一点用啥卡", "1×H200 SXM + 8-bit 优化器", "₮2,599"),  # the class's own 8-bit way on the roomy card
    ("72b full fine-tune with plenty of headroom", "8× H200 SXM", "₮19,752"),
])
def test_headroom_for_a_full_finetune_is_the_seeds_roomy_column(ask: str, setup: str, price: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    assert setup in head(chat), chat.text
    assert price in chat.text


@pytest.mark.parametrize(("ask", "card", "price"), [
    ("14b qlora 用哪张卡合适", "RTX 4090", "₮369"),
    ("which gpu for a 14b qlora run", "RTX 4090", "₮369"),
    ("72b bf16 lora 选什么卡", "1×MI300X", "₮1,699"),
    ("what card for 72b lora without quantization", "1× MI300X", "₮1,699"),
])
def test_an_adapter_class_is_answered_on_the_seeds_card(ask: str, card: str, price: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    top = head(chat)
    assert card in top, chat.text
    assert price in chat.text


def test_a_cheaper_card_of_ours_stays() -> None:
    chat = ChatUser()
    chat.say("7b qlora 用什么卡最便宜")
    assert "RTX 3090" in head(chat), chat.text
