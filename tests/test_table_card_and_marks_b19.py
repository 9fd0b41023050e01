"""Blind set 19's cost classes.

A LoRA / QLoRA job priced with no card named leads with the cheapest safe option (a CloudGPU RTX 3090 for
7B/8B QLoRA, an RTX A6000 for 14B LoRA) and names seed 000's card for the class under it, with its price
(7B/8B QLoRA: RTX 4090, gpuli ₮369 a month; 14B LoRA: L40S, gpuli ₮189 a week, ₮649 a month), in the
first three lines: asked at once ("8b qlora 一张卡月租多少") or after a sizing ("7b qlora 用啥卡" then
"多少钱一个月"). And the short cost reply's list says its cautions in words ("显存偏紧", "tight"), not in
marks ("1×T4!?") that it has no legend for."""

from __future__ import annotations

import re

import pytest

from tests.chat_user import conversation, lead_lines

QLORA_8B = ["8b qlora 单卡包月要多少钱", "qwen3 8b qlora 一个月租金多少", "llama 8b qlora 一张卡一个月多少钱",
            "how much per month for 8b qlora on one gpu", "monthly rental for a 7b qlora run?"]
LORA_14B = ["14b lora bf16 一个月多少钱", "qwen3 14b lora 包月价格", "what does a month of 14b lora cost",
            "14b lora, price for one month?"]


@pytest.mark.parametrize("text", QLORA_8B)
def test_small_qlora_cost_names_the_table_card_in_the_lead(text: str) -> None:
    lead = lead_lines(conversation(text))
    assert "RTX 3090" in lead.splitlines()[0] and "$151.20" in lead.splitlines()[0]  # the cheapest safe pick stays
    assert "RTX 4090" in lead and "₮369" in lead


@pytest.mark.parametrize("text", LORA_14B)
def test_14b_lora_cost_names_the_l40s_in_the_lead(text: str) -> None:
    lead = lead_lines(conversation(text))
    assert "RTX A6000" in lead.splitlines()[0]
    assert "L40S" in lead and "₮649" in lead and "₮189" in lead


@pytest.mark.parametrize(("sizing", "cost", "card", "price"), [
    ("7b qlora 该租什么卡", "一个月多少钱", "RTX 4090", "₮369"),
    ("what card for 8b qlora", "monthly price?", "RTX 4090", "₮369"),
    ("qwen3 14b lora 用什么卡", "那多少钱", "L40S", "₮649"),
    ("size qwen3 14b lora for me", "and the price?", "L40S", "₮649"),
])
def test_cost_after_a_sizing_names_the_table_card_in_the_lead(sizing: str, cost: str, card: str, price: str) -> None:
    lead = lead_lines(conversation(sizing, cost))
    assert card in lead and price in lead


BARE_MARK = re.compile(r"(?<=[\w)）])[!?~*]+(?=[:：])")


@pytest.mark.parametrize("text", ["8b qlora 一个月多少", "7b qlora monthly cost", "8b qlora 跑一个月大概多少钱",
                                  "72b full finetune cost for 100M tokens", "72b 全参 1亿token 要花多少钱"])
def test_the_short_cost_list_says_its_cautions_in_words(text: str) -> None:
    reply = conversation(text)
    listed = [line for line in reply.splitlines() if line.startswith("•")]
    assert listed and not any(BARE_MARK.search(line) for line in listed)


@pytest.mark.parametrize(("text", "word"), [("8b qlora 一个月多少", "显存偏紧"), ("7b qlora monthly cost", "tight"),
                                            ("8b qlora 4090 还是 t4 各多少钱一个月", "显存偏紧"),
                                            ("8b qlora 4090 or t4, monthly cost each", "tight")])
def test_a_tight_option_is_said_tight(text: str, word: str) -> None:
    t4 = next(line for line in conversation(text).splitlines() if "T4" in line and line.startswith("•"))
    assert word in t4 and "!" not in t4
