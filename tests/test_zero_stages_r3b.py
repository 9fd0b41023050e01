"""Several ZeRO stages asked side by side on one job: each stage's model states per card lead, from the engine
(32B full on 8 cards: 176 / 120 / 64 GB, seed 000's sharding table), in either language; one stage is a sizing."""

from __future__ import annotations

import pytest

from bot.understand.fields import zero
from bot.understand.model_facts import zero_stages
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("msg", "stages"), [
    ("32b 8卡 zero-1 zero-2 zero-3 每卡各多少显存", (1, 2, 3)),
    ("zero 1/2/3 per gpu for 14b full", (1, 2, 3)),
    ("zero2和zero3哪个省显存", (2, 3)),
    ("ds stage 2 和 stage 3", (2, 3)),
    ("zero-3 on 8 cards", ()),
])
def test_the_stages_named_are_read(msg: str, stages: tuple[int, ...]) -> None:
    assert zero_stages(msg) == stages


@pytest.mark.parametrize(("msg", "figures"), [
    ("32b 8卡 zero-1 zero-2 zero-3 每卡各多少显存", ("176", "120", "64")),
    ("32B full fine-tune on 8 GPUs: ZeRO-1 vs ZeRO-2 vs ZeRO-3, memory per GPU?", ("176", "120", "64")),
    ("70b 全参，zero 1/2/3 分别每卡多少", ("385", "262", "140")),
    ("llama 3.1 8b full on 4 cards, zero2 or zero3 per-card memory", ("44", "32")),
])
def test_each_stage_leads_with_its_per_card_states(msg: str, figures: tuple[str, ...]) -> None:
    u = ChatUser()
    u.say(msg)
    assert u.last is not None and u.last.kind == "zero_stages", u.text
    first = u.text.splitlines()[0]
    assert all(f"{f} GB" in first for f in figures), first


def test_a_named_card_gets_a_verdict_per_stage() -> None:
    u = ChatUser()
    u.say("qwen3 14b full, zero2 vs zero3 on 4 a100 80g, memory per gpu?")
    lines = u.text.splitlines()
    assert "does not fit" in lines[1] and "tight" in lines[2]


def test_no_method_says_full_fine_tuning_was_compared() -> None:
    u = ChatUser()
    u.say("32b 8卡 zero-1 zero-2 zero-3 每卡各多少显存")
    assert "没说方法，按全参微调比较" in u.text


@pytest.mark.parametrize(("msg", "figures"), [
    ("32b full on 8x a100 sxm at gpuli: monthly cost and per-gpu memory with zero3?", ("64", "77.4", "₮8,352")),
    ("qwen3 8b qlora on a 4090 at gpuli, weekly price and how much vram?", ("12.3 GB", "₮109")),
    ("32b 全参 8卡 a100 sxm zero3 gpuli 包月多少钱 每卡显存多少", ("64", "77.4", "₮8,352")),
])
def test_memory_per_card_asked_beside_a_cost_leads(msg: str, figures: tuple[str, ...]) -> None:
    u = ChatUser()
    u.say(msg)
    first = u.text.splitlines()[0]
    assert "GB" in first, u.text
    assert all(f in u.text for f in figures), u.text


@pytest.mark.parametrize("text, stage", [
    ("8 卡 a100 80g 跑 32b 全参，stage 2 直接 oom 了", 2), ("14b full on 4 h100s, stage-1 runs out of memory", 1),
    ("stage3 on 8 h200, 72b full, per card?", 3), ("7b 先 stage 2 sft 再 dpo", None), ("stage 1 pretraining on 8 h100s", None)])
def test_a_bare_stage_is_deepspeeds_unless_it_names_a_phase(text: str, stage: int | None) -> None:
    assert zero(text) == stage


def test_the_stated_stage_two_is_judged_not_swapped_for_stage_three() -> None:
    u = ChatUser()
    u.say("工单：8 张 A100 80G 训 32B 全参，stage 2 一跑就 OOM，是卡不够吗")
    head = u.text.splitlines()[0]
    assert head.startswith("❌") and "(ZeRO-2)" in head and "8×A100" in head
    assert "120 GB" in u.text and "ZeRO-3" in u.text
