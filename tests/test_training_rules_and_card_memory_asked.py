"""Issue 18 (blind sets 52, 55): questions the FAQ or the GPU catalog answers, asked in chat words. Gradient
accumulation's effective batch (micro-batch 1 × 16 steps is a batch of 16) asked with no word of GPUs at all; the
memory to leave when the sequence grows past 2048 (20–40% on top of the estimate); how much memory a card has,
asked of the card after the word for memory ("whats vram and how much does an a6000 have": 48 GB); and what a
provider's balance pays for besides GPUs (CloudGPU: its model APIs too), a rule question, never a read of the
asker's own wallet. Figures from the seeds and the GPU catalog."""

from __future__ import annotations

import pytest

from tests.chat_user import first_lines, said


@pytest.mark.parametrize("text", [
    "micro batch 1 累积 16 步 等效 batch 多少",
    "batch 开 1 梯度累积 16 相当于多大 batch",
    "micro batch 1 with 16 accumulation steps, what's the effective batch",
    "grad accum 16 and micro batch 1 -> effective batch size?",
])
def test_effective_batch_of_accumulation(text: str) -> None:
    # the product leads (bot.understand.global_batch): micro-batch 1 × 16 steps × 1 card is a batch of 16
    me = said(text)
    assert "16" in first_lines(me) and ("等效" in me.text or "effective" in me.text), me.text


@pytest.mark.parametrize("text", [
    "seq 从 2048 拉到 8192 显存要多留多少",
    "序列长度从 2k 加到 8k 要多留多少显存",
    "上下文从 4k 拉到 16k 显存得多留点吗",
    "if I go from seq 2048 to 8192 how much more memory should I leave",
    "how much headroom for a longer context",
])
def test_memory_headroom_for_a_longer_sequence(text: str) -> None:
    me = said(text)
    assert me.last is not None and me.last.kind == "faq", me.text
    assert "20–40%" in first_lines(me), me.text


@pytest.mark.parametrize("text", [
    "going from 2k to 8k sequence length, how much extra vram",
    "we go from 2k to 16k context on a lora run, how much extra vram should we budget?",
])
def test_extra_memory_of_a_longer_sequence(text: str) -> None:
    """The extra memory of a longer sequence is its activations: the checkpointing entry says so (2K to 32K)."""
    me = said(text)
    assert me.last is not None and me.last.kind == "faq", me.text
    assert "checkpointing" in me.text or "20–40%" in me.text, me.text


@pytest.mark.parametrize(("text", "gb"), [
    ("whats vram and how much does an a6000 have", "48 GB"),
    ("what is vram, and how much does the 4090 have?", "24 GB"),
    ("what's VRAM? how much does an h100 come with", "80 GB"),
    ("显存是啥 a6000 有多少", "48 GB"),
    ("显存是什么意思，3090 有多大", "24 GB"),
])
def test_memory_a_card_has(text: str, gb: str) -> None:
    me = said(text)
    assert me.last is not None and me.last.kind == "card_spec", me.text
    assert gb in first_lines(me), me.text


def test_card_memory_and_its_price_stays_a_price() -> None:
    me = said("4090 显存够吗 多少钱")
    assert me.last is not None and me.last.kind == "price", me.text


@pytest.mark.parametrize("text", [
    "cloudgpu 除了 gpu 余额还能干啥",
    "cloudgpu 的余额能付什么",
    "what else can my cloudgpu balance pay for besides gpus",
    "cloudgpu balance, what can it be used for",
])
def test_what_a_providers_balance_pays_for(text: str) -> None:
    me = said(text)
    assert me.last is not None and me.last.kind == "faq", me.text
    assert "API" in first_lines(me), me.text


@pytest.mark.parametrize("text", ["查一下余额", "余额多少", "what's my balance"])
def test_own_balance_still_read(text: str) -> None:
    me = said(text)
    assert me.last is not None and me.last.kind == "wallet", me.text
