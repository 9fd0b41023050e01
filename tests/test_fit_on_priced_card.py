"""A fit asked right after a card's price is asked of that card (issue 18, items 3-4): "gpuli h200 monthly"
then "7b full fits on one?" is the verdict on one H200 (141 GB), not a pick of the cheapest card that holds
a 7B full fine-tune (one A100 80GB with an 8-bit optimizer)."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("first, then, card, memory", [
    ("gpuli h200 monthly", "7b full fits on one?", "H200", "141 GB"),
    ("h200 at gpuli per month?", "does 7b full fine-tune fit", "H200", "141 GB"),
    ("gpuli h200 包月", "7b 全参 放得下不", "H200", "141 GB"),
    ("h200 一个月多少 gpuli", "7b 全参 一张装得下么", "H200", "141 GB"),
    ("cloudgpu 4090 price", "14b qlora fits?", "4090", "24 GB"),
    ("cloudgpu 4090 多少钱", "14b qlora 塞得下吗", "4090", "24 GB"),
])
def test_a_fit_after_a_price_is_judged_on_that_card(first: str, then: str, card: str, memory: str) -> None:
    lead = lead_lines(conversation(first, then), 2)
    first_line = lead.splitlines()[0]
    assert card in first_line and memory in first_line
    assert "A100" not in first_line  # never the cheapest card of the tool's own pick
