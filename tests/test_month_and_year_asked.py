"""Both terms asked in one message (blind set 45): "一万网络 A100 40G 什么价 年付呢", "月付和年付各多少", "price, and
yearly?" give the month's price and the year paid at once side by side (seed 003: ¥2,800 a month, 12 × ¥2,800 =
¥33,600, a year paid yearly ¥26,880); a provider with no yearly term (gpuli) is never quoted a "year" of twelve months
as if it were one."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("text", "needles"), [
    ("一万网络 A100 40G 什么价 年付呢", ("¥2,800", "¥26,880")),
    ("一万网络 A100 40G 月付和年付各多少", ("¥2,800", "¥26,880")),
    ("yiwan a100 40g price, and yearly?", ("¥2,800", "¥26,880")),
    ("yiwan a100 40g monthly vs yearly", ("¥2,800", "¥26,880")),
    ("一万网络 3090 包月多少 包年呢", ("¥1,750", "¥16,800")),
    ("how much is a 3090 at yiwan per month, and per year?", ("¥1,750", "¥16,800")),
])
def test_the_month_and_the_year_asked_together_lead_side_by_side(text: str, needles: tuple[str, ...]) -> None:
    reply = conversation(text)
    assert all(n in lead_lines(reply, 1) for n in needles), reply


def test_a_provider_without_a_yearly_term_gets_no_year_comparison() -> None:
    reply = conversation("gpuli 4090 包月多少 包年呢")
    assert "₮369" in reply and "₮4,428" not in lead_lines(reply, 1), reply
