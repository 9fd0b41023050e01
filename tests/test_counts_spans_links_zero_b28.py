"""Blind set 28's entity classes, with phrasings of our own: a bare card count after a comma with the card
before it ("a100 sxm，4 包月价格" is four cards, not the A100 SXM4 name); a span with no job to time is how
long to rent, and "怎么租最省" asks the cheapest way, not how ordering works; InfiniBand asked between
nodes is priced for its unit (a month, per node); a stated ZeRO stage is the stage of the setup picked
and exported. Figures from the seeds: gpuli 4×A100 SXM ₮4,308/month, 8×H100 ₮4,172/week, RTX 4090
₮109/week; InfiniBand ₮600 per node per month."""

from __future__ import annotations

import pytest

from engine.request import TrainingRequest
from engine.sizing import size
from tests.chat_user import first_lines, said


@pytest.mark.parametrize(("text", "total"), [
    ("gpuli a100 sxm，4 包月价格", "₮4,308"),
    ("gpuli a100 sxm, 4 月租多少", "₮4,308"),
    ("gpuli 的 a100 sxm，4 包月怎么卖", "₮4,308"),
    ("gpuli h100，8 一周多少", "₮4,172"),
    ("h100 at gpuli, 8 how much per week", "₮4,172"),
])
def test_a_bare_count_after_the_card_is_its_count(text: str, total: str) -> None:
    assert total in first_lines(said(text))


def test_a_spaced_sxm_digit_before_a_count_word_is_no_card_name() -> None:
    assert "4×A100" in first_lines(said("gpuli a100 sxm，4 包月价格"))


@pytest.mark.parametrize("text", [
    "1.5天跑完 4090 在 gpuli 怎么租最省",
    "4090 在 gpuli 跑 1.5 天 怎么租最省",
    "gpuli 上 4090 要用一天半，怎么租最划算",
    "need a 4090 at gpuli for 1.5 days, how should I rent it cheapest",
])
def test_a_span_with_no_job_is_a_rental_length(text: str) -> None:
    lead = first_lines(said(text))
    assert "₮109" in lead
    assert "来得及" not in lead and "USDT" not in lead


@pytest.mark.parametrize(("text", "total"), [
    ("10天的 4090 qlora 在 gpuli 咋租最便宜", "₮218"),  # two weeks
    ("gpuli 4090 rent for ten days, how do I rent it cheapest", "₮218"),
])
def test_the_cheapest_way_to_rent_a_length_is_its_price(text: str, total: str) -> None:
    assert total in first_lines(said(text))


def test_how_to_rent_still_gives_the_steps() -> None:
    assert "USDT" in first_lines(said("gpuli 怎么租 4090"))


@pytest.mark.parametrize("text", [
    "gpuli 两个节点 8卡h100 之间 IB 什么价",
    "gpuli 双节点 8卡 h100 配 IB 多少钱",
    "how much is infiniband between two 8x h100 nodes at gpuli",
    "IB price for 2 nodes of 8xH100 on gpuli?",
])
def test_infiniband_between_nodes_is_priced_per_node(text: str) -> None:
    lead = first_lines(said(text))
    assert "₮600" in lead and "₮1,200" in lead and ("节点" in lead or "node" in lead)


def test_a_stated_zero_stage_is_the_stage_recommended() -> None:
    s = size(TrainingRequest(params_b=7, method="lora", num_gpus=2, zero=2))
    assert s.recommendations and all(f.estimate.plan.zero == 2 for f in s.recommendations)


@pytest.mark.parametrize("text", [
    "deepspeed zero2 json for a 7b lora on 2 gpus",
    "export the deepspeed config, zero-2, 7b lora, two gpus",
    "给我 7b lora 双卡 deepspeed zero-2 的配置文件",
    "导出 deepspeed zero2 配置 7b lora 两张卡",
])
def test_an_export_keeps_the_stated_zero_stage(text: str) -> None:
    lead = said(text).text
    assert '"stage": 2' in lead and "ZeRO-3" not in lead
