"""Blind set 33's money-word class, as behaviour: a budget asked with rental add-ons (16 cores, 128G of RAM at
一万网络) is divided into the card's month plus the add-ons' (seed 003: ¥2,800 + ¥400 = ¥3,200), and the add-ons
carry to a follow-up and a card change; an add-on sent after a month's price prices that rental with it (not
the FAQ entry) and stays through a card change; a currency asked inside a cost question ("要人民币", "RMB
please") shows the yuan figure beside the provider's own; a budget weighed against a price band names the
band and that it was weighed on its high end (seed 003: 8×H100 at ¥8–12 万 a month)."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("turns", "figures"), [
    (["预算5000块 一万网络 a100 40g 加16核 能租几个月"], ["1 个月", "¥3,200", "剩 ¥1,800"]),
    (["一万网络 a100 40g 加个16核cpu，5000块能租多久"], ["1 个月", "¥3,200", "剩 ¥1,800"]),
    (["budget 5000 rmb, 一万网络 a100 40g with 16 cores and 128GB RAM, how many months?"],
     ["1 month", "¥3,800", "¥1,200 left"]),
    (["预算5000块 一万网络 a100 40g 能租几个月", "加16核呢"], ["1 个月", "¥3,200", "剩 ¥1,800"]),
    (["预算5000块 一万网络 a100 40g 能租几个月", "加16核呢", "换3090 呢"], ["2 个月", "¥2,150", "剩 ¥700"]),
    (["how long does ¥5000 rent an a100 40g at 一万网络", "with 16 cores", "and a 3090?"],
     ["2 months", "¥2,150", "¥700 left"]),
])
def test_a_budget_with_add_ons_counts_each_month_with_them(turns: list[str], figures: list[str]) -> None:
    """¥5,000 at ¥2,800 + ¥400 a month is one month with ¥1,800 left (not ¥2,200, the card alone); the 3090
    with 16 cores is ¥1,750 + ¥400 = ¥2,150, two months with ¥700 left."""
    reply = conversation(*turns)
    lead = lead_lines(reply, 4)
    assert all(f in lead for f in figures), reply


@pytest.mark.parametrize("text", ["预算十万 一万网络 8卡h100 加16核 能租多久", "¥100k at 一万网络, 8x h100 with 16 cores, how long?"])
def test_an_add_on_not_sold_with_the_box_is_said(text: str) -> None:
    """The 16-core upgrade is sold with the single-card servers only: the 8×H100 box is counted alone."""
    reply = conversation(text)
    assert "¥120,000" in reply and ("不适用" in reply or "does not sell" in reply), reply


@pytest.mark.parametrize(("turns", "total"), [
    (["一万网络 3090 包月", "加内存128g"], "¥2,350"),
    (["一万网络 3090 包月", "再加128G内存"], "¥2,350"),
    (["yiwan 3090 monthly", "add 128GB RAM"], "¥2,350"),
    (["一万网络 3090 包月", "加内存128g", "换成 a100 40g"], "¥3,400"),
    (["3090 at 一万网络 for a month", "plus 128g ram", "what about an a100 40g"], "¥3,400"),
    (["一万网络 a100 40g 包月", "内存升到128G"], "¥3,400"),
])
def test_an_add_on_after_a_month_price_reprices_it(turns: list[str], total: str) -> None:
    """¥1,750 + ¥600 for the 3090 with 128G, ¥2,800 + ¥600 for the A100 40G: the add-on stays with the turn."""
    reply = conversation(*turns)
    assert total in lead_lines(reply, 3), reply


def test_whether_an_add_on_can_be_had_is_still_the_faq() -> None:
    reply = conversation("一万网络 3090 包月", "能加内存吗")
    assert "¥600" in reply and "¥2,350" not in reply, reply


@pytest.mark.parametrize("text", [
    "a6000 cloudgpu 3个小时 多少钱 要人民币",
    "cloudgpu a6000 三小时多少钱，给个人民币价",
    "3 hours of a6000 on cloudgpu, RMB please",
    "a6000 at cloudgpu for 3 hours, convert to CNY",
])
def test_a_currency_asked_inside_a_cost_question_is_shown(text: str) -> None:
    """$1.32 for 3 h at $0.44 an hour, about ¥9.37 at the catalog's rate (7.1), the rate said."""
    reply = conversation(text)
    lead = lead_lines(reply, 3)
    assert "$1.32" in lead and "¥9.37" in lead, reply
    assert "7.1" in reply, reply


@pytest.mark.parametrize(("text", "words"), [
    ("预算一万块 一万网络 h100 8卡 租得起吗", ["¥80,000–120,000", "高端"]),
    ("budget ¥10k, can I afford an 8x h100 at 一万网络?", ["¥80,000–120,000", "high end"]),
    ("预算3万 一万网络 8卡 a100 80g 够租吗", ["¥25,000–40,000", "预估"]),
    ("预算15万 一万网络 8卡h100 能租几个月", ["¥80,000–120,000", "高端"]),
])
def test_a_budget_against_a_band_names_the_band(text: str, words: list[str]) -> None:
    """The month of 8×H100 at 一万网络 is a band (¥80,000–120,000): the budget is weighed on its high end and
    the answer says so, never "¥120,000" as if it were the list price."""
    lead = lead_lines(conversation(text), 2)
    assert all(w in lead for w in words), lead
