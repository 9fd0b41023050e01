"""A currency confirmed beside a length asked ("美元是吧 8 小时多少刀" after CloudGPU's 3090: $0.21 × 8 = $1.68) asks
that length's price; only the confirmation alone ("美元是吧", "dollars, right?") names the last price's currency."""

from __future__ import annotations

import pytest

from tests.chat_user import first_lines, said


@pytest.mark.parametrize("turns", [
    ["cloudgpu 3090 多少钱", "美元是吧 8 小时多少刀"],
    ["cloudgpu 的 3090 一小时多少", "是美元吗 跑 8 个小时呢"],
])
def test_a_length_beside_a_currency_confirmation_is_priced(turns: list[str]) -> None:
    assert "$1.68" in first_lines(said(*turns))


@pytest.mark.parametrize("turns", [["cloudgpu 3090 多少钱", "美元是吧"], ["cloudgpu 3090 price?", "dollars, right?"]])
def test_a_confirmation_alone_names_the_currency(turns: list[str]) -> None:
    lines = first_lines(said(*turns))
    assert "USD" in lines or "美元" in lines
