"""A rental length said alone after a card's price at a provider (blind set 53): "we'll run 150 minutes", "跑 3 天",
"need it 10 days" prices that card there for that length, the figure leading; "what does CloudGPU charge for the
A6000" is that card's price (not a billing rule nor the FAQ on which card to rent). Catalog prices: CloudGPU A6000
$0.44/h, 4090 $0.33/h, 3090 $0.21/h; gpuli 4090 ₮109 a week, L40S ₮189 a week."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("turns", "needle"), [
    (("what does CloudGPU charge for the A6000", "we'll run 150 minutes"), "$1.10"),
    (("how much does gpuli charge for the 4090", "we need it 10 days"), "₮218"),  # 2 weeks × ₮109
    (("what would cloudgpu charge us for a 3090", "it'll run 5 hours"), "$1.05"),
    (("cloudgpu 的 a6000 收多少", "跑 150 分钟"), "$1.10"),
    (("cloudgpu 4090 price", "跑 3 天"), "$23.76"),  # 72 h × $0.33
    (("gpuli l40s 价格", "要用 20 天"), "₮567"),  # 3 weeks × ₮189
])
def test_a_length_alone_prices_the_card_just_priced(turns: tuple[str, ...], needle: str) -> None:
    text = conversation(*turns)
    assert needle in lead_lines(text, 2), text


@pytest.mark.parametrize("text", [
    "what does CloudGPU charge for the A6000",
    "how much does cloudgpu charge for the a6000?",
])
def test_what_a_provider_charges_for_a_card_is_its_price(text: str) -> None:
    assert "$0.44" in lead_lines(conversation(text), 3)


def test_what_a_provider_charges_for_idle_time_stays_the_billing_rule() -> None:
    text = conversation("what does cloudgpu charge for idle time")
    assert "minute" in text and "💰" not in text, text
