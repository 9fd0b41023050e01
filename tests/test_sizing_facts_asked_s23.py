"""A sizing fact asked, or a follow-up doubting a sizing, is answered with the figure asked, true to the seeds and the
catalog, never with an FAQ entry met on one of its words: a setup asked whether it is the minimum while a tool is
named (seed 000: 32B full on 8 × A100 SXM with ZeRO-3, ₮8,352), the NF4 base weights' size asked after them, one 80 GB
card doubted after a 7B full sizing (seed 000: 70 GB of model states with an 8-bit optimizer), a model's context
(32,768 native, 131,072 with YaRN), a card's memory and bandwidth asked together (MI300X: 192 GB, 5.3 TB/s), the least
memory with no method (QLoRA, seed 000 8–12 GB), two cards compared after a sizing, what each extra node costs (gpuli's
InfiniBand, ₮600 per node a month), and a budget under every setup (一万网络's T4 at ¥900, tight for 7B QLoRA)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


def _talk(*turns: str) -> ChatUser:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    return chat


def _head(chat: ChatUser, n: int = 2) -> str:
    return "\n".join(chat.lines[:n])


@pytest.mark.parametrize("ask", [
    "用 deepspeed zero3 八张 a100 sxm 跑 32b 全参 算最低配置吗",
    "with zero-3, are 8 a100 sxm the minimum for a 32b full ft?",
    "32b full finetune on 8x a100 sxm zero3 — is that the minimum?",
])
def test_a_setup_asked_whether_minimum_with_a_tool_named_is_the_seed_verdict(ask: str) -> None:
    chat = _talk(ask)
    assert chat.last is not None and chat.last.kind == "sizing", chat.text
    assert chat.lines[0].startswith(("是", "Yes")) and "8,352" in chat.lines[0], chat.text


@pytest.mark.parametrize("ask", [
    "70b qlora base weights, how big in nf4?",
    "70b qlora: the weights, how large are they in 4-bit?",
    "70b qlora 权重在 nf4 下占多少",
    "70b qlora 的基座 4bit 下有多大",
])
def test_the_nf4_weights_asked_after_them_lead_with_their_size(ask: str) -> None:
    chat = _talk(ask)
    assert "39.2" in chat.lines[0] and "38.5" in chat.lines[0], chat.text  # catalog_facts: 39.51 GB with DQ; rule 0.55 B/param


@pytest.mark.parametrize("turns", [
    ("7b full finetune, which card at gpuli", "is one 80gb card really enough?"),
    ("8b full ft", "would a single 80 gb gpu do it?"),
    ("7b 全参 用哪张卡", "单张 80g 的卡 真够用吗"),
])
def test_one_80gb_card_doubted_after_a_full_sizing_answers_against_that_job(turns: tuple[str, ...]) -> None:
    chat = _talk(*turns)
    assert chat.last is not None and chat.last.kind == "sizing", chat.text
    assert "8-bit" in chat.lines[0] and ("70 GB" in chat.lines[0] or "80 GB of model states" in chat.lines[0]), chat.text  # 7B / 8B


@pytest.mark.parametrize(("turns", "full"), [
    (("where does training memory actually go", "7b full finetune, which card at gpuli"), "full fine-tune"),
    (("微调要多少显存", "14b 全参"), "全参微调"),
])
def test_the_job_given_to_which_model_keeps_its_method(turns: tuple[str, ...], full: str) -> None:
    chat = _talk(*turns)
    assert full in chat.lines[0], chat.text


@pytest.mark.parametrize("turns", [
    ("14b qlora 3090 行吗", "a100 跟 h100 微调选哪个"),
    ("7b lora 4090 ok?", "h100 or a100 for fine-tuning, which one?"),
])
def test_two_cards_compared_after_a_sizing_is_a_question_of_its_own(turns: tuple[str, ...]) -> None:
    chat = _talk(*turns)
    assert chat.last is not None and chat.last.kind == "faq", chat.text
    assert "A100" in chat.lines[0] and "H100" in chat.lines[0], chat.text


@pytest.mark.parametrize("turns", [
    ("continued pretraining 7b — single node enough?", "and multi-node, what's extra per node"),
    ("7b 继续预训练 单机够吗", "那多机呢 每个节点额外要加多少"),
])
def test_what_each_extra_node_costs_is_the_infiniband_rate(turns: tuple[str, ...]) -> None:
    chat = _talk(*turns)
    assert "InfiniBand" in chat.text and "₮600" in chat.text, chat.text


@pytest.mark.parametrize(("ask", "memory", "bandwidth"), [
    ("mi三百x 显存多少 带宽多少", "192 GB", "5.3 TB/s"),
    ("h200 显存有多少，带宽呢", "141 GB", "4.8 TB/s"),
    ("how much memory does an mi300x have and what's its bandwidth", "192 GB", "5.3 TB/s"),
])
def test_a_cards_memory_and_bandwidth_asked_together_answer_both(ask: str, memory: str, bandwidth: str) -> None:
    chat = _talk(ask)
    assert memory in chat.text and bandwidth in chat.text, chat.text


@pytest.mark.parametrize(("ask", "model"), [
    ("qwen3 八b 支持 一百二十八k 上下文吗", "Qwen3-8B"),
    ("does qwen3 32b support 128k context?", "Qwen3-32B"),
    ("qwen2.5 7b 上下文能到 128k 吗", "Qwen2.5-7B"),
    ("qwen3 8b max context?", "Qwen3-8B"),  # no card: the model's window, never "name the card to search on"
    ("what is the max context of qwen3 32b", "Qwen3-32B"),
])
def test_a_models_context_asked_of_a_length_is_its_window(ask: str, model: str) -> None:
    chat = _talk(ask)
    first = chat.lines[0]
    assert model in first and "32,768" in first and "131,072" in first and "YaRN" in first, chat.text


@pytest.mark.parametrize("ask", [
    "微调一下千问 7b 最少要多少显存",
    "qwen3 8b 显存最低要多大",
    "minimum vram to finetune a 7b?",
    "how little memory can i fine-tune llama 3.1 8b with",
])
def test_the_least_memory_with_no_method_is_qlora(ask: str) -> None:
    chat = _talk(ask)
    assert "QLoRA" in chat.lines[0] and "8–12 GB" in chat.lines[0], chat.text
    assert "QLoRA" in chat.text.split("\n")[-1] or any("QLoRA" in line and ("LoRA 见" in line or "LoRA is on" in line)
                                                       for line in chat.lines), chat.text


@pytest.mark.parametrize("ask", [
    "预算 500 块一个月 一万网络最便宜的卡能跑 7b qlora 吗",
    "budget 400 cny a month, can the cheapest card at yiwan run a 7b qlora?",
])
def test_a_budget_under_every_setup_names_the_cheapest_card_too(ask: str) -> None:
    chat = _talk(ask)
    head = _head(chat)
    assert "T4" in head and "¥900" in head and ("¥1,750" in head), chat.text
