"""Three readings restored after the round-0/1 merges:

- a provider typed (or named by how it bills) before "have any …" is the subject of the question after it, never a
  question of its own: "does gpuli have | any SLA compensation" split there read "does gpuli have" as gpuli's
  currency entry, which then led the reply (b22-conv-05);
- the cards of a provider asked by a feature ("gpuli 有什么卡是 nvlink 全互联的") are the hardware entry whose term
  the question names, however an entry that mentions the feature in passing (slow multi-GPU advice) ranks beside
  it (b45-h-029);
- a published price that is a band (一万网络 8×H100: ¥80,000–120,000 a month, "官网 H100 方案明示档，以官网实时价为准")
  says so under the list, as an estimated band says it is an estimate (b27-i-009).
Figures from the catalogs (seed 000: gpuli's SLA; seed 003: 一万网络's prices)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.providers import providers
from tests.chat_user import ChatUser


def _provider(ident: str):  # type: ignore[no-untyped-def]
    return next(p for p in providers().entries if p.id == ident)


def _month_band(ident: str, gpu: str, count: int) -> tuple[int, int]:
    offer = next(o for o in _provider(ident).offers if o.gpu.startswith(gpu) and o.count == count)
    price = offer.prices["month"]
    return int(price.low), int(price.high)


def _lead(turns: list[str], lines: int = 2) -> str:
    u = ChatUser()
    for text in turns:
        u.say(text)
    return "\n".join(u.text.splitlines()[:lines])


# --- a provider before "have any …" is the subject of the question after it

@pytest.mark.parametrize("turns", [
    ["does gpuli have any SLA credits?"],
    ["does the provider that bills in USDT have any SLA?"],
    ["which card for a 7b lora?", "does the weekly/monthly provider offer any downtime credits?"],
    ["does gpuli provide any compensation if a node dies?"],
    ["gpuli 有没有 SLA 赔付"],
    ["周租月租那家 提供 宕机补偿吗"],
])
def test_sla_leads_with_the_provider_as_subject(turns: list[str]) -> None:
    sla = _provider("gpuli").sla
    assert sla is not None
    lead = _lead(turns)
    assert str(sla.uptime_percent) in lead, lead
    assert "₮" not in lead.splitlines()[0] and "USDT" not in lead.splitlines()[0], lead


@settings(max_examples=12, deadline=None)
@given(verb=st.sampled_from(["have", "offer", "give", "provide"]),
       topic=st.sampled_from(["SLA compensation", "downtime credits", "SLA"]))
def test_provider_then_verb_is_no_question_of_its_own(verb: str, topic: str) -> None:
    sla = _provider("gpuli").sla
    assert sla is not None
    lead = _lead([f"does gpuli {verb} any {topic}?"])
    assert str(sla.uptime_percent) in lead, lead


# --- the cards with a feature asked of a provider: the hardware entry, not the price list

@pytest.mark.parametrize("text", [
    "gpuli 有什么卡是 nvlink 全互联的",
    "gpuli 都有哪些卡是 NVLink 全互连的？",
    "一万网络有哪些卡是 nvlink 的",
    "which cards does gpuli have that are nvlinked",
    "what cards does gpuli offer with NVLink?",
])
def test_cards_with_nvlink_answered_by_the_entry(text: str) -> None:
    lead = _lead([text], 3)
    assert "NVLink" in lead and "H100" in lead and "A100" in lead, lead
    assert "挂牌价" not in lead and "₮" not in lead, lead


@settings(max_examples=16, deadline=None)
@given(ask=st.sampled_from(["有哪些卡", "有什么卡", "都有哪些卡", "哪几张卡"]),
       end=st.sampled_from(["的", "", "？", "的？"]))
def test_listing_ask_with_a_feature_keeps_the_feature(ask: str, end: str) -> None:
    lead = _lead([f"gpuli {ask}是 nvlink 全互联{end}"], 3)
    assert "NVLink" in lead.splitlines()[0] and "H100" in lead, lead


def test_a_bare_listing_stays_the_price_list() -> None:
    assert "挂牌价" in _lead(["gpuli 有哪些卡"], 1)


# --- a published band says it is the provider's stated range; an estimate says it is one; a single price neither

@pytest.mark.parametrize("text", ["一万网络 8卡 h100 包月 多少钱", "一万网络 八卡H100 一个月什么价"])
def test_published_band_noted_zh(text: str) -> None:
    low, high = _month_band("yiwan", "h100", 8)
    u = ChatUser()
    u.say(text)
    assert f"{low:,}" in u.text and f"{high:,}" in u.text, u.text
    assert "官网明示" in u.text and "以官网实时价" in u.text, u.text
    assert "预估价" not in u.text, u.text


@pytest.mark.parametrize("text", ["Yiwan 8x H100, monthly price?", "how much for an 8-card H100 box at 一万网络 for a month"])
def test_published_band_noted_en(text: str) -> None:
    low, high = _month_band("yiwan", "h100", 8)
    u = ChatUser()
    u.say(text)
    assert f"{low:,}" in u.text and f"{high:,}" in u.text, u.text
    assert "band the provider publishes" in u.text, u.text


def test_estimated_band_keeps_its_own_note() -> None:
    low, high = _month_band("yiwan", "a100-80g", 8)
    u = ChatUser()
    u.say("一万网络 8卡 a100 80g 一个月多少")
    assert f"{low:,}" in u.text and f"{high:,}" in u.text, u.text
    assert "预估价" in u.text and "官网明示" not in u.text, u.text


def test_single_price_has_no_band_note() -> None:
    u = ChatUser()
    u.say("一万网络 a100 40g 月付多少")
    assert "2,800" in u.text and "区间价" not in u.text, u.text
