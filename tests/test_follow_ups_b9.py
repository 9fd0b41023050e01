"""Issue 18 items 2 and 5 (blind set 9, classes B and C): what a bare card asks is decided by the
question before it; a length of a whole unit ("a full day", "一整天") is a rental length, never full
fine-tuning; a card count at a provider lists that provider's setups of that many cards, cheapest
first. Figures from the seeds: CloudGPU A100 80G $1.49/h, A800 $1.09/h, RTX 3090 $0.21/h, RTX 4090
$0.33/h (seed 002); gpuli 8×A100 SXM ₮8,352/month, 8×H100 SXM ₮14,432, 8×H200 ₮19,752, 4×A100 SXM
₮4,308, 4×H100 SXM ₮7,444 (seed 000); 一万网络 8×A100 80G an estimated ¥2.5–4万/month, 8×H100 ¥8–12万
(seed 003)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand import fields
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from tests.chat_user import ChatUser


def _talk(*turns: str) -> ChatUser:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me


CLOUDGPU = {"A100": "$1.49", "a800": "$1.09", "3090": "$0.21", "RTX 4090": "$0.33"}
PROVIDER_PRICE_ASKS = ["cloudgpu 上的卡多少钱一小时", "cloudgpu 的卡每小时什么价", "cloudgpu 各卡价格",
                       "how much are the cards at cloudgpu per hour?", "cloudgpu's gpus, hourly price?"]


@settings(max_examples=20, deadline=None)
@given(ask=st.sampled_from(PROVIDER_PRICE_ASKS), card=st.sampled_from(sorted(CLOUDGPU)))
def test_a_bare_card_after_a_providers_prices_is_that_cards_price_there(ask: str, card: str) -> None:
    me = _talk(ask)
    assert me.last is not None and me.last.kind == "provider_prices"  # the list, not a FAQ or "not sure"
    me.say(card)
    assert me.last is not None and me.last.kind == "price"
    assert CLOUDGPU[card] in me.lines[1], me.lines[:3]


@pytest.mark.parametrize(("ask", "card", "want", "zh"), [
    ("gpuli 哪些卡有 NVLink", "H200", "有。", True),
    ("gpuli 哪些卡支持 NVLink？", "4090", "没有", True),
    ("gpuli 上哪些卡带 nvlink", "A6000", "成对", True),
    ("which gpus have nvlink at gpuli?", "4090", "No.", False),
    ("which cards at gpuli have NVLink", "h100", "Yes.", False),
])
def test_a_bare_card_after_a_question_asking_no_price_changes_that_question(ask: str, card: str, want: str,
                                                                            zh: bool) -> None:
    me = _talk(ask, card)
    assert me.last is not None and me.last.kind == "faq" and me.last.lang == ("zh" if zh else "en")
    head = "\n".join(me.lines[:3])
    assert want in head and "₮" not in head, head  # the NVLink answer for that card, no price list


@settings(max_examples=40, deadline=None)
@given(whole=st.sampled_from([("a full day", 24), ("a whole day", 24), ("一整天", 24), ("整整一周", 168),
                               ("a whole week", 168), ("整个月", 720), ("an entire month", 720)]),
       card=st.sampled_from(["3090", "4090", "a100"]), tail=st.sampled_from(["", " 多少钱", ", how much?", " in CNY?"]))
def test_a_whole_unit_is_a_rental_length_not_full_fine_tuning(whole: tuple[str, int], card: str, tail: str) -> None:
    words, hours = whole
    p = parse(f"cloudgpu {card} {words}{tail}")
    assert p.request.method is None
    assert (p.rental.duration_days or 0) * 24 + (p.rental.duration_hours or 0) == hours
    days, _ = fields.duration(normalize(f"for {words}").lower())
    assert days is not None and days * 24 == hours


@pytest.mark.parametrize("text", ["full fine-tune a 7b", "7b full ft on h100", "full params 8b"])
def test_full_fine_tuning_stays_full(text: str) -> None:
    assert parse(text).request.method == "full"


@pytest.mark.parametrize(("text", "total", "cny"), [
    ("cloudgpu 3090 for a full day, and what is that in yuan?", "$5.04", "¥35.78"),
    ("cloudgpu 4090 跑一整天多少钱，换成人民币呢", "$7.92", "¥56.23"),
])
def test_a_day_at_a_price_in_another_currency_is_that_total_converted(text: str, total: str, cny: str) -> None:
    me = _talk(text)
    assert me.last is not None and me.last.kind == "price"
    assert total in me.text and cny in me.text


@pytest.mark.parametrize(("text", "rows", "estimate"), [
    # an English question naming a provider in Chinese characters is answered in English
    ("cheapest 8-card option at 一万网络, monthly?", ["8× A100 80GB SXM", "8× H100 SXM"], True),
    ("一万网络 8 卡最便宜的是哪个，包月", ["8×A100 80GB SXM", "8×H100 SXM"], True),
    ("cheapest 8-gpu box at gpuli per month", ["8× A100 80GB SXM", "8× H100 SXM", "8× H200 SXM"], False),
    ("gpuli 4 卡的机器多少钱一个月", ["4×A100 80GB SXM", "4×H100 SXM"], False),
])
def test_a_card_count_at_a_provider_lists_its_setups_of_that_count_cheapest_first(text: str, rows: list[str],
                                                                                   estimate: bool) -> None:
    me = _talk(text)
    assert me.last is not None and me.last.kind == "provider_prices"
    listed = [line for line in me.lines if line.startswith("•")]
    assert [line.split(":")[0].lstrip("• ") for line in listed] == rows  # only that count, cheapest first
    legend = any(w in me.text for w in ("估价", "estimate"))
    assert legend == estimate


@pytest.mark.parametrize(("ask", "card", "want"), [
    ("cloudgpu 有哪些卡", "A100", "$1.49"),  # a provider's list of cards is its price list
    ("cloudgpu 有哪些卡可以租？", "a800", "$1.09"),
    ("which gpus have nvlink at gpuli?", "4090 for a week?", "₮109"),  # the card brings its own rental length
    ("gpuli 哪些卡有 NVLink", "H200 包月呢", "₮2,599"),
])
def test_a_card_after_a_list_or_with_its_own_rental_is_priced(ask: str, card: str, want: str) -> None:
    me = _talk(ask, card)
    assert me.last is not None and me.last.kind == "price"
    assert want in me.text
