"""Hourly billing asked at a provider that sells whole terms, for a short length and a named machine (blind set 53):
the answer leads with no hourly billing and the shortest term's price for that machine ("does gpuli have hourly
billing for the 8x H100? we only need it 3 days": a week, ₮4,172). Catalog prices: gpuli 8× H100 SXM ₮4,172 a week,
4090 ₮109, A6000 ₮115; 一万网络 3090 ¥1,750 a month; CloudGPU bills by the minute (4090 $0.33/h)."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("text", "needles"), [
    ("does gpuli have hourly billing for the 8x H100? we only need it 3 days", ("no hourly", "week", "₮4,172")),
    ("can I rent gpuli's a6000 by the hour? only need 10 hours", ("no hourly", "week", "₮115")),
    ("gpuli 的 4090 能按小时租吗 只用两天", ("不按小时", "一周", "₮109")),
    ("八卡 h100 gpuli 可以按小时计费吗 我们就用 3 天", ("不按小时", "一周", "₮4,172")),
    ("一万网络 3090 能按小时付吗 跑 3 天", ("不按小时", "一个月", "¥1,750")),
])
def test_the_shortest_term_of_that_machine_leads(text: str, needles: tuple[str, ...]) -> None:
    reply = conversation(text)
    assert all(n in lead_lines(reply, 1) for n in needles), reply


def test_a_provider_billing_by_the_minute_says_yes_with_the_price() -> None:
    reply = conversation("does cloudgpu bill the 4090 hourly? we need it 5 hours")
    assert "$1.65" in lead_lines(reply, 4) and "no hourly" not in reply, reply
