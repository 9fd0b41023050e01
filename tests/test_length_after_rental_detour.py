"""A length said after a detour, asking what it is charged ("训完忘了销毁" then "周末两天 48 小时 会扣多少", "forgot
it over the weekend, 48 hours, how much"): the card sized at its provider costs that length (issue 18, blind 55).
Seed 002: CloudGPU A100 80GB SXM $1.49/h, RTX A6000 $0.44/h, RTX 4090 $0.33/h, billed by the minute."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("turns, want", [
    (("cloudgpu a100 80g 跑 70b qlora", "训完忘了销毁", "周末两天 48 小时 会扣多少"), "$71.52"),  # 48 × $1.49
    (("cloudgpu 租 a6000 跑 32b qlora", "训完了不关会咋样", "一晚上 10 小时扣多少"), "$4.40"),  # 10 × $0.44
    (("cloudgpu 4090 跑 14b qlora", "训练完了 实例不销毁会怎样", "忘关了 跑了 48 个小时 扣了多少钱"), "$15.84"),
    (("cloudgpu a100 80g 跑 70b qlora", "销毁以后检查点还在吗", "那放一晚上 10 小时会扣多少"), "$14.90"),
])
def test_a_length_after_a_detour_is_the_card_for_that_length(turns: tuple[str, ...], want: str) -> None:
    lead = lead_lines(conversation(*turns), 3)
    assert want in lead, lead


def test_the_length_answer_carries_no_faq_beside_it() -> None:
    text = conversation("cloudgpu a100 80g 跑 70b qlora", "训完忘了销毁", "周末两天 48 小时 会扣多少")
    assert "$71.52" in lead_lines(text, 3) and "一万网络部署" not in text, text


@pytest.mark.parametrize("turns, want", [
    (("14b qlora with a 3090 on cloudgpu", "24 hours cost", "same on a 4090?"), "$7.92"),  # 24 × $0.33
    (("cloudgpu 3090 for 7b qlora, 10 hours", "same for an a6000?"), "$4.40"),  # 10 × $0.44
    (("gpuli 4090 a month", "same at cloudgpu?"), "$237.60"),  # 720 × $0.33
])
def test_same_on_another_card_prices_it_for_the_length(turns: tuple[str, ...], want: str) -> None:
    lead = lead_lines(conversation(*turns), 3)
    assert want in lead, lead
