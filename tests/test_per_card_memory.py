"""One card's memory asked as a figure ("每张卡大概占多少", "how much memory per card"): the verdict
line with the per-card estimate leads, and the model states per card come right under it, rounded as
the seed table writes them (seed 000: 32B full over ZeRO-3 on 8 cards ≈ 64 GB; 72B 8-bit on 8 × H200
≈ 90 GB; 72B with offload on 8 × H100 ≈ 36 GB), not after the levers and prices."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("msg", "figures"), [
    ("qwen2.5 32b 全参 8 张 a100 80g zero3，每卡显存占用多少", ["≈ 64 GB"]),
    ("Qwen3-32B full fine-tune on 8x H100 with ZeRO-3: how much memory per card?", ["≈ 64 GB", "65.5 GB per card"]),
    ("72b full ft, 8x h200 — per-GPU footprint?", ["90 GB per card"]),
    ("72B 全参 8 卡 H100 走 offload，每张卡要多少显存", ["每卡 36 GB"]),
])
def test_the_per_card_figures_lead(msg: str, figures: list[str]) -> None:
    u = ChatUser()
    u.say(msg)
    verdict, states = u.text.splitlines()[:2]
    assert "GB" in verdict and all(f in states for f in figures), u.text


def test_the_states_line_is_not_said_twice() -> None:
    u = ChatUser()
    u.say("qwen3 32b 全参 8卡 h100 zero3 每张卡大概占多少")
    assert sum("模型状态每卡" in ln for ln in u.text.splitlines()) == 1


@pytest.mark.parametrize(("msg", "asked"), [
    ("8 卡 h100 每卡大概占多少显存", True),
    ("what does each gpu need for 72b full on 16 h100", True),
    ("h100 每卡每小时折合多少", False),  # a rate
    ("per card per hour on 8x h100?", False),
    ("qwen3 32b lora 要多少显存", False),
])
def test_the_ask_is_read(msg: str, asked: bool) -> None:
    assert parse(msg).asks.per_card_memory is asked


def test_a_plain_fit_question_keeps_its_order() -> None:
    u = ChatUser()
    u.say("qwen3 32b 全参 8卡 h100 zero3 装得下吗")
    assert u.text.splitlines()[1].startswith("👉")  # the lever to make it safe, the states further down
