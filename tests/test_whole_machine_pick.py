"""A sizing, price or budget answer at one provider picks only a setup that provider rents as one machine
(or as whole nodes): 一万网络 rents the A100 40G and RTX 3090 one card at a time and the A100 80G / H100
only as 8-card boxes, so 13B LoRA there is never "2 × A100 40G (ZeRO-3)" summed from two separate
single-card rentals, nor a "cheaper but tight" 2 × RTX 3090 the same way (issue 18, class I item 4).
Its smallest whole machine that holds the job is the pick (8 × A100 80G, ¥25,000–40,000 a month, an
estimated band), with seed 003's own card for the class beside it (one A100 40G, ¥2,800: tight by our
figures, 42.8 GB at the high end over 40 GB)."""

from __future__ import annotations

import pytest

from engine.price_list import cheapest_card_hour
from tests.chat_user import ChatUser

ASKS = ["一万网络 13b lora 用什么卡", "在一万网络上跑 13b lora 选哪张卡", "13b lora at yiwan, which card and monthly cost?",
        "which gpu should I rent on yiwan for a 13b lora", "一万网络 13b lora 预算 3 万一个月",
        "yiwan 14b lora, what's the cheapest card"]


@pytest.mark.parametrize("msg", ASKS)
def test_no_pick_is_summed_from_single_card_rentals(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    head = "\n".join(u.text.splitlines()[:4])
    for glued in ("2×A100 40GB", "2× A100 40GB", "2×RTX 3090", "2× RTX 3090", "单卡实例分开租", "separate single-card instances"):
        assert glued not in head, (msg, head)
    assert "8×A100 80GB SXM" in head or "8× A100 80GB SXM" in head
    assert "¥25,000–40,000" in head  # the box's estimated band
    assert "A100 40GB SXM" in head and "¥2,800" in head  # seed 003's card for the class, with its risk
    assert "OOM" in head
    assert "没有装得下这个任务的单卡或小机器" in head or "rents no single card or small machine" in head  # said plainly, first


@pytest.mark.parametrize("msg", ["一万网络 13b lora 多少钱", "13b lora on yiwan, how much?"])
def test_the_price_answer_prices_the_whole_machine(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    assert "separate single-card instances" not in u.text and "单卡实例分开租" not in u.text
    assert "8×A100 80GB SXM" in u.text or "8× A100 80GB SXM" in u.text
    assert "¥2,800" in u.text  # the table's single card, named beside it


def test_whole_prices_skip_glued_instances() -> None:
    assert cheapest_card_hour("a100-40g-sxm", 2, provider="yiwan") is not None  # two separate rentals, summed
    assert cheapest_card_hour("a100-40g-sxm", 2, provider="yiwan", whole=True) is None
    assert cheapest_card_hour("a100-40g-sxm", 1, provider="yiwan", whole=True) is not None
    assert cheapest_card_hour("a100-80g-sxm", 8, provider="yiwan", whole=True) is not None  # the 8-card box
    assert cheapest_card_hour("a100-80g-sxm", 16, provider="yiwan", whole=True) is not None  # two whole boxes


def test_a_provider_renting_the_card_singly_keeps_its_single_card() -> None:
    u = ChatUser()
    u.say("一万网络 7b lora 用什么卡")  # one A100 40G holds it: the pick stays one card
    head = "\n".join(u.text.splitlines()[:3])
    assert "1×A100 40GB SXM" in head and "¥2,800" in head and "8×" not in head
