"""A finance question of a price: one card's share of a multi-card plan by the month, and the total of several
single-card rentals asked as a total.

Seed 000 (gpuli): 8× H100 SXM ₮14,432 a month (₮1,804 a card), 4× A100 80GB SXM ₮4,308 (₮1,077), 8× A100 80GB SXM
₮8,352 (₮1,044). Seed 003 (一万网络): an RTX 3090 ¥1,750 a month, an A100 40GB ¥2,800, each a single-card server."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("turns", "share"), [
    (("gpuli 8 卡 H100 SXM 包月，每张卡每月合多少",), "₮1,804"),
    (("what does each GPU cost per month on gpuli's 4x A100 SXM?",), "₮1,077"),
    (("per-card per-month price of gpuli 8x A100 SXM",), "₮1,044"),
    (("gpuli 4 卡 a100 sxm 一个月多少", "每张卡每个月多少"), "₮1,077"),
    (("gpuli 8x h100 sxm monthly", "per gpu per month?"), "₮1,804"),
])
def test_one_cards_share_of_a_month(turns: tuple[str, ...], share: str) -> None:
    reply = conversation(*turns)
    assert share in lead_lines(reply, 3), reply


def test_a_card_hour_rate_is_still_by_the_hour() -> None:
    reply = conversation("gpuli 8 卡 H100 SXM 折合每卡每小时多少")
    assert "每月" not in lead_lines(reply, 3) and "₮2.51" in reply, reply


@pytest.mark.parametrize(("text", "total", "apart"), [
    ("一万网络 3090 四张，包月一共多少钱", "¥7,000", "不是一台 4 卡机器"),
    ("two A100 40G cards at 一万网络 for a month, total?", "¥5,600", "not one 2-card machine"),
    ("一万网络租 3 张 A100 40G 包月总共多少", "¥8,400", "不是一台 3 卡机器"),
    ("monthly cost of 2 RTX 3090 at 一万网络 altogether?", "¥3,500", "not one 2-card machine"),
])
def test_a_total_of_single_card_rentals_leads(text: str, total: str, apart: str) -> None:
    reply = conversation(text)
    first = lead_lines(reply, 1)
    assert total in first and apart in first, reply


def test_a_machine_rented_whole_is_still_one_machine() -> None:
    reply = conversation("gpuli 8x H100 SXM, monthly total?")
    assert "₮14,432" in lead_lines(reply, 3) and "single-card" not in reply, reply
