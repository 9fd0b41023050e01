"""A card count written right after a budget word is the count, never the budget ("5k usdt budget 8x a100 sxm": ₮5,000
for eight cards, not $8), in both languages (blind 46, session 19)."""

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
