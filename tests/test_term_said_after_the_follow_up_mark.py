"""A follow-up whose mark ("呢") stands before the term it is asked in ("在 cloudgpu 呢 按小时", "a100 80g 呢，按月",
"那 gpuli 呢 一周"): still a change of the price just given, at that provider or card and in that term, never the
FAQ on whether a GPU can be rented by the hour (session 28, round 0: blind 60 c-033). Figures from the seeds:
CloudGPU's A800 80G lists at $1.09/h (seed 002), gpuli's A100 80GB PCIe ₮899 a month and ₮269 a week (seed 000)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import conversation, lead_lines

START = ("72b qlora 用啥卡", "gpuli 多少钱")


@pytest.mark.parametrize(("text", "lead"), [
    ("在 cloudgpu 呢 按小时", "$1.09"),
    ("cloudgpu 呢，每小时", "$1.09"),
    ("在 cloudgpu 呢 每小时", "$1.09"),
    ("cloudgpu 呢 按小时算", "$1.09"),
    ("那 gpuli 呢 一周", "₮269"),
    ("gpuli 呢，包月", "₮899"),
])
def test_the_term_after_the_mark_keeps_the_price_follow_up(text: str, lead: str) -> None:
    reply = conversation(*START, text)
    assert lead in lead_lines(reply, 3), reply
    assert "72B QLoRA" in lead_lines(reply, 1), reply  # the setup just priced, not an FAQ entry on billing
    assert "能按小时租卡吗" not in reply and "有哪些卡" not in reply, reply


@pytest.mark.parametrize("text", ["能按小时租吗", "cloudgpu 可以按小时租卡吗", "can i rent a gpu by the hour?"])
def test_whether_hours_are_sold_stays_the_faq(text: str) -> None:
    assert parse(text).intent == "faq"
    assert not parse(text).follow_up
