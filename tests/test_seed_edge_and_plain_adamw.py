"""Seed 000's minimum full fine-tuning setups read at their edge, and a negated 8-bit optimizer.

- 7B/8B full fine-tuning with an 8-bit optimizer on one 80 GB card is the seed's minimum (states
  70 GB, "正好卡进 80 GB 单卡"). Where our expected figure lands slightly over the card but within the
  seed's own allowance for activations (30% over the states), the reply leads with a borderline
  verdict naming the seed's figure and the lever that makes it safe, never a flat "does not fit";
  past that allowance (a long sequence) it is a plain miss.
- "不开 8bit 优化器", "without 8-bit adam", "plain AdamW": the plain AdamW optimizer (16 bytes per
  parameter), never the 8-bit one.
"""

from __future__ import annotations

import pytest

from bot.understand.fields import optimizer
from tests.chat_user import ChatUser

EDGE_ZH = ["7b 全参 8bit优化器 单张 A100 80G 够吗", "7B 全参 adamw 8bit, single A100 80G 能跑吗",
           "8b 全参微调 用 8-bit adam，一张 H100 80G 装得下吗", "Llama-3.1-8B 全量微调 8位优化器 单卡 A100 80GB 行不行"]
EDGE_EN = ["one-liner pls: 7B full FT on 1x A100 80GB with 8-bit Adam — yes or no?",
           "Qwen2.5-7B full fine-tune with an 8-bit optimizer on one 80GB H100 — will it fit?",
           "8B full finetune, adamw 8bit, single H100 80GB: does it fit?"]


def _head(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if ln.strip()][:3]


@pytest.mark.parametrize("msg", EDGE_ZH + EDGE_EN)
def test_seed_minimum_at_the_edge_is_borderline_not_out(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    first = _head(u.text)[0]
    assert first.startswith("⚠️"), first
    assert "装不下" not in u.text and "does not fit" not in u.text.lower()
    zh = msg in EDGE_ZH
    assert ("偏紧" in first and "最低配置" in first) if zh else ("borderline" in first and "minimum" in first)
    # the seed's basis (10 bytes per parameter) and our expected figure and range both show
    assert "GB" in first and ("范围" in first if zh else "range" in first)
    assert "offload" in _head(u.text)[1]  # the lever that makes it safe


def test_seed_edge_figures_are_the_seeds() -> None:
    u = ChatUser()
    u.say("7b 全参 8bit优化器 单张 A100 80G 够吗")
    first = _head(u.text)[0]
    assert "模型状态 70 GB" in first and "80.7 GB" in first and "61.8–94.2 GB" in first


@pytest.mark.parametrize("msg", ["7b 全参 8bit优化器 单张 A100 80G 序列 8192 够吗",
                                 "7B full FT with 8-bit Adam on 1x A100 80GB at seq 8192, fits?"])
def test_past_the_seeds_allowance_is_a_plain_miss(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    first = _head(u.text)[0]
    assert first.startswith("❌"), first


@pytest.mark.parametrize("msg", ["72b 全参，8 张 H200 不开 8bit 优化器，装得下吗", "72b 全参 8卡 H200 不用 8-bit 够吗",
                                 "72B full FT on 8x H200 without 8-bit adam, fits?", "72b full ft 8xH200 no 8bit?",
                                 "72b full finetune 8 H200 plain AdamW ok?", "72B 全参 8×H200 普通 AdamW 行吗"])
def test_negated_8bit_optimizer_is_plain_adamw(msg: str) -> None:
    assert optimizer(msg.lower()) == "adamw"
    u = ChatUser()
    u.say(msg)
    first = _head(u.text)[0]
    assert first.startswith("❌") and "165 GB" in first, first  # 16 bytes per parameter: 1,152 GB over 8 cards


@pytest.mark.parametrize("msg", ["7b 全参 8bit优化器", "7B full FT with 8-bit Adam", "adamw 8bit", "bnb 8bit optimizer",
                                 "8 位优化器"])
def test_stated_8bit_optimizer_still_reads_as_8bit(msg: str) -> None:
    assert optimizer(msg.lower()) == "adamw-8bit"


@pytest.mark.parametrize("msg", ["no 8bit base, 4bit qlora", "不用 8 位量化", "7b lora"])
def test_base_quantization_words_are_not_the_optimizer(msg: str) -> None:
    assert optimizer(msg.lower()) is None
