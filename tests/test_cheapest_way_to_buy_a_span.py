"""The cheapest way to buy a span at a provider that sells weeks and months (blind set 53): "cheapest way?",
"怎么买最省", "按周买划算吗" for a rental length, said with it or after it was priced, weighs the span bought by
the week, by the month and by a mix of both, and the cheapest leads with the other named beside it.
Catalog prices at gpuli: 4090 ₮109 a week, ₮369 a month; A6000 ₮115 / ₮389; L40S ₮189 / ₮649;
8× H100 SXM ₮4,172 / ₮14,432."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("turns", "first", "other"), [
    (("gpuli 4090 weekly", "we need it 10 days", "cheapest way?"), "₮218", "₮369"),  # 2 weeks against a month
    (("gpuli 4090 周租", "要用10天", "怎么买最省"), "₮218", "₮369"),
    (("the 8x H100 at gpuli, weekly price?", "and monthly", "we need 5 weeks, whats cheapest"), "₮18,604", "₮20,860"),
    (("八卡 h100 gpuli 用四周 按周买划算吗",), "₮14,432", "₮16,688"),  # a month beats 4 weeks
    (("gpuli a6000 for 3 weeks, what's the cheapest way to buy it",), "₮345", "₮389"),
    (("gpuli l40s 跑 40 天 怎么租最划算",), "₮1,027", "₮1,134"),  # a month and two weeks against 6 weeks
    (("gpuli 4090 for 5 weeks", "best way to pay for it?"), "₮478", "₮545"),  # a month and a week against 5 weeks
    (("gpuli 的 4090 三周多少钱", "按月买划算吗"), "₮327", "₮369"),
])
def test_the_cheapest_mix_of_cycles_leads_and_the_other_is_named(turns: tuple[str, ...], first: str, other: str) -> None:
    text = conversation(*turns)
    assert first in lead_lines(text, 2) and other in text, text


@pytest.mark.parametrize("turns", [
    ("gpuli 4090 weekly", "we need it 10 days", "cheapest way?"),
    ("gpuli 4090 周租", "要用10天", "怎么买最省"),
])
def test_the_way_to_buy_is_no_beginners_faq(turns: tuple[str, ...]) -> None:
    text = conversation(*turns)
    assert "getting started" not in text.lower() and "先小后大" not in text and "我管的是" not in text, text
