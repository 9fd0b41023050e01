"""A FAQ rule asked of a card or provider named: cloudgpu's hold is one hour of the named card's own price (A800
80GB PCIe $1.09/h, A100 80GB $1.49/h: catalogs/providers/cloudgpu.yaml); "what happens at expiry if we don't renew"
is the expiry entry, which gives gpuli's e-mail reminders (3 days and 1 day before) and the 7 days data is kept;
English FAQ text naming Yiwan names it as the seeds and the price lines do too (一万网络)."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation

HOLD = [
    ("what does CloudGPU hold from the wallet while an A800 is running", "$1.09"),
    ("cloudgpu a800 预授权冻结多少", "$1.09"),
    ("在 cloudgpu 跑 a100 80g 会冻结多少余额", "$1.49"),
    ("cloudgpu pre-authorization on an a800, how much?", "$1.09"),
    ("cloudgpu 上 a800 运行时 预授权多少", "$1.09"),
]


@pytest.mark.parametrize(("text", "held"), HOLD)
def test_the_hold_is_an_hour_of_the_named_cards_price(text: str, held: str) -> None:
    reply = conversation(text)
    assert held in reply, reply


EXPIRY = [
    ("gpuli: what happens at expiry if we don't renew", ["3 days", "1 day", "7 days"]),
    ("what happens when my gpuli rental expires", ["3 days", "1 day", "7 days"]),
    ("gpuli rental expires next week and we won't renew, what happens at expiry?", ["3 days", "1 day", "7 days"]),
    ("gpuli 到期会怎样，我们不打算续", ["3 天", "1 天", "7 天"]),
    ("gpuli 月租到期后会怎么样", ["3 天", "1 天", "7 天"]),
    ("请问 gpuli 到期会怎么样", ["3 天", "1 天", "7 天"]),
]


@pytest.mark.parametrize(("text", "facts"), EXPIRY)
def test_what_happens_at_expiry_gives_the_reminders_and_the_retention(text: str, facts: list[str]) -> None:
    reply = conversation(text)
    for fact in facts:
        assert fact in reply, reply


YIWAN = [
    "which provider gives an annual prepay discount",
    "does yiwan give discounts",
    "can I add CPU cores at yiwan?",
    "any discount if we pay for a year up front?",
]


@pytest.mark.parametrize("text", YIWAN)
def test_english_faq_answers_name_yiwan_as_the_seeds_do(text: str) -> None:
    reply = conversation(text)
    assert "一万网络" in "\n".join(reply.splitlines()[:3]), reply


REFUND_WINDOW = [
    ("gpuli 32b 全参 月租", "gpuli 下单后 1 小时内能退款吗", "1 小时内可以无理由退款"),
    ("gpuli 4090 包周", "1小时内可以退吗", "1 小时内可以无理由退款"),
    ("gpuli 32b 全参 月租", "开机后 1 小时内换卡行不行", "1 小时内可以无理由退款"),
    ("gpuli 8卡h100 包月", "can I get a refund within 1 hour of ordering?", "within 1 hour of creating an instance"),
    ("gpuli 4090 weekly", "if it doesn't work, refund within an hour?", "within 1 hour of creating an instance"),
    ("gpuli a100 monthly", "within an hour of ordering, can we cancel?", "within 1 hour of creating an instance"),
]


@pytest.mark.parametrize(("before", "text", "rule"), REFUND_WINDOW)
def test_an_hour_beside_a_refund_is_the_refund_rules_window_not_a_deadline_or_length(before: str, text: str, rule: str) -> None:
    reply = conversation(before, text)
    assert rule in reply, reply
    assert "来不及" not in reply and "too late" not in reply.lower(), reply


UPFRONT = [
    ("gpuli weekly 4090, is it paid upfront?", "wallet", "₮109"),
    ("gpuli 4090 weekly: do we pay upfront or after?", "wallet", "₮109"),
    ("gpuli 4090 weekly, can we pay later?", "wallet", "₮109"),
    ("gpuli 4090 包周 是预付的吗", "钱包余额", "₮109"),
    ("gpuli 8卡h100 包月 是一次性扣的吗", "钱包余额", "₮14,432"),
]


@pytest.mark.parametrize(("text", "rule", "price"), UPFRONT)
def test_whether_a_named_plan_is_paid_upfront_gives_the_rule_and_that_plans_price(text: str, rule: str, price: str) -> None:
    reply = conversation(text)
    lead = "\n".join(reply.splitlines()[:3])
    assert rule in lead and price in reply, reply


EGRESS = [
    ("gpuli 8 H100 a month", "do we pay for egress if we push checkpoints out", "₮0"),
    ("gpuli 8x h100 monthly", "are we charged for outbound traffic when we upload checkpoints to hf?", "₮0"),
    ("gpuli 8卡h100 包月", "把 checkpoint 推出去 出口流量收钱吗", "₮0"),
    ("gpuli 8卡 h100 一个月", "往外传模型要付流量费吗", "₮0"),
]


@pytest.mark.parametrize(("before", "text", "fact"), EGRESS)
def test_whether_egress_is_charged_after_a_price_is_the_traffic_rule(before: str, text: str, fact: str) -> None:
    reply = conversation(before, text)
    assert fact in reply and ("egress" in reply or "出口流量" in reply), reply


NVLINK_AFTER_SIZING = [
    ("72b 全参 8卡h100 放得下吗", "gpuli 有 nvlink 吗 h100", "NVLink"),
    ("72b 全参 8卡h100 放得下吗", "h100 之间有没有 nvlink", "NVLink"),
    ("72b full finetune on 8x h100, fits?", "does gpuli's h100 have nvlink?", "NVLink"),
    ("72b full fine-tune, 8 h100 enough?", "is there nvlink between the h100s at gpuli", "NVLink"),
]


@pytest.mark.parametrize(("before", "text", "fact"), NVLINK_AFTER_SIZING)
def test_an_nvlink_question_of_the_sized_card_is_the_faq_not_the_sizing_again(before: str, text: str, fact: str) -> None:
    reply = conversation(before, text)
    assert fact in reply and "ZeRO-3" not in reply.splitlines()[0], reply


STORAGE_RESIZED = [
    (("gpuli storage volume price?", "we need 2000 GB", "make it 5000"), "₮400"),
    (("gpuli 存储卷多少钱", "要 2000G", "改成 5000 呢"), "₮400"),
    (("gpuli 存储卷 2000g 一个月多少", "那 3000 呢"), "₮240"),
    (("gpuli volume 500 GB monthly?", "what about 1000?"), "₮80"),
    (("gpuli storage volume price?", "we need 2000 GB"), "₮160"),
]


@pytest.mark.parametrize(("turns", "price"), STORAGE_RESIZED)
def test_a_storage_size_changed_by_a_bare_number_is_repriced(turns: tuple[str, ...], price: str) -> None:
    reply = conversation(*turns)
    assert price in "\n".join(reply.splitlines()[:2]), reply


@pytest.mark.parametrize(("text", "fact"), [
    ("a year of A100 40G at 一万网络?", "26,880"),
    ("一万网络 A100 40G monthly", "2,800"),
    ("一万网络 a100 40g 包年", "26,880"),
])
def test_a_rental_named_with_no_yes_or_no_asked_stays_its_price(text: str, fact: str) -> None:
    reply = conversation(text)
    assert fact in "\n".join(reply.splitlines()[:3]), reply


def test_a_lead_whose_own_term_is_named_stays_when_a_charge_is_asked() -> None:
    reply = conversation("CloudGPU, does the same balance also pay for the model API")
    assert "model API" in reply or "model APIs" in reply, reply
