"""A card count the user states for a job each card holds whole is priced as that many single-card rentals
(issue 18, round 2e): "7b qlora 4090 gpuli 周租" then "2 张呢" is 2 × ₮109 = ₮218 a week, "four 4090s at gpuli
for a month, 7b qlora" 4 × ₮369 = ₮1,476, each with the caution that separate instances train slowly; a job
no one card holds stays unpriced on glued cards."""

from __future__ import annotations

from decimal import Decimal

import pytest

from engine.cost import compare
from engine.request import TrainingRequest
from tests.chat_user import conversation


@pytest.mark.parametrize(("messages", "total"), [
    (("7b qlora 4090 gpuli 周租", "2 张呢"), "₮218"),
    (("gpuli 4090 跑 7b qlora 租一周", "那两张卡呢"), "₮218"),
    (("gpuli 上 four 4090s 跑 7b qlora 一个月多少",), "₮1,476"),
    (("two 4090s at gpuli for a month, 7b qlora",), "₮738"),
    (("7b qlora on a 4090 at gpuli for a week", "what about 2 cards"), "₮218"),
])
def test_a_stated_count_of_single_card_rentals_is_priced_with_its_caution(messages: tuple[str, ...], total: str) -> None:
    text = conversation(*messages)
    assert total in text.splitlines()[0]
    assert "单独的实例" in text or "separate instances" in text


def test_glued_cards_are_quoted_only_for_a_job_each_card_holds() -> None:
    report = compare(TrainingRequest(params_b=7, method="qlora", gpu="rtx-4090", num_gpus=2, provider="gpuli", days=7))
    option = next(o for o in report.options if o.provider.id == "gpuli")
    assert option.quote.instances == 2 and option.quote.total_min == Decimal("218")
    assert option.note("separate_instances") is not None
    big = compare(TrainingRequest(params_b=32, method="full", gpu="rtx-a6000", num_gpus=8, provider="gpuli", days=7))
    assert not big.options
