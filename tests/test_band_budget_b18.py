"""Blind-18, a budget against an estimated price band, asked in everyday words: "预算3万一个月 稳吗",
"10万一个月 够不够" (no budget word, a span between the amount and the question), "3w/月够用吗",
"is 100k cny a month enough". The verdict leads and is weighed at the band's high end (seed 003: 一万网络
8×A100 80G is an estimate of ¥2.5–4 万 a month; 8×H100 ¥8–12 万 a month): 不一定够 when the budget is
inside the band, with the high end named.
"""

from __future__ import annotations

import pytest

from bot.understand.normalize import normalize
from tests.chat_user import conversation, lead_lines


def _lead(text: str) -> str:
    return lead_lines(conversation(text))


@pytest.mark.parametrize(("text", "high"), [
    ("一万网络 8卡a100 80g 预算3万一个月 稳吗", "40,000"),
    ("一万网络 8 张 a100 80g，3w/月够用吗", "40,000"),
    ("一万网络 h100 8卡 10万一个月 够不够", "120,000"),
    ("一万网络的 8 卡 h100 每月 9w 稳不稳", "120,000"),
    ("一万网络 8卡h100 一个月预算十万 保险吗", "120,000"),
])
def test_a_budget_inside_the_band_is_not_sure_at_its_high_end(text: str, high: str) -> None:
    lead = _lead(text)
    assert "不一定" in lead and high in lead


def test_in_english_too() -> None:
    lead = _lead("yiwan 8x h100, is 100k cny a month enough?")
    assert "not guaranteed" in lead and "120,000" in lead


def test_a_budget_above_the_band_is_enough() -> None:
    assert "：够" in _lead("一万网络 8卡 h100 每月 13万 稳不稳")


@pytest.mark.parametrize(("text", "read"), [("预算3万一个月", "3万 1个月"), ("2万两周", "2万 2周"), ("1万五", "1万五")])
def test_an_amount_then_a_span_reads_as_both(text: str, read: str) -> None:
    assert read in normalize(text)
