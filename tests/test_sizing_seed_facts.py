"""Issue 18 item 4 (blind sets 46/47, class I): single questions about the seeds' sizing facts answer
with the seed's own figures.

- full fine-tuning with no card and no optimizer named: the model states as seed 000's range for the
  class, 10–16 bytes per parameter (8-bit optimizer to AdamW): 7B 70–112 GB, 14B 140–224 GB, 32B
  320–512 GB, 72B 720–1,152 GB;
- the 8-bit optimizer stated before a question about the job ("开 8bit adam 会 oom 吗", "with 8-bit
  adam will it fit"): stated, so the reply is seed 000's minimum (one 80 GB card, 70 GB of model
  states), at the edge, never "needs the 8-bit optimizer" as if it had not been named.
"""

from __future__ import annotations

import pytest

from bot.understand import fields as f
from tests.chat_user import first_lines, said

FULL_RANGE = [
    ("哥们 帮我估一下 32b full ft vram", "320–512 GB"),
    ("14b full ft vram", "140–224 GB"),
    ("how much memory does a 14B full fine-tune take", "140–224 GB"),
    ("72b 全参 显存 多少", "720–1,152 GB"),
    ("全参微调 7b 大概要多少显存？", "70–112 GB"),
    ("full finetune of a 32b model, vram?", "320–512 GB"),
]


@pytest.mark.parametrize(("text", "states"), FULL_RANGE)
def test_full_fine_tuning_states_lead_with_the_seed_range(text: str, states: str) -> None:
    me = said(text)
    assert states in first_lines(me), me.text


def test_a_stated_optimizer_gives_no_range() -> None:
    me = said("7b 全参 用 adamw 显存")
    assert "112 GB" in first_lines(me) and "70–112" not in me.text, me.text


EIGHT_BIT_STATED = [
    "7b full ft 单卡 80g 开 8bit adam 会 oom 吗",
    "7b 全参 一张 80g 用 8bit 优化器 会不会爆",
    "will a 7b full fine-tune with 8-bit adam fit on one 80gb card?",
    "单卡 a100 80g 跑 7b 全参，开 8bit adam 放得下吗",
]


@pytest.mark.parametrize("text", EIGHT_BIT_STATED)
def test_the_8bit_optimizer_stated_before_a_fit_question_is_stated(text: str) -> None:
    assert f.optimizer(text) == "adamw-8bit", text
    me = said(text)
    lead = first_lines(me)
    assert "70 GB" in lead and ("放得下" in lead or "fits only just" in lead), me.text
    assert "需要 8-bit" not in lead and "Needs the 8-bit" not in lead, me.text


def test_the_8bit_optimizer_asked_about_stays_asked() -> None:
    assert f.optimizer("7b 全参 要不要 8bit 优化器") is None
    assert f.optimizer("7b 全参 单卡 a100 80g 还需要 8bit 优化器吗") is None


ZERO_RULED_OUT = [
    ("32b 全参 八张 a100 80g 不开 zero3 只开 zero2 行不行", 2),
    ("32b full ft on 8 h100s, not zero3, zero2 please", 2),
    ("8卡 h100 32b 全参 不用 zero-3，用 zero-2 够吗", 2),
    ("14b 全参 4 卡 不要 zero2 开 zero3", 3),
    ("32b 全参 8 卡 开不开 zero3", None),  # A-not-A: a need asked (round 2), neither stated nor ruled out
    ("32b 全参 8卡 h100 为什么不用 zero2", 2),  # "why not" asks about the stage, rules nothing out
    ("why not zero 2 for the 32b full ft on 8 h100s?", 2),
]


@pytest.mark.parametrize(("text", "stage"), ZERO_RULED_OUT)
def test_a_stage_ruled_out_is_not_the_stage_stated(text: str, stage: int | None) -> None:
    assert f.zero(text) == stage, text


def test_zero2_for_32b_full_on_8x80gb_does_not_fit() -> None:
    me = said("32b 全参 八张 a100 80g 不开 zero3 只开 zero2 行不行")
    lead = first_lines(me)
    assert "ZeRO-2" in lead and "装不下" in lead and "120 GB" in me.text, me.text


CHEAPEST_AT_CLOUDGPU = [
    "cheapest card on cloudgpu for 14b qlora",
    "cloudgpu 上 14b qlora 最便宜用哪张卡",
    "14b qlora，cloudgpu 哪张卡最省钱",
    "on cloudgpu what's the cheapest gpu for a 14b qlora run",
]


@pytest.mark.parametrize("text", CHEAPEST_AT_CLOUDGPU)
def test_a_tight_pick_gives_way_to_a_cheaper_card_as_big(text: str) -> None:
    # both are 24 GB cards, tight alike for 14B QLoRA; seed 002 lists the 3090 at $0.21/h, the 4090 at $0.33/h
    me = said(text)
    lead = first_lines(me)
    assert "3090" in lead and "$0.21" in lead, me.text


BYTES_PER_PARAM = [
    ("full ft 每个参数 多少字节", "16 字节"),
    ("全参 一个参数 几个字节", "16 字节"),
    ("how many bytes per param for full finetuning", "16 bytes"),
    ("每个参数多少字节", "16 字节"),
    ("qlora 每个参数几个字节", "0.5"),  # the NF4 figure, 0.5625 B (bot/views/param_count.py)
]


@pytest.mark.parametrize(("text", "figure"), BYTES_PER_PARAM)
def test_bytes_per_parameter_is_the_formula_not_a_sizing(text: str, figure: str) -> None:
    me = said(text)
    assert figure in first_lines(me) and "📏" not in me.text, me.text


INFERENCE_VS_TRAINING = [
    "qwen 7b 推理 和 训练 显存差多少",
    "7b 训练比推理多占多少显存",
    "how much more memory does training a 7b need compared to inference",
    "qwen3 8b inference vs training vram",
]


@pytest.mark.parametrize("text", INFERENCE_VS_TRAINING)
def test_inference_against_training_is_the_comparison(text: str) -> None:
    # seed 003: inference keeps the weights (2 B/param), training about 8 times that
    me = said(text)
    lead = first_lines(me)
    assert ("8 倍" in lead or "8×" in lead) and "📏" not in me.text and "🖥" not in me.text, me.text


def test_one_of_the_two_alone_is_still_sized() -> None:
    assert "🖥" in said("7b 推理 显存").text
    assert "📏" in said("7b lora 训练 显存").text
