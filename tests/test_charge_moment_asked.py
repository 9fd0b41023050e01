"""When a provider takes the money (issue 18, class G: a question about the billing rule sent to the wallet view):
"does gpuli take it from the wallet when we order or when the week ends?" asks the provider's rule, answered from
the seeds, never the team's balance:
- gpuli takes the whole 7- or 30-day cycle from the wallet at order time, up front (seed 000);
- cloudgpu's meter starts once the GPU is ready and runs by the minute until the instance is destroyed (seed 002).
Reading one's own wallet stays a read."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("text", "want"), [
    ("gpuli charges our wallet at ordering, or at the end of the week?", "at order time"),
    ("gpuli wallet deduction happens at checkout or by the end of the cycle", "at order time"),
    ("gpuli 的钱是下单的时候就从钱包扣 还是月底扣", "下单时"),
    ("gpuli 钱包里的钱 到期才扣吗 还是一开始", "下单时"),
])
def test_gpuli_charge_moment_is_the_order_not_the_wallet(text: str, want: str) -> None:
    reply = conversation(text)
    assert want in lead_lines(reply, 3), reply
    assert "/topup" not in reply and "wallet is empty" not in reply and "钱包是空的" not in reply, reply


@pytest.mark.parametrize(("text", "want"), [
    ("cloudgpu 是开机就扣钱还是用完再扣", "就绪后开始计费"),
    ("cloudgpu: charged when the instance starts or at the end when I destroy it?", "meter starts when the GPU is ready"),
])
def test_cloudgpu_charge_moment_is_its_minute_meter(text: str, want: str) -> None:
    reply = conversation(text)
    assert want in lead_lines(reply, 3), reply


@pytest.mark.parametrize(("text", "want"), [("show my wallet balance", "Your wallet"), ("查一下我的钱包", "我的钱包")])
def test_own_wallet_is_still_read(text: str, want: str) -> None:
    assert want in lead_lines(conversation(text), 2)


@pytest.mark.parametrize(("text", "ids"), [
    ("how is cloudgpu billed, and what happens when my balance hits zero?", {"per-minute-billing", "balance-runs-out"}),
    ("cloudgpu — how does billing work and what happens when my balance reaches zero", {"per-minute-billing", "balance-runs-out"}),
    ("gpuli: how does the weekly plan bill and what happens when it expires?", {"gpuli-week-vs-month", "expiry-reminders"}),
])
def test_a_moment_in_a_second_question_is_no_charge_moment(text: str, ids: set[str]) -> None:
    # "billed … and what happens when …": two questions, each with its entry, not one about when money is taken
    assert {h.entry.id for h in parse(text).faq_answers} == ids
