"""A named full fine-tuning setup that is one of seed 000's own rows with the 8-bit optimizer (72B on
8 × H200: "8 × H200 + 8-bit 优化器，约 90 GB / 卡"; 7B on one 80 GB card: "须 8-bit 优化器"), asked with no
optimizer, is sized as the seed sizes it: with the 8-bit optimizer, AdamW's figure said beside it. An
optimizer stated (AdamW) is kept."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


def head(chat: ChatUser) -> str:
    return "\n".join([line for line in chat.text.splitlines() if line.strip()][:3])


@pytest.mark.parametrize("ask", ["72b 全参 8 张 h200，每卡显存大概多少", "per-card memory for a 72b full finetune on 8x h200?",
                                 "qwen2.5 72b 全参 8卡 H200 够不够"])
def test_seventy_two_b_on_eight_h200_is_the_seed_row(ask: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    top = head(chat)
    assert top.startswith("✅") and "H200" in top, chat.text
    # 10 bytes × 72B ÷ 8 cards (Qwen2.5-72B: 72.7B); asked per card, said as the seed writes it: 90 GB
    assert any(f in top for f in ("90 GB", "90 GB", "90.9 GB"))
    assert "8-bit" in chat.text and ("165 GB" in chat.text or "167 GB" in chat.text)  # AdamW's figure, said


@pytest.mark.parametrize("ask", ["72b full on 8 h200 with adamw", "72b 全参 8卡 h200 用 adamw"])
def test_a_stated_adamw_is_kept(ask: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    assert head(chat).startswith("❌"), chat.text


@pytest.mark.parametrize("ask", ["7b 全参 一张 h100 能跑吗", "can one a100 80g do a full finetune of a 7b"])
def test_seven_b_on_one_eighty_gb_card_takes_the_seed_optimizer(ask: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    top = head(chat)
    assert "70 GB" in chat.text and ("参考表" in top or "reference table" in top), chat.text
    assert "8-bit" in chat.text
