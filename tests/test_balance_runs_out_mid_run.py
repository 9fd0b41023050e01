"""A balance too small for the run it is weighed against says what a zero balance does mid-run where the provider
destroys the instance then (CloudGPU, seed 002), and "is my data still there" after the balance ran out is a
no. Figures: CloudGPU RTX 4090 $0.33/h, A100 80GB SXM $1.49/h (seed 002)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


def _chat(*turns: str) -> ChatUser:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    return chat


@pytest.mark.parametrize(("turn", "over", "gone"), [
    ("我 cloudgpu 余额还剩 3 刀，4090 跑 10 小时行不行", "$0.30", "销毁"),  # $3.30 for 10 h
    ("cloudgpu wallet has $10 left, is that enough for 8 hours on an A100 80G?", "$1.92", "destroyed"),  # $11.92
])
def test_a_balance_short_of_the_run_says_the_instance_goes_at_zero(turn: str, over: str, gone: str) -> None:
    chat = _chat(turn)
    head = "\n".join(chat.text.split("\n\n")[0].splitlines())
    assert over in head and gone in head, chat.text


def test_a_budget_that_is_no_balance_gets_no_such_line() -> None:
    chat = _chat("预算 3 刀，cloudgpu 4090 跑 10 小时够吗")
    assert "不够" in chat.lines[0] and "销毁" not in chat.text.split("\n\n")[0], chat.text


@pytest.mark.parametrize(("turn", "word"), [
    ("cloudgpu 训练到一半余额用完了，checkpoint 还在吗", "不在"),
    ("If my cloudgpu balance ran out halfway through training, are my files still there?", "No"),
])
def test_data_after_the_balance_ran_out_is_gone(turn: str, word: str) -> None:
    chat = _chat(turn)
    assert word in chat.lines[0] and ("删除" in chat.lines[0] or "deleted" in chat.lines[0]), chat.text
