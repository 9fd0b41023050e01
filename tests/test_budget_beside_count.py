"""Readings beside the cards, in both languages (blind 46, session 19): a card count written right after a budget word
is the count, never the budget ("5k usdt budget 8x a100 sxm": ₮5,000 for eight cards, not $8); a card-hour asked in
mixed words ("折合 per gpu 每小时") is the per-card-hour figure."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse


@pytest.mark.parametrize(("text", "budget", "count"), [
    ("5k usdt budget 8x a100 sxm monthly on gpuli?", 5000, 8),
    ("5k usdt budget 8x a100 sxm month on gpuli?", 5000, 8),
    ("预算 3w 人民币 8x a100 包月", 30000, 8),
    ("budget 2k usd, 4× 4090 for a week", 2000, 4),
])
def test_the_count_after_a_budget_is_the_cards(text: str, budget: int, count: int) -> None:
    p = parse(text)
    assert p.asks.budget is not None and p.asks.budget[0] == budget, p.asks.budget
    assert p.rental.num_gpus == count and p.request.num_gpus == count, text


@pytest.mark.parametrize("text", ["8卡 h100 gpuli 折合 per gpu 每小时 多少", "每 gpu 每小时多少 gpuli 8卡 h100",
                                  "gpuli 8x h100 per gpu per hour?", "gpuli 8卡h100 每卡每小时多少"])
def test_a_card_hour_asked_in_mixed_words_is_the_card_hour(text: str) -> None:
    """"折合 per gpu 每小时" (the ask typed half in English, half in Chinese) asks the per-card-hour figure (₮2.51)."""
    assert parse(text).asks.per_card_hour, text
