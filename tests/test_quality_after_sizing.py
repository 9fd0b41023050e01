"""A method's quality asked right after a sizing ("那改 qlora 效果会差很多吗", "does qlora hurt quality much?") is the
FAQ's answer on it (catalogs/faq.yaml, seed 003: a little, most uses won't notice; 20–40% slower than bf16 LoRA),
not the job sized again with that method."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation

QUALITY = [
    (("14b lora bf16 要多大显存", "l40s 够吗", "那改 qlora 效果会差很多吗"), "一点"),
    (("14b lora bf16 要多大显存", "换成 qlora 精度损失大吗"), "一点"),
    (("qwen3 8b lora 一张 4090 够吗", "用 qlora 的话效果差多少"), "一点"),
    (("7b lora on a 4090?", "would qlora hurt quality much?"), "Slightly"),
    (("14b lora bf16 how much vram", "is an l40s enough", "and with qlora, does the quality drop a lot?"), "Slightly"),
    (("how much memory for 32b lora", "does qlora hurt accuracy much then?"), "Slightly"),
]


@pytest.mark.parametrize(("turns", "verdict"), QUALITY)
def test_the_quality_question_after_a_sizing_is_answered(turns: tuple[str, ...], verdict: str) -> None:
    reply = conversation(*turns)
    head = "\n".join(reply.splitlines()[:3])
    assert verdict in head, reply
    assert "20–40%" in reply, reply


@pytest.mark.parametrize("turns", [("14b lora bf16 要多大显存", "那换成 qlora 呢"), ("7b lora on a 4090?", "what about qlora")])
def test_a_method_changed_without_asking_quality_is_still_sized(turns: tuple[str, ...]) -> None:
    reply = conversation(*turns)
    assert "GB" in reply and "QLoRA" in reply, reply
