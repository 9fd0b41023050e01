"""Money put in right after a card's price is what a following "how long" divides (issue 18, items 3 and G):
"cloudgpu 3090 多少", "我充了5刀", "能跑多久" is $5 ÷ $0.21/h ≈ 23.8 hours of the RTX 3090 (seed 001), never
the FAQ entry on estimating a run's time."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("price, top_up, ask, figure", [
    ("cloudgpu 3090 多少", "我充了5刀", "能跑多久", "23.8"),            # $5 / $0.21
    ("cloudgpu 的 3090 一小时多少钱", "充值 5 美元", "那能用几个小时", "23.8"),
    ("how much is a 3090 at cloudgpu", "topped up $5", "how long will that last?", "23.8"),
    ("3090 hourly price on cloudgpu?", "i just added $5 to my balance", "how many hours does that get me", "23.8"),
    ("gpuli 4090 周租多少", "充了 300u", "能租几周", "2"),                 # ₮300 / ₮109 a week: 2 weeks
])
def test_a_how_long_after_a_top_up_divides_it_into_the_card_priced(price: str, top_up: str, ask: str, figure: str) -> None:
    lead = lead_lines(conversation(price, top_up, ask), 2)
    assert figure in lead.splitlines()[0]
    assert "样本数" not in lead and "samples" not in lead  # never the FAQ on how to estimate a run
