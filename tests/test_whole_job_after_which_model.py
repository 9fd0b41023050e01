"""A job stated whole (model, method and cards) right after "which model?" is a question of its own: its method and
cards stand, never only its size fed to the question waited on (which had sized 32B LoRA on one card; blind 47)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("first", "then", "needles"), [
    ("hello, we are planning a fine-tune and need gpus", "8 h100s 32b full ft zero-3 per card memory?",
     ("32B full fine-tune", "8× H100")),
    ("想微调个模型 要租卡", "32b 全参 8 张 h100 zero3 每卡多少显存", ("32B 全参微调", "8×H100")),
])
def test_a_whole_job_after_which_model_is_that_job(first: str, then: str, needles: tuple[str, ...]) -> None:
    me = ChatUser()
    me.say(first)
    assert me.last is not None
    me.say(then)
    lead = "\n".join(me.lines[:2])
    assert all(n in lead for n in needles) and "LoRA" not in lead, me.text


def test_a_size_alone_still_answers_which_model() -> None:
    me = ChatUser()
    me.say("lora on one 4090, enough?")
    me.say("qwen3 8b")
    assert "Qwen3-8B LoRA" in me.lines[0] and "4090" in me.text, me.text
