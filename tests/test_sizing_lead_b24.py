"""Blind set 24's sizing leads, as classes (seed 000's full fine-tuning table):
- "cheapest no-offload plan": a condition the user set is said back after the pick's price, never above it
  (32B full: 8 × A100 SXM with ZeRO-3, ₮8,352 a month at gpuli, in the first three lines);
- a card too small for the class ("8b 全参 4090 行不行"): the seed's minimum on another card is named with its
  price as the way to do it (one 80 GB card with the 8-bit optimizer, ₮899 a month), before more of the same card;
- the no-offload way on other cards (72B: 8 × H200 with the 8-bit optimizer) carries its price (₮19,752 a month).
"""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


def reply(ask: str) -> list[str]:
    chat = ChatUser()
    chat.say(ask)
    return [line for line in chat.text.splitlines() if line.strip()]


@pytest.mark.parametrize("ask", [
    "cheapest no-offload plan for 32b full finetune at gpuli?",
    "cheapest way to full fine-tune qwen3 32b without offload on gpuli",
    "32b 全参在 gpuli 最便宜的方案，不要 offload",
    "gpuli 上 32b 全参最省钱怎么配 不开 offload",
])
def test_a_condition_set_comes_after_the_cheapest_picks_price(ask: str) -> None:
    lines = reply(ask)
    assert "8,352" in "\n".join(lines[:3]), lines
    assert any("offload" in line and ("As asked" in line or "按你说的" in line) for line in lines[3:]), lines


@pytest.mark.parametrize(("ask", "card", "price"), [
    ("哥们 8b 全参 4090 行不行", "A100 80GB", "899"),
    ("can i full finetune 8b on a 4090", "A100 80GB", "899"),
    ("7b 全参 一张 a10 够吗", "A100 80GB", "899"),
    ("full finetune llama 8b on one rtx 3090?", "A100 80GB", "899"),
    ("32b 全参 8 张 4090 够吗", "8×A100 80GB SXM", "8,352"),
    ("full finetune 14b on two l40s?", "4× A100 80GB SXM", "4,308"),
])
def test_a_card_too_small_for_the_class_is_answered_with_the_seeds_card(ask: str, card: str, price: str) -> None:
    lead = "\n".join(reply(ask)[:3])
    assert card in lead and price in lead, lead
    assert lead.startswith("❌"), lead


@pytest.mark.parametrize("ask", [
    "8b 全参 两张 h100 够吗",  # fits: nothing more to say
    "7b full finetune on one h200",
])
def test_a_card_that_holds_the_job_gets_no_other_card(ask: str) -> None:
    text = "\n".join(reply(ask))
    assert "👉 参考表的最低配置" not in text and "reference table's minimum setup:" not in text, text


@pytest.mark.parametrize("ask", [
    "what's the minimum for 72b full finetuning",
    "72b 全参最少要什么配置",
    "least hardware for a 72b full fine-tune?",
    "72b 全量微调 最低要几张卡",
])
def test_both_seed_minimums_for_72b_are_priced(ask: str) -> None:
    text = "\n".join(reply(ask))
    assert "14,432" in text and "19,752" in text, text
    assert "H200" in text, text
