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
