"""A card named alone after a question on what a span costs at a provider keeps that span: "cloudgpu 跑 8 小时多少钱"
then "A6000" is 8 hours of the A6000 there ($0.44/h × 8 = $3.52, seed 002), not its hourly list; a budget
asked of the price just given is weighed against it. Figures from the catalogs."""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.providers import providers
from tests.chat_user import ChatUser


def _hourly(gpu: str) -> Decimal:
    cloud = next(p for p in providers().entries if p.id == "cloudgpu")
    row = next(o for o in cloud.offers if o.gpu == gpu and o.count == 1)
    return Decimal(str(row.prices["hour"].high))


@pytest.mark.parametrize(("first", "card", "gpu", "hours"), [
    ("cloudgpu 上跑 6 个小时要花多少", "那 a6000", "rtx-a6000", 6),
    ("在 cloudgpu 用 5 小时大概什么价", "4090", "rtx-4090", 5),
    ("what would 8 hours cost on cloudgpu?", "an A6000", "rtx-a6000", 8),
    ("how much is 12 hours on cloudgpu?", "rtx 3090", "rtx-3090", 12),
])
def test_card_after_a_span_question_is_priced_for_that_span(first: str, card: str, gpu: str, hours: int) -> None:
    u = ChatUser()
    u.say(first)
    u.say(card)
    total = (_hourly(gpu) * hours).quantize(Decimal("0.01"))
    assert f"${total}" in u.text.splitlines()[1], u.text
