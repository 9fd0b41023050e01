"""Memory questions answered by the memory they ask (issue 18, classes G/H: an FAQ entry picked on one shared word):
- full against LoRA on memory, no model named ("显存差多少", "how much more memory") is the full fine-tune's 16 bytes
  a parameter (seed 000's table: 2 + 2 + 4 + 8), never LoRA's quality gap (seed 003's 0.8 points), met on 差多少;
- "why does training take so much more memory than inference, say 14B" gives that size's figures: 2 bytes a
  parameter to serve (14B → 28 GB), 16 to train fully (14B → 224 GB), 8× (seed 003 Q5)."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("text", "want"), [
    ("全参和 LoRA 比，显存要多出多少", "16 字节"),
    ("記憶體方面 全參 vs LoRA 差幾倍", "16 字节"),
    ("full fine-tune vs LoRA: how much more GPU memory?", "16 bytes"),
    ("what's the VRAM gap between full finetuning and lora", "16 bytes"),
])
def test_full_against_lora_on_memory_is_bytes_per_parameter(text: str, want: str) -> None:
    reply = conversation(text)
    assert want in lead_lines(reply, 3), reply
    assert "0.8" not in reply, reply


def test_their_quality_gap_is_still_the_quality_entry() -> None:
    assert "0.8" in conversation("LoRA 比全参效果差多少")


@pytest.mark.parametrize(("text", "wants"), [
    ("训练为啥比推理吃显存那么多，拿 14b 说", ("约 28 GB", "约 224 GB", "8 倍")),
    ("why is training memory so much bigger than inference? e.g. a 70B", ("about 140 GB", "about 1,120 GB", "8×")),
])
def test_training_against_inference_gives_the_named_sizes_figures(text: str, wants: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(text), 2)
    assert all(w in lead for w in wants), lead
