"""Two cards, or two providers, set against each other for one rental length (blind set 53): "A100 80G vs A800 80G
for 8 hours, what's the difference" prices both and leads with the difference; "CloudGPU vs gpuli, numbers" after a
length was priced weighs the two for it. Catalog prices: CloudGPU A100 80GB $1.49/h, A800 80GB $1.09/h, 4090 $0.33/h,
A6000 $0.44/h; gpuli 4090 ₮109 a week, A6000 ₮115 a week."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("turns", "needles"), [
    (("CloudGPU A100 80G vs A800 80G for 8 hours, what's the difference",), ("$3.20", "$11.92", "$8.72")),
    (("cloudgpu: a800 80g or a100 80g for 3 days, what's the difference?",), ("$28.80", "$107.28", "$78.48")),
    (("gpuli 4090 vs a6000 for 2 weeks, difference?",), ("₮12", "₮218", "₮230")),
    (("cloudgpu 上 a100 80g 和 a800 80g 跑 8 小时 差多少",), ("$3.20", "$11.92", "$8.72")),
])
def test_two_cards_for_one_length_lead_with_the_difference(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    text = conversation(*turns)
    assert all(n in lead_lines(text, 2) for n in needles), text


@pytest.mark.parametrize(("turns", "needles"), [
    (("we need one 4090 for 2 days", "CloudGPU vs gpuli, numbers"), ("$15.84", "₮109")),
    (("一张 4090 用两天", "cloudgpu 和 gpuli 对比下 算一下"), ("$15.84", "₮109")),
    (("a6000 for 10 days", "compare gpuli and cloudgpu, show the numbers"), ("$105.60", "₮230")),
    (("a6000 跑 10 天", "gpuli 跟 cloudgpu 差价多少"), ("$105.60", "₮230")),
])
def test_two_providers_weighed_for_the_length_priced(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    text = conversation(*turns)
    assert all(n in lead_lines(text, 3) for n in needles), text
