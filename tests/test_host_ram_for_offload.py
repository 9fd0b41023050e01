"""Which ZeRO stage a job needs, asked of two stages ("is zero-2 enough or do we need stage 3", "zero2 够吗还是得上
zero3"): each stage's per-card figure on that job leads (32B full on 8 × 80 GB: ZeRO-2 120 GB of model states, does
not fit; ZeRO-3 64 GB, seed 000's minimum), never the sizing of the first stage alone; the stages' difference asked
with no job stays the FAQ's."""

from __future__ import annotations

import pytest

from bot.understand.model_facts import zero_stages
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("text", "stages"), [("will zero-2 do, or stage 3?", (2, 3)), ("zero2 还是 zero3", (2, 3)),
                                              ("stage 3 only", ())])
def test_a_bare_stage_beside_a_named_one_is_a_stage_too(text: str, stages: tuple[int, ...]) -> None:
    assert zero_stages(normalize(text)) == stages


@pytest.mark.parametrize("text", ["32b full fine-tune across 8 h100s: is zero-2 enough, or do I have to go to stage 3?",
                                  "8 卡 h100 做 32b 全参，zero2 够用吗，还是必须 zero3"])
def test_which_stage_a_job_needs_compares_both_on_it(text: str) -> None:
    assert parse(text).asks.zero_stages == (2, 3)
    lead = lead_lines(conversation(text), 3)
    assert "ZeRO-3" in lead and "64 GB" in lead and "120 GB" in lead, lead


def test_the_difference_of_the_stages_without_a_job_is_the_faq() -> None:
    assert parse("zero2 跟 zero3 区别是啥").intent == "faq"


@pytest.mark.parametrize("text", ["is the RAM on gpuli's 8-card h100 box enough for optimizer offload?",
                                  "gpuli 8卡h100 主机内存够不够开 optimizer offload"])
def test_host_ram_for_offload_on_the_8_card_box_is_a_yes_with_its_figures(text: str) -> None:
    lead = lead_lines(conversation(text), 1)
    assert "✅" in lead and "1,600 GB" in lead and "864 GB" in lead, lead
