"""A single-card pick that only fits by offloading says so on its own line, with the throughput cost, in
both languages; and a count of hours or minutes has no ".0" that says nothing (720 h, not 720.0 h). The month is
gpuli's A100 80GB PCIe (₮899), which rents that card for exactly a month for less than CloudGPU's SXM hours."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("text", "marked"), [
    ("7b full finetune on one a100 80g, monthly cost?", "(offload, 20–50% slower)"),
    ("7b 全参 一张 a100 80g 月租多少", "（offload，吞吐降 20–50%）"),
])
def test_an_offload_pick_is_named_as_such_where_it_leads(text: str, marked: str) -> None:
    chat = ChatUser()
    chat.say(text)
    lead = chat.lines[0]
    assert "A100 80GB" in lead and marked in lead, chat.text
    assert "₮899" in lead, chat.text  # seed 000's month of the A100 80GB PCIe at gpuli, under CloudGPU's 720 h ($1,072.80)
    assert ".0h" not in chat.text and ".0 h" not in chat.text, chat.text


@pytest.mark.parametrize(("text", "states"), [
    ("72b 8-bit adam on 8x h100, does it fit?", "720 GB"),  # 72B × 10 bytes: the full fine-tune's states
    ("14b 开 offload 一张 a100 80g 够吗", "224 GB"),  # 14B × 16 bytes, the fp32 copies on the host
])
def test_an_optimizer_lever_with_no_method_sizes_the_full_fine_tune(text: str, states: str) -> None:
    """Offload and 8-bit optimizers act on the optimizer states that only full fine-tuning holds in bulk: named with
    no method, the job is the full fine-tune (said in the assumptions), not a LoRA whose offload moves a few GB."""
    chat = ChatUser()
    chat.say(text)
    assert states in chat.text and ("full fine-tune" in chat.text or "全参" in chat.text), chat.text
    assert "sized as LoRA" not in chat.text and "按最常见的 LoRA" not in chat.text


@pytest.mark.parametrize(("box", "job"), [
    ("How much RAM does the gpuli 8x H100 box have?", "enough to offload the 72B optimizer states?"),
    ("gpuli 8卡 h100 主机内存多大", "72b offload 优化器状态放得下吗"),
])
def test_offload_asked_after_the_box_is_judged_on_that_box(box: str, job: str) -> None:
    """Seed 000: 72B's fp32 master weights and moments, 12 bytes × 72B ≈ 864 GB, go to the host; the 8 × H100 box
    has 1,600 GB: the host memory's verdict leads, on the box just asked about."""
    chat = ChatUser()
    chat.say(box)
    chat.say(job)
    head = "\n".join(chat.lines[:2])
    assert "864 GB" in head and "1,600 GB" in head and "✅" in head, chat.text
    assert "8× H100" in head or "8×H100" in head
