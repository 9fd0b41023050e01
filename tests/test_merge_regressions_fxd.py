"""Merge regressions (session 25, fxd): two cards compared on one figure lead with the ratio on the figure's own head
line, so each card's figure still follows at once; a later sentence that only changes the length of the job before
('what about three weeks?', '那两周呢') is no FAQ question after a background; a card named alone after a span's
price the FAQ was not sure of is priced for that span. Figures from the catalogs."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.understand.background import asked_after_background
from engine.providers import providers
from tests.chat_user import ChatUser


def _head(u: ChatUser, lines: int) -> list[str]:
    return [ln for ln in u.text.splitlines() if ln.strip()][:lines]


@pytest.mark.parametrize(("msg", "figures"), [
    ("A100 SXM 和 H100 SXM 的 NVLink 带宽各是多少", ("900 GB/s", "600 GB/s")),
    ("nvlink bandwidth: a100 vs h100?", ("900 GB/s", "600 GB/s")),
    ("H200 跟 H100 的显存带宽比一比", ("3,350 GB/s", "4,800 GB/s")),
    ("compare the memory bandwidth of the h100 and the h200", ("3,350 GB/s", "4,800 GB/s")),
])
def test_the_ratio_leads_and_each_cards_figure_follows_at_once(msg: str, figures: tuple[str, ...]) -> None:
    u = ChatUser()
    reply = u.say(msg)
    assert reply.kind == "card_spec", u.text
    head = _head(u, 3)
    assert "倍" in head[0] or "×" in head[0], u.text
    assert all(any(f in ln for ln in head) for f in figures), u.text


@pytest.mark.parametrize("msg", ["13b qlora on a 4090 for three days, what does it cost? what about five days?",
                                 "4090 上跑 13b qlora 三天多少钱？那五天呢？",
                                 "7b lora, one a6000, a week: price? and what about a month?",
                                 "a6000 跑 7b lora 一周多少钱？换成一个月呢？"])
def test_a_later_sentence_changing_only_the_length_is_no_question_of_its_own(msg: str) -> None:
    assert asked_after_background(msg) is None


def test_each_length_asked_after_a_price_is_priced() -> None:
    u = ChatUser()
    u.say("a6000 上 7b lora 跑一周多少钱？那两周呢？")
    assert "₮115" in u.text and "₮230" in u.text, u.text  # gpuli's week of an A6000, and two (seed 000)


def _hourly(gpu: str) -> Decimal:
    cloud = next(p for p in providers().entries if p.id == "cloudgpu")
    row = next(o for o in cloud.offers if o.gpu == gpu and o.count == 1)
    return Decimal(str(row.prices["hour"].high))


@pytest.mark.parametrize(("first", "card", "gpu", "hours"), [
    ("how much is 12 hours on cloudgpu?", "an rtx 3090", "rtx-3090", 12),
    ("what does 3 days cost at cloudgpu?", "a6000", "rtx-a6000", 72),
    ("cloudgpu 上租 10 个小时多少钱", "3090", "rtx-3090", 10),
    ("在 cloudgpu 用 4 小时要多少钱", "那 4090 呢", "rtx-4090", 4),
])
def test_a_card_after_a_spans_price_is_priced_for_that_span(first: str, card: str, gpu: str, hours: int) -> None:
    u = ChatUser()
    u.say(first)
    u.say(card)
    total = (_hourly(gpu) * hours).quantize(Decimal("0.01"))
    assert f"${total}" in u.text.splitlines()[1], u.text
