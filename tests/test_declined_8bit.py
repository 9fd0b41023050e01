"""Plain AdamW stated for a 7B/8B full fine-tune on one 80 GB card ("不开 8bit"): the answer is no (AdamW's
model states alone are 16 bytes per parameter: 112 GB for 7B, 128 GB for 8B), and it names seed 000's way
of fitting it on that card, the 8-bit optimizer, beside offload (20–50% slower). A yes or no asked of one
card with none named ("单卡行不行" then "不开 8bit 呢") leads with that card's verdict; a bigger card follows.
Asked which card to use, the card leads as before (tests/test_picks_and_comparisons_b23.py)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import first_lines, said


@pytest.mark.parametrize(("text", "states", "seed_states"), [
    ("8b 全参 一张 h100 不开 8bit 行吗", "128 GB", "80 GB"),
    ("一张 A100 80G 做 8b 全参，只用 adamw 可以吗", "128 GB", "80 GB"),
    ("can I full finetune 8b on one h100 without 8-bit adam?", "128 GB", "80 GB"),
    ("7b full fine-tune on a single A100 80GB with plain adamw, does it fit?", "112 GB", "70 GB"),
])
def test_a_named_80gb_card_says_no_and_names_the_seeds_8bit_way(text: str, states: str, seed_states: str) -> None:
    me = said(text)
    lead = first_lines(me, 1)
    assert "❌" in lead, me.text
    head = first_lines(me, 4)
    assert "8-bit" in head and states in head and seed_states in head and ("20%–50%" in head or "20–50%" in head), me.text


@pytest.mark.parametrize(("turns", "states"), [
    (("qwen 7b 全参 单卡行不行", "不开 8bit 呢"), "112 GB"),
    (("8b 全参 一张卡能跑吗", "那只用 adamw 呢"), "128 GB"),
    (("can a 7b full fine-tune run on a single gpu?", "and without the 8-bit optimizer?"), "112 GB"),
])
def test_a_follow_up_declining_8bit_leads_with_the_one_card_verdict(turns: tuple[str, str], states: str) -> None:
    me = said(*turns)
    lead = first_lines(me, 1)
    assert "❌" in lead and "80 GB" in lead and states in lead and "8-bit" in lead, me.text


@pytest.mark.parametrize("text", [
    "7b full finetune on a single gpu without 8-bit adam, possible?",
    "7b 全参 单卡 不开 8bit 行不行",
])
def test_asked_yes_or_no_of_one_card_the_verdict_leads(text: str) -> None:
    me = said(text)
    assert "❌" in first_lines(me, 1) and "112 GB" in first_lines(me, 1), me.text


def test_asked_which_card_the_card_leads() -> None:
    me = said("7b 全参 只用 adamw 不开 8bit 单卡 用什么卡")
    assert first_lines(me, 1).startswith("📏") and "MI300X" in first_lines(me), me.text


# A switch refused in any of the ways people refuse one is off, never on: the 8-bit optimizer, gradient
# checkpointing, flash attention and offload each read the same refusals (bot/understand/switches.py)
@pytest.mark.parametrize("text", [
    "8b 全参 一张 h100 不想用八比特", "8b 全参 单卡 我不打算开 8bit 优化器", "8b 全参 80g 单卡 8 比特优化器就不用了",
    "8b full finetune on one h100, we'd rather not use 8-bit adam", "8b full ft single h100, dont want the 8bit optimizer",
    "8b full ft on an h100 with the 8-bit optimizer off", "8b full ft one h100 skip the 8bit adam",
])
def test_a_refused_8bit_optimizer_is_read_as_plain_adamw(text: str) -> None:
    assert parse(text).request.optimizer == "adamw", text


@pytest.mark.parametrize(("text", "field", "value"), [
    ("qwen3 8b lora 4090 不想开梯度检查点", "grad_checkpointing", False),
    ("qwen3 8b lora 4090 梯度检查点关掉", "grad_checkpointing", False),
    ("qwen3 8b lora on a 4090, we'd rather skip gradient checkpointing", "grad_checkpointing", False),
    ("qwen3 8b lora 4090 不打算用 flash attention", "attention", "eager"),
    ("qwen3 8b lora on a 4090, don't want flash attention", "attention", "eager"),
    ("qwen3 8b lora 4090 flash attention 就不开了", "attention", "eager"),
    ("qwen3 32b lora 一张 a100 offload 就算了", "offload", "none"),
    ("qwen3 32b lora on one a100, offload off", "offload", "none"),
    ("qwen3 32b lora on one a100, don't wanna offload", "offload", "none"),
])
def test_every_switch_refused_is_off(text: str, field: str, value: object) -> None:
    assert getattr(parse(text).request, field) == value, text


@pytest.mark.parametrize(("text", "field", "value"), [
    ("qwen3 8b 全参 h100 要不要开 8bit 优化器", "optimizer", None),
    ("qwen3 8b 全参 h100 开 8bit 不用 offload 能放下吗", "optimizer", "adamw-8bit"),
    ("qwen3 8b lora 4090 开梯度检查点", "grad_checkpointing", True),
    ("qwen3 8b lora 4090 with flash attention 2", "attention", "flash"),
])
def test_a_switch_asked_of_or_turned_on_is_not_refused(text: str, field: str, value: object) -> None:
    # an A-not-A question ("要不要开") refuses nothing, and a refusal of another switch ("不用 offload") is not this one's
    assert getattr(parse(text).request, field) == value, text


@pytest.mark.parametrize("text", ["求问 八B 全参 一张八十G的卡行吗 不想用八比特",
                                  "is an 80gb card enough for an 8b full fine-tune if we skip the 8-bit optimizer?"])
def test_a_refused_8bit_is_answered_with_adamw_and_named_back(text: str) -> None:
    # 8B with AdamW holds 128 GB of model states (16 bytes a parameter): no on an 80 GB card; the reply says AdamW was read
    me = said(text)
    assert "❌" in first_lines(me, 1) and "128 GB" in me.text and "AdamW" in me.text, me.text


# offload waved off in slang ("别给我整 offload", "不要给我搞offload", "spare me the offload"): offload off, and a 72B
# full fine-tune's cheapest plan is then seed 000's one without it, 8×H200 with the 8-bit optimizer (gpuli ₮19,752 a month)
@pytest.mark.parametrize("text", [
    "72b 全参 最便宜怎么配 别给我整 offload", "72b 全参 最省钱的方案 不要给我搞offload",
    "cheapest way to full finetune a 72b? spare me the offload", "72b full ft, cheapest plan, no cpu offload nonsense please",
])
def test_offload_waved_off_in_slang_is_off(text: str) -> None:
    assert parse(text).request.offload == "none", text
    me = said(text)
    assert "H200" in first_lines(me, 3) and "19,752" in me.text, me.text


@pytest.mark.parametrize("text", ["72b 全参 给我开 offload 最便宜怎么配", "72b full ft, cheapest plan with optimizer offload"])
def test_offload_asked_for_stays_on(text: str) -> None:
    assert parse(text).request.offload not in (None, "none"), text
