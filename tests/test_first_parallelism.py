"""Which parallelism to start a first multi-GPU run with is answered outright: DDP plus ZeRO-2 (seed 003's
conclusion), tensor and pipeline parallelism left to pretraining; not "not sure"."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize("text", [
    "新手多卡并行 先用哪个 ddp zero 还是 tp",
    "刚上手多卡训练，该先上 ddp 还是 zero 还是张量并行",
    "多卡并行怎么选 我是新手",
    "beginner with 4 gpus — which parallelism do I start with, ddp, zero or tensor parallel?",
    "first multi-GPU run: start with DDP, ZeRO or TP?",
])
def test_the_first_parallelism_leads_with_ddp_and_zero2(text: str) -> None:
    me = ChatUser()
    me.say(text)
    head = "\n".join(me.lines[:3])
    assert "ZeRO-2" in head and "DDP" in head, me.text
    assert ("8 卡" in me.text and "2 卡" in me.text) or ("8 GPUs" in me.text and "about 2" in me.text), me.text
