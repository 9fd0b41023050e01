"""Blind set 18's classes, with phrasings of our own: a length said with a half in English words, a
second length asked in a comma-joined clause ("…一周多少，两周呢"), a second question after a price with
no mark between them ("… and 要不要另外付流量费"), an empty wallet said to be empty, and "够 <setup> 吗"
after a top-up weighed against the wallet. Figures from the seeds (CloudGPU A100 80G $1.49/h; gpuli
8×H100 ₮4,172 a week, ₮14,432 a month; gpuli 4×A100 ₮4,308 a month; egress ₮0, unmetered)."""

from __future__ import annotations

import pytest

from bot.understand import fields, normalize
from tests.chat_user import ChatUser, first_lines, said


@pytest.mark.parametrize(("text", "days", "hours"), [
    ("for a day and a half", 1.5, None),
    ("two and a half weeks", 17.5, None),
    ("3 days and a half", 3.5, None),
    ("one month and a half", 45.0, None),
    ("an hour and a half", None, 1.5),
    ("一天半", 1.5, None),
    ("两天半", 2.5, None),
    ("half a day", 0.5, None),
])
def test_a_length_with_a_half_is_read_whole(text: str, days: float | None, hours: float | None) -> None:
    assert fields.duration(normalize.normalize(text)) == (days, hours)


@pytest.mark.parametrize(("text", "total"), [
    ("cloudgpu a100 80g for a day and a half, what's the cost", "$53.64"),  # 36 h × $1.49
    ("price of an a100 80g at cloudgpu for two and a half days", "$89.40"),  # 60 h
    ("cloudgpu a100 80g 一天半多少钱", "$53.64"),
    ("cloudgpu 上 a100 80g 租两天半要多少", "$89.40"),
])
def test_a_length_with_a_half_is_priced_for_that_length(text: str, total: str) -> None:
    assert total in first_lines(said(text))


@pytest.mark.parametrize("text", [
    "gpuli 8卡h100 租一周多少钱，那两周呢",
    "8张h100 一周什么价，两周的呢",
    "what does 8x h100 cost for a week, what about two weeks",
    "gpuli 8x h100 one week price, and for 2 weeks",
])
def test_a_second_length_in_a_comma_clause_is_priced_too(text: str) -> None:
    me = said(text)
    assert "4,172" in me.text and "8,344" in me.text  # one week, then 2 × ₮4,172


@pytest.mark.parametrize("text", [
    "gpuli 8卡h100 一个月多少 and 要不要另外付流量费",
    "8卡h100包月什么价 另外收不收流量费",
    "8x h100 monthly price at gpuli and 流量另外收钱吗",
])
def test_a_second_question_after_a_price_is_answered_too(text: str) -> None:
    me = said(text)
    assert "14,432" in me.text and "₮0" in me.text and "不限量" in me.text


@pytest.mark.parametrize(("text", "empty"), [("钱包里现在有多少钱", "钱包是空的"), ("what's my wallet balance", "the wallet is empty")])
def test_an_empty_wallet_says_it_is_empty(text: str, empty: str) -> None:
    assert empty in first_lines(said(text))


@pytest.mark.parametrize(("top_up", "ask", "verdict"), [
    ("记一笔充值 5000 usdt gpuli", "够 14b 全参 4卡a100 包月吗", "够。"),
    ("记一笔充值 1000 usdt gpuli", "钱够 14b 全参微调 4卡a100 一个月么", "不够"),
    ("record a top-up of 5000 usdt at gpuli", "enough for 14b full fine-tuning on 4 a100 for a month?", "enough."),
])
def test_enough_for_a_setup_after_a_top_up_leads_with_the_verdict(top_up: str, ask: str, verdict: str) -> None:
    me = ChatUser()
    me.say(top_up)
    me.say(ask)
    assert verdict in me.lines[0] and "4,308" in first_lines(me)


@pytest.mark.parametrize("turns", [
    ["一万网络 a100 40g 什么价", "那升级到 16 核 和 128G 内存 呢"],
    ["一万网络 a100 40g 加 16 核 和 128G 内存 多少钱"],
    ["yiwan a100 40g price", "and with 16 cores plus 128gb ram?"],
    ["how much is an a100 40g at yiwan with a 16 core cpu and 128g of ram"],
])
def test_monthly_upgrades_asked_with_no_length_give_the_months_total(turns: list[str]) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    lead = first_lines(me)
    assert "3,800" in lead and "2,800" in lead and "400" in lead and "600" in lead  # seed 003: ¥2800 + ¥400 + ¥600


@pytest.mark.parametrize("turns", [
    ["gpuli 8卡h100 一周什么价", "租两周呢", "那不如直接包月？"],
    ["gpuli 8卡h100 两周多少钱", "包月会不会更划算"],
    ["gpuli 8x h100 for two weeks, how much", "would a month be cheaper then?"],
    ["what's gpuli 8x h100 for 2 weeks", "isn't monthly better?"],
])
def test_the_other_unit_asked_against_a_priced_span_weighs_both(turns: list[str]) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    lead = first_lines(me)
    assert "8,344" in lead and "14,432" in lead  # 2 weeks × ₮4,172 against the month
