"""Two methods set against each other for one model ("32b qlora 跟 lora 差多少", "14b full vs lora") get
both figures and the difference, the difference first; one method named with a LoRA setting ("qlora
lora rank 64") is no comparison. Figures: the engine's estimates for seq 2048, batch 1 (32B: QLoRA
27.6 GB, LoRA 76.4 GB most likely; 14B: full 303 GB, LoRA 36.4 GB)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser

QLORA_LORA = [("32b qlora 跟 lora 差多少", "zh"), ("32b qlora 和 lora 显存差多少", "zh"), ("32b 用 qlora 还是 lora", "zh"),
              ("32b 的 qlora 跟 lora 比，差别大吗", "zh"), ("32b qlora vs lora, how much difference?", "en"),
              ("how does 32b qlora compare with lora", "en"), ("32b: qlora or lora?", "en")]


@pytest.mark.parametrize(("ask", "lang"), QLORA_LORA)
def test_qlora_against_lora_gives_both_figures_and_the_difference(ask: str, lang: str) -> None:
    chat = ChatUser(lang=lang)
    reply = chat.say(ask)
    assert reply.kind == "sizing_methods", chat.text
    assert "48.8 GB" in chat.lines[1], chat.text  # 76.4 − 27.6: the difference leads
    assert "27.6 GB" in chat.text and "76.4 GB" in chat.text
    assert "20" in chat.lines[-1] and "40" in chat.lines[-1]  # QLoRA's 20–40% slowdown, from the engine


@pytest.mark.parametrize(("ask", "lang"), [("14b 全参和 lora 显存差多少", "zh"), ("14b full vs lora", "en")])
def test_full_against_lora_gives_both_figures_and_the_difference(ask: str, lang: str) -> None:
    chat = ChatUser(lang=lang)
    chat.say(ask)
    assert "267 GB" in chat.lines[1] and "88%" in chat.lines[1], chat.text  # 303 − 36.4, about 88% less
    assert "303 GB" in chat.text and "36.4 GB" in chat.text
    assert "4×A100 80GB SXM" in chat.text.replace("4× A100", "4×A100")  # full's setup, as the sizing gives it


def test_a_comparison_is_remembered_for_a_follow_up() -> None:
    chat = ChatUser()
    chat.say("32b qlora 跟 lora 差多少")
    chat.say("多少钱")
    assert "32B" in chat.lines[0] and "QLoRA" in chat.lines[0], chat.text  # the first method named stays the job


@pytest.mark.parametrize("ask", ["7b qlora lora rank 64 要多少显存", "32b qlora 要多少显存", "qwen3 8b lora 一张 4090 够吗"])
def test_one_method_is_a_plain_sizing(ask: str) -> None:
    chat = ChatUser()
    assert chat.say(ask).kind == "sizing", chat.text
