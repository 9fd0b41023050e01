"""Add-ons asked one by one and then together (seed 003, 一万网络: 16 cores add ¥400 a month, 128G RAM ¥600):
"cpu 升 16 核多少" → "内存 128g 呢" → "加一起" is ¥1,000; a rental asked with both upgrades in one message is
priced with them (the A100 40G's ¥2,800 + ¥400 + ¥600 = ¥3,800), not answered with the FAQ on add-ons."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("text", ["加一起多少", "要多少人民币 加在一起", "both together how much"])
def test_a_total_asked(text: str) -> None:
    assert parse(text).asks.total


@pytest.mark.parametrize("turns", [
    ("一万网络 cpu 升 16 核多少", "内存 128g 呢", "要多少人民币 加一起"),
    ("一万网络 CPU 升级到 16 核一个月多少钱", "128G 内存呢", "合计多少"),
    ("yiwan 16 core upgrade price?", "and 128G RAM?", "both together how much"),
    ("yiwan 128G RAM upgrade, how much a month", "and 16 cores?", "total?"),
])
def test_add_ons_asked_one_by_one_are_summed(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 3)
    assert "¥1,000" in lead and "¥400" in lead and "¥600" in lead, lead


def test_the_second_add_on_is_priced_alone() -> None:
    lead = lead_lines(conversation("一万网络 cpu 升 16 核多少", "内存 128g 呢"), 1)
    assert "¥600" in lead and "¥400" not in lead, lead


@pytest.mark.parametrize("text", [
    "in RMB, what does 一万网络 charge for an A100 40G with the 16-core and 128G upgrades per month?",
    "一万网络 A100 40G 带 16 核和 128G 内存升级 一个月多少钱",
    "a100 40g at yiwan with 16-core + 128GB RAM, monthly price?",
])
def test_a_rental_asked_with_both_upgrades_is_priced_with_them(text: str) -> None:
    lead = lead_lines(conversation(text), 2)
    assert "¥3,800" in lead, lead
