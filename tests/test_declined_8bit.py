"""Plain AdamW stated for a 7B/8B full fine-tune on one 80 GB card ("不开 8bit"): the answer is no (AdamW's
model states alone are 16 bytes per parameter: 112 GB for 7B, 128 GB for 8B), and it names seed 000's way
of fitting it on that card, the 8-bit optimizer, beside offload (20–50% slower). A yes or no asked of one
card with none named ("单卡行不行" then "不开 8bit 呢") leads with that card's verdict; a bigger card follows.
Asked which card to use, the card leads as before (tests/test_picks_and_comparisons_b23.py)."""

from __future__ import annotations

import pytest

from tests.chat_user import first_lines, said


@pytest.mark.parametrize(("text", "states", "seed_states"), [
    ("8b 全参 一张 h100 不开 8bit 行吗", "128 GB", "80 GB"),
    ("一张 A100 80G 做 8b 全参，只用 adamw 可以吗", "128 GB", "80 GB"),
    ("can I full finetune 8b on one h100 without 8-bit adam?", "128 GB", "80 GB"),
    ("7b full fine-tune on a single A100 80GB with plain adamw, does it fit?", "112 GB", "70 GB"),
])
def test_a_named_80gb_card_says_no_and_names_the_seeds_8bit_way(text: str, states: str, seed_states: str) -> None:
    me = said(text)
    lead = first_lines(me, 1)
    assert "❌" in lead, me.text
    head = first_lines(me, 4)
    assert "8-bit" in head and states in head and seed_states in head and ("20%–50%" in head or "20–50%" in head), me.text


@pytest.mark.parametrize(("turns", "states"), [
    (("qwen 7b 全参 单卡行不行", "不开 8bit 呢"), "112 GB"),
    (("8b 全参 一张卡能跑吗", "那只用 adamw 呢"), "128 GB"),
    (("can a 7b full fine-tune run on a single gpu?", "and without the 8-bit optimizer?"), "112 GB"),
])
def test_a_follow_up_declining_8bit_leads_with_the_one_card_verdict(turns: tuple[str, str], states: str) -> None:
    me = said(*turns)
    lead = first_lines(me, 1)
    assert "❌" in lead and "80 GB" in lead and states in lead and "8-bit" in lead, me.text


@pytest.mark.parametrize("text", [
    "7b full finetune on a single gpu without 8-bit adam, possible?",
    "7b 全参 单卡 不开 8bit 行不行",
])
def test_asked_yes_or_no_of_one_card_the_verdict_leads(text: str) -> None:
    me = said(text)
    assert "❌" in first_lines(me, 1) and "112 GB" in first_lines(me, 1), me.text


def test_asked_which_card_the_card_leads() -> None:
    me = said("7b 全参 只用 adamw 不开 8bit 单卡 用什么卡")
    assert first_lines(me, 1).startswith("📏") and "MI300X" in first_lines(me), me.text
