"""Two picks against the seeds (issue 18 item 4):
- the cheapest card asked with no method named ("7b 微调最便宜用啥卡", "cheapest gpu to fine-tune a 14b") is sized
  as QLoRA, the method needing the least memory (seed 000: 7B QLoRA 8–12 GB, 14B 14–18 GB, on one 24 GB RTX 4090,
  ₮369 a month), and the reply says it assumed so; a method named, or full fine-tuning, stays as asked;
- a full fine-tune priced on a named card with no count ("7b 全参用 h200 月租多少") is priced on seed 000's setup
  for that card (7B/8B: one H200 141GB, ₮2,599, with the class's 8-bit optimizer since our AdamW figure is over
  141 GB), not on eight of the card (₮19,752)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize("ask", [
    "小白求助 7b 微调最便宜用啥卡",
    "想微调一个 qwen2.5-7b，最便宜的卡是哪张",
    "cheapest gpu to fine-tune a 7b?",
    "what's the cheapest card for finetuning llama 3.1 8b",
    "14b 微调 最省钱用什么卡",
])
def test_cheapest_card_with_no_method_is_sized_as_qlora(ask: str) -> None:
    assert parse(ask).request.method is None and parse(ask).asks.cheapest, ask
    chat = ChatUser()
    chat.say(ask)
    first = chat.text.splitlines()[0]
    assert "QLoRA" in first, chat.text
    assert "最便宜" in chat.text or "cheapest asked" in chat.text  # the assumption is said


@pytest.mark.parametrize("ask", ["7b lora 最便宜用啥卡", "cheapest gpu for a 7b bf16 lora", "7b 全参最便宜用啥卡"])
def test_a_named_method_is_kept(ask: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    assert "QLoRA" not in chat.text.splitlines()[0], chat.text


@pytest.mark.parametrize("ask", [
    "7b 全参用 h200 宽裕吗，月租多少",
    "7b 全参 h200 一个月多少钱",
    "8b full fine-tune on h200, monthly cost?",
    "qwen2.5-7b full finetuning with an h200, how much per month",
])
def test_a_named_card_is_priced_on_the_seeds_setup_for_it(ask: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    first = next(line for line in chat.text.splitlines() if line.startswith("💰"))
    assert "1×H200" in first and "₮2,599" in first and "8-bit" in first, chat.text
    assert "19,752" not in first


@pytest.mark.parametrize(("ask", "word"), [
    ("7b 全参用 h200 宽裕吗，月租多少", "宽裕"),
    ("8b 全量微调 上 h200 宽裕不，一个月多少钱", "宽裕"),
    ("7b full fine-tune on an h200, roomy? and the monthly price", "Roomy"),
])
def test_room_asked_with_a_price_on_a_named_card_leads_with_the_room(ask: str, word: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    first = chat.text.splitlines()[0]
    assert first.startswith("✅") and word in first and "141 GB" in first, chat.text
