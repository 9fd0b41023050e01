"""Money said right after a card's price, then "how many hours" (issue 18, blind 54): the money is divided into
that card at its hourly provider — a monthly budget set ("budget $10", "预算 20 美元") and a balance named after
its amount ("$30 balance", "30 刀余额") alike. Prices from seed 002: CloudGPU RTX A6000 $0.44/h, A100 80GB SXM
$1.49/h, RTX 4090 $0.33/h, RTX 3090 $0.21/h, billed by the minute."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("turns, want", [
    (("cloudgpu a6000", "budget $10", "how many hours"), "22.7"),  # $10 / $0.44
    (("cloudgpu 4090", "budget is $5", "how many hours?"), "15.1"),  # $5 / $0.33
    (("cloudgpu 4090", "预算 20 美元", "能跑多久"), "60.6"),  # $20 / $0.33
    (("cloudgpu a100 80g", "$30 balance", "how long"), "20.1"),  # $30 / $1.49
    (("cloudgpu 3090 多少钱一小时", "30 刀余额", "能跑几个小时"), "142.8"),  # $30 / $0.21
    (("cloudgpu a6000", "10 美元的余额", "能用几个小时"), "22.7"),
])
def test_money_after_a_card_is_divided_into_its_hours(turns: tuple[str, ...], want: str) -> None:
    lead = lead_lines(conversation(*turns), 1)
    assert want in lead, lead


@pytest.mark.parametrize("turns", [
    ("cloudgpu 4090", "my $5 balance ran out, what happens"),
    ("cloudgpu 4090", "30 刀余额用完了会怎样"),
])
def test_a_balance_running_out_is_still_the_rule(turns: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(*turns), 2)
    assert "destroy" in lead or "销毁" in lead, lead
