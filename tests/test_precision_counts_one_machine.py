"""Counts read right, picks true to the seeds (issue 18 items A and 4).

- A precision's digits are no card count: "14b lora bf16 卡 周租价" is 14B LoRA's pick (seed 000's L40S
  row, gpuli ₮189 a week), never 16 cards over two machines; "int8 卡", "fp8 卡", "fp16 的卡" likewise.
- A multi-card setup is one a provider rents as one machine: two A100s that gpuli rents only as two
  single-card instances are no setup for one ZeRO-3 job, so "7b 全参 要几张 a100" gives gpuli's 4-card
  A100 machine to be safe, saying why; "32b" after "7b qlora 一张4090" gives one 48 GB RTX A6000 (₮115 a
  week), not four separately rented 4090s.
- 72B full without offload asked in one message is seed 000's one machine, 8×H200 with an 8-bit optimizer
  (gpuli ₮19,752 a month), saying why (AdamW without offload takes 32 cards over 4 machines).
Prices from the seeds through catalogs/providers.
"""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import first_lines, said


@pytest.mark.parametrize("text", [
    "求 14b lora bf16 卡 + 周租价",
    "14b lora 要 fp16 的卡 一周多少钱",
    "BF16卡 跑 14b lora，包周多少",
    "int8 卡 跑 7b qlora 多少钱",
    "fp8 卡 训 70b lora 月租",
    "14B LoRA on bf16 cards, weekly price?",
    "qwen 7b lora, int8 card, price per week",
    "need an fp16 gpu for 14b lora, what's the weekly rent",
])
def test_a_precision_is_no_card_count(text: str) -> None:
    assert parse(text).request.num_gpus is None, text


@pytest.mark.parametrize(("text", "count"), [
    ("8卡 h100 多少钱", 8), ("2台8卡 a100 一周", 16), ("14b lora on 4 gpus bf16", 4), ("h100 x8卡 一周", 8),
    ("a100 fp16 卡 2张 包月", 2),
])
def test_counts_next_to_a_precision_stay(text: str, count: int) -> None:
    assert parse(text).request.num_gpus == count, text


@pytest.mark.parametrize("text", ["求 14b lora bf16 卡 + 周租价", "14b lora, bf16 card, weekly price?"])
def test_bf16_card_week_is_the_lora_pick(text: str) -> None:
    me = said(text)
    assert "L40S" in me.text and "₮189" in me.text, me.text
    assert "16×" not in me.text and "InfiniBand" not in me.text and "infiniband" not in me.text, me.text


@pytest.mark.parametrize("text", ["7b 全参 要几张 a100", "7b 全参微调需要几张 A100 80G", "how many a100s for a full finetune of a 7b model?",
                                  "full fine-tune qwen 7b: how many A100 80GB do I need"])
def test_safe_count_is_one_machine(text: str) -> None:
    me = said(text)
    assert "4 张 A100 80GB SXM" in me.text or "4× A100 80GB SXM" in me.text, me.text
    assert "₮4,308" in me.text, me.text  # gpuli's 4 × A100 80GB SXM machine, a month
    assert "分开租，不是一台" not in me.text and "not one 2-card machine" not in me.text, me.text
    assert "分开租 2 个实例" in me.text or "2 separate instances" in me.text, me.text  # why not two


@pytest.mark.parametrize("turns", [("7b qlora 一张4090 行吗", "那 32b 呢"), ("7b qlora on one 4090, ok?", "and 32b?"),
                                   ("32b qlora 单张 4090 跑得动吗",)])
def test_more_4090s_rented_apart_are_no_alternative(turns: tuple[str, ...]) -> None:
    me = said(*turns)
    lead = first_lines(me, 3)
    assert "1×RTX A6000" in lead or "1× RTX A6000" in lead, me.text
    assert "₮115" in me.text, me.text
    assert "4×RTX 4090" not in me.text and "4× RTX 4090" not in me.text and "分开租" not in me.text, me.text


@pytest.mark.parametrize("text", ["7b 全参 一张 a100 够吗", "7b full fine-tune on a single a100, enough?"])
def test_no_offload_way_is_one_machine(text: str) -> None:
    me = said(text)
    assert "4×A100 80GB SXM" in me.text or "4× A100 80GB SXM" in me.text, me.text
    assert "2×A100" not in me.text and "2× A100" not in me.text and "2 卡 →" not in me.text, me.text


@pytest.mark.parametrize(("text", "why"), [
    ("72b 全参 不开 offload 一周多少钱", "一台机器就装得下"),
    ("72b 全参 不 offload 租一个月多少钱", "一台机器就装得下"),
    ("72b full finetune, no offload, what does a week cost?", "one machine holds it"),
    ("72b 全参 不开 offload 多少钱", "一台机器就装得下"),
    ("how much is a 72b full fine-tune without offload?", "one machine holds it"),
])
def test_72b_without_offload_is_one_machine(text: str, why: str) -> None:
    me = said(text)
    lead = first_lines(me, 2)
    assert "8×H200" in lead or "8× H200" in lead, me.text
    assert "8-bit" in lead and why in lead, me.text
    assert "₮19,752" in me.text, me.text
    assert "32×H100" not in first_lines(me, 1) and "32× H100" not in first_lines(me, 1), me.text
