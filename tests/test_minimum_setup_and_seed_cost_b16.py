"""Blind 16's cost classes, by behaviour (seed 000 figures):

- a numbered list's numbers are no quantities ("1) min config 2) monthly cost" is no minute and no two
  months) and "min" before what a setup is made of abbreviates minimum;
- the minimum setup asked for with a cost leads with the table's minimum priced (7B full: one 80 GB card
  with an 8-bit optimizer, ₮899 a month);
- the table's 7B minimum on the 80 GB card named (A100 SXM: ₮319 a week, not the PCIe card's ₮269);
- an offloaded plan on a box whose host RAM is not stated is no safe pick (72B full: 8 × H100 with
  1,600 GB, ₮14,432 a month, over gpuli's 8 × A100 box at ₮8,352);
- with no length, a pick bought by the week says its month too (₮4,172 a week, ₮14,432 a month)."""

from __future__ import annotations

import pytest

from bot.understand.normalize import normalize
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("text", "gone", "kept"), [
    ("quick ones: 1) min setup for 8b full finetune 2) cost per week", ["1 min", "2 cost"], ["minimum setup"]),
    ("1、14b 全参最低配置 2、包月多少", ["1 14b", "2 包月"], ["14b"]),
    ("（1）7b 全参最少几张卡（2）一周多少", ["1 7b", "2 1周"], ["7b", "1周"]),
    ("①32b lora 用什么卡 ②一个月多少钱", ["17b", "132b", "2 1个月"], ["32b", "1个月"]),
    ("what's the min vram for 14b lora", ["min vram"], ["minimum vram"]),
])
def test_list_numbers_and_min_as_minimum(text: str, gone: list[str], kept: list[str]) -> None:
    norm = normalize(text)
    assert all(g not in norm for g in gone) and all(k in norm for k in kept), norm


@pytest.mark.parametrize("text", ["batch 2、梯度累积 8、单卡", "run 30 min on a100", "h100 1.5 days", "要 2、3 张卡"])
def test_amounts_stay_amounts(text: str) -> None:
    norm = normalize(text)
    assert any(ch.isdigit() for ch in norm) and ("30 min" in norm or "min" not in norm), norm
    assert ("1.5" in norm) == ("1.5" in text) and ("8" in norm) == ("8" in text), norm


@pytest.mark.parametrize(("text", "term"), [
    ("two qs: 1) min config for 7b full ft 2) monthly cost", "₮899"),
    ("quick ones: 1) min setup for 8b full finetune 2) cost per week", "₮269"),
    ("1、7b 全参最低配置 2、月租多少", "₮899"),
    ("7b全参最低配置 一周多少钱", "₮269"),
])
def test_minimum_asked_with_a_cost_leads_with_the_tables_minimum(text: str, term: str) -> None:
    chat = ChatUser()
    chat.say(text)
    head = "\n".join(chat.lines[:3])
    assert "A100 80GB" in head and "8-bit" in head and term in head, chat.text
    assert "1 min" not in chat.text and "1 分钟" not in chat.text, chat.text


@pytest.mark.parametrize("text", ["7b全参 a100 sxm 周租多少", "7b full ft on an a100 sxm for a week, cost?"])
def test_the_tables_7b_minimum_on_the_named_80gb_card(text: str) -> None:
    chat = ChatUser()
    chat.say(text)
    assert "₮319" in chat.text and "A100 80GB SXM + 8-bit" in chat.text, chat.text


@pytest.mark.parametrize("turns", [
    ["72b全参 一个月多少钱"], ["72b full fine-tune, monthly cost?"],
    ["memory for 72b full ft?", "and the monthly bill?"], ["72b 全参要多少显存", "包月多少钱"],
])
def test_72b_full_cost_leads_with_the_box_whose_host_ram_holds_the_offload(turns: list[str]) -> None:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    head = "\n".join(chat.lines[:2])
    assert "8×H100 SXM" in chat.lines[0] and "₮14,432" in head, chat.text
    a100 = [line for line in chat.lines if "gpuli 8×A100" in line]  # listed as the cheaper box, with why not
    assert all("₮8,352" in x and ("主机内存未公布" in x or "host memory not stated" in x) for x in a100), chat.text


@pytest.mark.parametrize(("turns", "month"), [
    (["72b 全参", "最便宜的方案"], "包月 ₮14,432"), (["72b full ft", "cheapest plan?"], "a month: ₮14,432"),
])
def test_a_week_priced_pick_with_no_length_says_its_month(turns: list[str], month: str) -> None:
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    head = "\n".join(chat.lines[:3])
    assert "₮4,172" in head and month in head, chat.text
