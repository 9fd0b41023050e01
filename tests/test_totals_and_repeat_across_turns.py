"""Totals and repeat purchases across turns (blind set 45): "一共多少" / "so what's the total?" after a FAQ detour about
the rental priced beneath it is that rental's whole bill (gpuli two 8×H100 machines a month with InfiniBand: 2 ×
₮14,432 + 2 × ₮600 = ₮30,064), never the FAQ answer again; a second machine bought ("那第二台 A100 40G 月付多少",
"再买一台呢", "a second server") is a repeat purchase, ¥100 off each month at 一万网络 (seed 003: ¥2,800 → ¥2,700)."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("turns", [
    ("gpuli 8卡h100 两台 包月", "IB 要另外加钱吗", "一共多少"),
    ("gpuli 8x h100, two nodes, monthly", "is infiniband extra?", "so what's the total?"),
    ("gpuli 两台 8 卡 H100 一个月多少", "IB 怎么收费", "总共要多少"),
])
def test_a_total_after_a_faq_detour_is_the_rentals_whole_bill(turns: tuple[str, ...]) -> None:
    text = conversation(*turns)
    assert "₮30,064" in lead_lines(text, 3), text


@pytest.mark.parametrize("turns", [
    ("一万网络 复购有优惠吗", "那第二台 A100 40G 月付多少"),
    ("一万网络 A100 40G 月付", "再买一台呢"),
    ("yiwan a100 40g monthly", "and a second server?"),
    ("yiwan a100 40g monthly for a second server",),
])
def test_a_second_machine_is_a_repeat_purchase(turns: tuple[str, ...]) -> None:
    text = conversation(*turns)
    assert "¥2,700" in lead_lines(text, 3), text


def test_a_second_node_is_no_repeat_purchase() -> None:
    from bot.understand.parser import parse
    assert not parse("we need a second node with infiniband, extra cost?").price.repeat_purchase
    assert parse("yiwan a100 40g monthly for a second server").price.repeat_purchase
