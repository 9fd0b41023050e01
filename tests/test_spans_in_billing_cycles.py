"""A span said in billing cycles (blind set 61): "three monthly cycles", "a quarter", "4 个计费周期", "半年（按月续租）",
"12 months if we renew monthly" are that many of the provider's months, priced n × the monthly price; "renew monthly" /
"按月续租" / "连续租" beside a span and an amount asked is how the span is bought, not the reminders question; hours a day
over working days ("20 个工作日", "5 working days") are that many days of a by-the-minute schedule; a bare quarter or half
year after a price ("季度呢", "Quarter?") reprices that setup. Catalog prices: gpuli RTX 4090 ₮369 a month (₮109 a
week), L40S ₮649, RTX A6000 ₮389, RTX 5090 ₮499; CloudGPU RTX 3090 $0.21/h, RTX 4090 $0.33/h."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("text", "needle"), [
    ("gpuli 4090 for three monthly cycles, total?", "₮1,107"),
    ("quarterly cost of one RTX 4090 at gpuli?", "₮1,107"),
    ("gpuli 4090 按月 3 个周期多少钱", "₮1,107"),
    ("gpuli 4090 连着续 4 个计费周期，总共多少", "₮1,476"),
    ("gpuli L40S 一个季度多少", "₮1,947"),
    ("What would 6 months of a 4090 at gpuli run if we renew it monthly?", "₮2,214"),
    ("gpuli 4090 连续租 6 个月合计多少", "₮2,214"),
    ("gpuli 4090 租 6 个月（按月续费）一共多少", "₮2,214"),
    ("gpuli a6000, monthly, for half a year?", "₮2,334"),
    ("gpuli 4090, three weekly cycles, total?", "₮327"),
    ("gpuli 4090, 2 monthly cycles", "2 months × ₮369"),
])
def test_a_span_in_billing_cycles_is_that_many_units(text: str, needle: str) -> None:
    reply = conversation(text)
    assert needle in lead_lines(reply, 3), reply


@pytest.mark.parametrize("text", ["gpuli 按月续租到期会提醒吗", "if I renew monthly will gpuli remind me before expiry?"])
def test_renewal_asked_with_no_price_stays_the_reminders_answer(text: str) -> None:
    reply = conversation(text)
    assert "3" in lead_lines(reply, 2) and "₮" not in lead_lines(reply, 2), reply


@pytest.mark.parametrize(("text", "needle"), [
    ("CloudGPU 4090, 8 hours a day over 20 working days — total?", "$52.80"),
    ("cloudgpu 3090 每天跑 8 小时，5 个工作日，一共多少", "$8.40"),
    ("CloudGPU RTX 3090 for 5 business days at 8 hours a day, cost?", "$8.40"),
])
def test_hours_a_day_over_working_days_bill_the_hours_run(text: str, needle: str) -> None:
    reply = conversation(text)
    assert needle in lead_lines(reply, 3), reply


@pytest.mark.parametrize(("turns", "needle"), [
    (("gpuli 4090 月租多少", "季度呢"), "₮1,107"),
    (("gpuli weekly price for one RTX 5090?", "And monthly?", "Quarter?"), "₮1,497"),
    (("gpuli l40s 月租", "一个季度多少"), "₮1,947"),
    (("gpuli 4090 monthly?", "what about a quarter?"), "₮1,107"),
    (("gpuli 4090 月租", "半年呢"), "₮2,214"),
])
def test_a_quarter_after_a_price_reprices_that_setup(turns: tuple[str, ...], needle: str) -> None:
    reply = conversation(*turns)
    assert needle in lead_lines(reply, 3), reply


@settings(max_examples=10, deadline=None)
@given(n=st.integers(min_value=2, max_value=11), zh=st.booleans())
def test_n_monthly_cycles_cost_n_months(n: int, zh: bool) -> None:
    text = f"gpuli 4090 按月租 {n} 个周期多少钱" if zh else f"gpuli 4090 for {n} monthly billing cycles, total?"
    reply = conversation(text)
    assert f"₮{n * 369:,}" in lead_lines(reply, 3), reply
