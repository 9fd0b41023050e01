"""A job named beside a question the sizing does not answer is the FAQ's question: how much gradient checkpointing
slows a run (20–30%, seed 000), and DDP set against ZeRO (seed 003: DDP is enough for 7B/13B fine-tuning), in
either order; the ZeRO stages weighed against each other stay the stages' entry."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser

SLOWER = [
    "does gradient checkpointing slow 8b qlora down much",
    "gradient checkpointing 会让 8b qlora 慢多少",
    "will turning on gradient checkpointing make my 14b lora slower?",
]


@pytest.mark.parametrize("text", SLOWER)
def test_how_much_checkpointing_slows_a_job(text: str) -> None:
    me = ChatUser()
    me.say(text)
    assert "20–30%" in me.text, me.text
    assert "📏" not in me.text, me.text  # no sizing of the job


DDP_OR_ZERO = [
    "13b lora ddp 还是 zero 选哪个",
    "13b lora zero 还是 ddp",
    "for a 13b lora should I use ddp or zero?",
    "7b 全参 zero 还是 ddp",
]


@pytest.mark.parametrize("text", DDP_OR_ZERO)
def test_ddp_set_against_zero_is_that_entry(text: str) -> None:
    me = ChatUser()
    me.say(text)
    assert "DDP" in me.lines[0] and ("7B/13B" in me.text), me.text


def test_two_zero_stages_weighed_stay_the_stages_entry() -> None:
    me = ChatUser()
    me.say("32b lora 8卡 zero2 还是 zero3")
    assert "ZeRO-1、ZeRO-2、ZeRO-3" in me.lines[0], me.text
