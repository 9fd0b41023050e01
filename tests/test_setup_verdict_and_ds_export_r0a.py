"""Classes read from blind 76's failures (session 28, r0a), in our own phrasings, both languages, seeds' figures.

- A whole setup (model, method, card, count) put to a yes or no, with the reason for a setting beside it ("用 zero2
  省点通信 行吗", "zero-2 to cut comms, ok?"), is its fit asked: the sizing's verdict, never the FAQ entry the reason
  comes near. Seed 000: 32B full fine-tuning needs 8×80 GB with ZeRO-3; with ZeRO-2 only the gradients and optimizer
  states are sharded, so each card holds the full bf16 weights plus its share (64 + 448/8 = 120 GB): it does not fit.
- "ds" written against Chinese ("ds配置", "给我ds的配置") names DeepSpeed, so the file asked is exported.
- Voice input's 现存 for 显存, and "fits in 12gb", read as the memory they mean.
"""

from __future__ import annotations

import re

import pytest

from bot.understand.parser import parse
from tests.chat_user import first_lines, said


@pytest.mark.parametrize("ask", [
    "32b 全参 8卡h100 用zero2省点通信 行吗",
    "32b全参 八张 h100 zero2 想少点通信 可以吗",
    "32b full on 8x h100 with zero-2 to save communication, ok?",
    "32B full finetune, 8 H100s, zero2 to cut comms, will it work?",
])
def test_zero2_for_32b_full_on_eight_80gb_cards_does_not_fit(ask: str) -> None:
    head = first_lines(said(ask))
    assert "❌" in head and "ZeRO-2" in head
    per_card = re.search(r"(?:模型状态每卡|Model states are)\s*(\d+)\s*GB", said(ask).text)
    assert per_card is not None and 112 <= int(per_card.group(1)) <= 128  # 64 GB of weights + 448 GB / 8


@pytest.mark.parametrize("ask", ["14b 全参 4卡 a100 80g 用 zero3 省显存 行吗", "14b full on 4x a100 80g, zero3 to save memory, ok?"])
def test_zero3_for_14b_full_on_four_80gb_cards_fits(ask: str) -> None:
    assert "✅" in first_lines(said(ask), 1)


@pytest.mark.parametrize("ask, stage, offload", [
    ("ds配置 zero3 加优化器卸载到cpu 32b全参", 3, True),
    ("给我ds配置 14b全参 zero2", 2, False),
    ("来个ds的json 7b 全参 zero3 offload optimizer", 3, True),
])
def test_ds_written_against_chinese_exports_deepspeed(ask: str, stage: int, offload: bool) -> None:
    p = parse(ask)
    assert p.intent == "export" and "deepspeed" in p.asks.tools
    text = said(ask).text
    assert f'"stage": {stage}' in text
    assert ('"offload_optimizer"' in text) == offload


@pytest.mark.parametrize("ask", ["7b qlora 12g现存够吗", "my labmate says 7b qlora fits in 12gb, true?", "师兄说 7b qlora 12g 现存就够 是真的吗"])
def test_a_memory_said_is_the_card_judged(ask: str) -> None:
    head = first_lines(said(ask), 3)
    assert "12 GB" in head and "11.1 GB" in head  # seed 000 / our estimate: most likely 11.1 GB
    assert "现存" not in parse(ask).words


# ---------------------------------------------------------------- a budget with its hedging, against add-ons and all

@pytest.mark.parametrize("ask, budget, total, verdict", [
    # seed 003: A100 40G ¥2,800/月, 16 核 CPU ¥400, 128G 内存 ¥600
    ("budget is like 3k CNY, a100 40g at 一万网络 for one month with the 16 core + 128g ram upgrade, doable?", "¥3,000", "¥3,800", "not enough"),
    ("our budget's kinda 2k CNY, 一万网络 3090 for a month plus 128g ram, ok?", "¥2,000", "¥2,350", "not enough"),
    ("budget is about 5k CNY: 一万网络 a100 40g, one month, with 128g ram, ok?", "¥5,000", "¥3,400", "enough"),
    ("预算大概 3000 左右 一万网络 a100 40g 包月 加16核 128g内存 行不行", "¥3,000", "¥3,800", "不够"),
])
def test_a_hedged_budget_is_weighed_against_the_whole_rental(ask: str, budget: str, total: str, verdict: str) -> None:
    head = first_lines(said(ask), 1)
    assert budget in head and total in head and verdict in head


# ---------------------------------------------------------------- whether the provider named is cheaper than the rest

@pytest.mark.parametrize("ask, lead, figures", [
    # seed 003: 8×A100 80GB SXM ¥25,000–40,000 a month (an estimate) ≈ $5,634 at the top; seed 000: gpuli ₮8,352
    ("一万网络8卡a100 80g 2.5万起 肯定比别家便宜吧", "✅ 是", ("¥40,000", "₮8,352", "上限")),
    ("is 一万网络's 8x a100 80g cheaper than the others?", "✅ Yes", ("¥40,000", "₮8,352", "high end")),
    # seed 003: 8×H100 ¥80,000–120,000 ≈ $16,901 at the top; seed 000: gpuli ₮14,432 a month
    ("一万网络 8卡 h100 比别家便宜吗", "❌ 不一定", ("120,000", "₮14,432")),  # the bands overlap: gpuli under the top
    ("gpuli 8x h100 monthly, cheaper than the other providers?", "⚖️ Not necessarily", ("₮14,432", "80,000")),
])
def test_the_named_provider_weighed_against_the_rest_on_the_high_end(ask: str, lead: str, figures: tuple[str, ...]) -> None:
    head = first_lines(said(ask), 1)
    assert head.startswith(lead)
    assert all(f in head for f in figures)


@pytest.mark.parametrize("ask", ["gpuli最短能租多久 三天行不", "gpuli 最少租多久", "gpuli minimum rental period? 3 days ok?",
                                 "what's the shortest term at gpuli"])
def test_the_shortest_rental_at_gpuli_is_a_week(ask: str) -> None:
    head = first_lines(said(ask))
    assert "7 天" in head or "7-day" in head  # seed 000: 只有周租 7 天和月租 30 天
