"""A bare aspect asked right after a FAQ answer ("any minimum?", "有最低吗", "最低是多少") asks it of that answer's
subject: after the top-up answer it is the minimum top-up (cloudgpu's, listed on /zh/payments; catalogs/faq.yaml,
seed 002), never another entry that merely has the word (a 7B's cheapest setup, a minute's minimum charge)."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation

AFTER_TOP_UPS = [
    ("cloudgpu top-up options", "any minimum?"),
    ("how do I top up at cloudgpu", "is there a minimum?"),
    ("how can I pay cloudgpu", "any minimum?"),
    ("cloudgpu 怎么充值", "有最低吗"),
    ("cloudgpu 怎麼儲值", "最低是多少"),
    ("cloudgpu 支持哪些付款方式", "有没有最低"),
]


@pytest.mark.parametrize(("before", "text"), AFTER_TOP_UPS)
def test_a_minimum_after_the_top_up_answer_is_the_top_ups(before: str, text: str) -> None:
    reply = conversation(before, text)
    assert "/zh/payments" in reply, reply
    assert "1 分钟" not in reply and "1 minute" not in reply, reply  # not per-minute billing's minimum charge
    assert "T4" not in reply, reply  # not the cheapest card for a 7B


def test_a_minimum_after_a_job_in_between_stays_on_the_top_ups() -> None:
    reply = conversation("8b qlora hourly rental", "cloudgpu top-up options", "any minimum?")
    assert "/zh/payments" in reply, reply


@pytest.mark.parametrize(("before", "text", "fact"), [("cloudgpu 按分钟怎么计费", "有最低吗", "1 分钟"),
                                                      ("how does per-minute billing work at cloudgpu", "any minimum?", "1 minute")])
def test_a_minimum_after_per_minute_billing_is_the_minimum_charge(before: str, text: str, fact: str) -> None:
    reply = conversation(before, text)
    assert fact in reply, reply
