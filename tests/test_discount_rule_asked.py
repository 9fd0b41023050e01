"""How Yiwan's yearly discount works, asked with a card named (issue 18, class G: a rule question sent to a price
table): the rule for each kind of plan from seed 003 (custom GPU plans 8折 / 20% off a year, the H100 plan and the
8×A100 80G server 85折 / 15% off), both named, never one card's priced year; a price asked after the discount stays a
price."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("text", "wants"), [
    ("一万网络包年的折扣怎么算 H100 跟其他卡有区别吗", ("8 折", "85 折")),
    ("一万网络 H100 包年怎么优惠？别的卡也是这个折扣吗", ("8 折", "85 折")),
    ("at yiwan, does the annual discount on H100 work the same as for the other GPUs?", ("20% off", "15% off")),
])
def test_the_discount_rule_names_each_kind_of_plan(text: str, wants: tuple[str, ...]) -> None:
    reply = conversation(text)
    lead = lead_lines(reply, 3)
    assert all(w in lead for w in wants), reply
    assert "365" not in reply, reply  # no year of one card priced


def test_an_amount_after_the_discount_is_still_priced() -> None:
    reply = conversation("一万网络 H100 年付 打折后一共多少钱")
    assert "¥" in lead_lines(reply, 2) and "85 折" in reply, reply
