"""A count of cards nobody rents as one machine is priced as that many single-card instances beside
the caveat: seed 000's RTX 4090 is ₮109 a week and ₮369 a month at gpuli; seed 002's is $0.33 an hour
at CloudGPU, billed by the minute."""

from __future__ import annotations

import pytest

from tests.chat_user import first_lines, said


@pytest.mark.parametrize(("text", "sums"), [
    ("gpuli 4张4090 一周多少钱", ("₮436（4 × ₮109）",)),
    ("gpuli 四张 4090 一周什么价", ("₮436（4 × ₮109）",)),
    ("4 x rtx 4090 for a month, how much?", ("gpuli ₮1,476 (4 × ₮369)", "CloudGPU $950.40 (4 × $237.60)")),
    ("4张4090 多少钱", ("$1.32/小时（4 × $0.33）", "₮436/周（4 × ₮109）", "₮1,476/月（4 × ₮369）")),
    ("cloudgpu two 3090s for 10 hours, price?", ("$4.20 (2 × $2.10)",)),
])
def test_cards_no_one_rents_together_are_summed_as_single_instances(text: str, sums: tuple[str, ...]) -> None:
    head = first_lines(said(text), 2)
    assert all(s in head for s in sums), head
    assert "单卡实例" in head or "single-card instances" in head, head


def test_a_named_provider_sums_only_its_own_instances() -> None:
    head = first_lines(said("gpuli 4张4090 一周多少钱"), 2)
    assert "CloudGPU" not in head and "$" not in head, head


def test_a_machine_that_is_rented_whole_is_not_summed_as_instances() -> None:
    me = said("gpuli 8卡h100 一周多少钱")
    assert "₮4,172" in first_lines(me) and "单卡实例" not in me.text, me.text


@pytest.mark.parametrize("text", ["gpuli 能租 4 张 4090 的机器吗 一周多少", "a 4x 4090 box at gpuli for a week, price?",
                                  "gpuli 4卡4090服务器 一周多少钱"])
def test_a_machine_asked_for_is_never_answered_with_single_rentals_summed(text: str) -> None:
    me = said(text)
    assert "₮436" not in me.text and ("4×A100 80GB SXM" in me.text or "4× A100 80GB SXM" in me.text), me.text
