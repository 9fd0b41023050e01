"""Issue 18 (blind set 54): a question about a card's training asked beside its price, and a training setting asked
alone after a FAQ question. "4090 多卡能训吗 gpuli 4090 周租多少" asks two things: whether several 4090s train
together (yes, over PCIe: no NVLink, ZeRO-3 slow) and the week's price (₮109); both are answered, the question first.
"gpuli 4090", "多卡训练行吗", then "zero3 呢" asks that question of ZeRO-3 (slow over PCIe), never a price of the
card again (seeds 000, 002)."""

from __future__ import annotations

import pytest

from tests.chat_user import first_lines, said


@pytest.mark.parametrize("text", [
    "4090 多卡能训吗 gpuli 4090 周租多少",
    "4090 多卡能训吗，gpuli 4090 周租多少",
    "4090 能多卡训吗 gpuli 4090 一周多少钱",
    "can several 4090s train together? how much is a 4090 a week at gpuli",
])
def test_card_question_and_its_price_both_answered(text: str) -> None:
    me = said(text)
    assert "PCIe" in me.text and "NVLink" in me.text, me.text
    assert "₮109" in me.text, me.text


@pytest.mark.parametrize("text", ["gpuli 4090 周租多少", "能按小时租吗 gpuli 4090 周租多少"])
def test_price_alone_or_with_a_service_question(text: str) -> None:
    me = said(text)
    assert "₮109" in me.text, me.text


@pytest.mark.parametrize("turns", [
    ("gpuli 4090", "多卡训练行吗", "zero3 呢"),
    ("多张 4090 能一起训吗", "zero3 呢"),
    ("gpuli 4090", "can i do multi-gpu training", "what about zero-3"),
    ("cloudgpu 4090", "can several of them train together?", "and zero 3?"),
])
def test_setting_asked_of_the_faq_question(turns: tuple[str, ...]) -> None:
    me = said(*turns)
    assert me.last is not None and me.last.kind == "faq", me.text
    assert "ZeRO-3" in first_lines(me) and "PCIe" in first_lines(me), me.text


def test_setting_after_a_job_still_changes_the_job() -> None:
    me = said("7b lora 4090", "多卡训练行吗", "zero3 呢")
    assert me.last is not None and me.last.kind == "sizing", me.text
