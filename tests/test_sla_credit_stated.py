"""An SLA credit worked out from the uptime and hours the user states (seed 000, gpuli: 99.9% per instance per
month; a miss credits 3× the downtime, 10× below 99%, the whole month below 95%): 98% and 12 h down are 120 hours
of credit, 98.7% and 9 h 90 hours, 97% and 20 h 200 hours; figures said across turns are added up; the credit
leads the SLA's own answer."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.understand.parser import parse
from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("text", "uptime", "hours"), [
    ("上月可用率 98.7%", Decimal("98.7"), None),
    ("停了大概 9 小时 赔多少", None, Decimal(9)),
    ("we had 99.2% last month", Decimal("99.2"), None),
    ("we lost about 20 hours", None, Decimal(20)),
    ("down for 90 minutes last week", None, Decimal("1.5")),
    ("QLoRA 慢 20%", None, None),  # a throughput loss is no month's uptime
    ("低于99%怎么赔", None, None),  # a tier's threshold asked
    ("what if uptime is below 95%?", None, None),
])
def test_the_parser_reads_a_months_uptime_and_the_hours_down(text: str, uptime: Decimal | None,
                                                            hours: Decimal | None) -> None:
    outage = parse(text).outage
    assert (outage.uptime, outage.down_hours) == (uptime, hours)


@pytest.mark.parametrize(("turns", "lead"), [
    (("上个月 gpuli 可用率掉到 98% 停了 12 小时 怎么赔",), "120 小时"),
    (("gpuli 这个月可用率只有 98.5%，宕机 6 小时，能补偿多少？",), "60 小时"),
    (("gpuli uptime was 99.5% last month and we were down 3 hours, what's the SLA credit?",), "9 hours"),
    (("gpuli sla 多少", "上月可用率 98.7%", "停了大概 9 小时 赔多少"), "90 小时"),
    (("gpuli sla 多少", "last month 97% uptime", "we lost about 20 hours", "补多少"), "200 小时"),
    (("what's gpuli's SLA?", "availability was 93% in November"), "whole month free"),
    (("gpuli 的 SLA 是多少", "可用率 99.95%"), "没有补偿"),
])
def test_the_credit_the_stated_figures_earn_leads(turns: tuple[str, ...], lead: str) -> None:
    reply = conversation(*turns)
    assert lead in lead_lines(reply, 1), reply


@pytest.mark.parametrize("turns", [
    ("gpuli sla?", "we had 99.2% last month", "what do we get"),
    ("gpuli 的 sla 是啥", "上个月 99.2%"),
])
def test_an_uptime_without_hours_names_the_multiple_and_illustrates_it(turns: tuple[str, ...]) -> None:
    """99.2% is below 99.9%: 3× the downtime; over a 30-day month 99.2% leaves 5.76 h down, 17.28 h credited."""
    lead = lead_lines(conversation(*turns), 1)
    assert ("3×" in lead or "3 倍" in lead) and "17.28" in lead, lead


def test_a_rental_asked_after_the_credit_is_that_rentals_price() -> None:
    """gpuli's 8 × H100 month is ₮14,432, two months ₮28,864: no SLA credit leads."""
    reply = conversation("gpuli 8卡h100 包月多少", "sla 多少", "可用率 98% 怎么赔", "那包两个月多少")
    assert "28,864" in lead_lines(reply, 3), reply


def test_figures_said_outside_an_sla_question_are_no_credit() -> None:
    reply = conversation("gpuli 4090 包月多少", "QLoRA 慢 20% 吗")
    assert "补偿" not in lead_lines(reply, 1)
