"""Price conversations at a provider (blind set 38): what a figure worked out here is when asked
whether it is official.

A yearly total at 一万网络's 8 × H100 is the official monthly band (¥80–120k) × 12 less the 15%
annual discount: a figure worked out here, not a quote the provider states (seed 003 calls the
yearly cost an estimate, to be confirmed by asking).
"""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("first, then, ask, words", [
    ("一万网络 h100 8卡 月付", "年付呢", "这个是官方价吗", ("不是官方", "推算", "¥816,000")),
    ("一万网络 8卡h100 包年多少", None, "这是官网价还是估的", ("不是官方", "推算", "15%")),
    ("yiwan 8x h100 monthly", "and yearly?", "is that the official price?", ("Not an official", "estimate", "¥816,000")),
    ("yiwan 8x h100 for a year", None, "is this price official or your estimate", ("Not an official", "15%", "¥1,224,000")),
])
def test_a_year_worked_out_from_a_published_month_band_is_no_official_quote(
        first: str, then: str | None, ask: str, words: tuple[str, ...]) -> None:
    turns = [first, *([then] if then else []), ask]
    lead = lead_lines(conversation(*turns), 1)
    assert all(w in lead for w in words), lead


@pytest.mark.parametrize("first, ask, words", [
    ("一万网络 8卡h100 月付", "这是官网价吗", ("官方页面给的价格区间", "¥120,000")),
    ("yiwan 8x h100 for a month", "is it the official price?", ("the official page gives", "¥120,000")),
])
def test_the_month_band_itself_is_still_the_published_one(first: str, ask: str, words: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(first, ask), 1)
    assert all(w in lead for w in words), lead


@pytest.mark.parametrize("first, then, figure", [
    ("8 卡 a100 80g 整机 月租多少", "一万网络", "¥25,000–40,000"),
    ("8卡 a100 80g 整机 一个月多少钱", "那一万网络呢", "¥25,000–40,000"),
    ("how much is a whole 8x a100 80g server per month", "yiwan?", "¥25,000–40,000"),
    ("whole 8x h100 machine, monthly price?", "and at yiwan", "¥80,000–120,000"),
])
def test_a_whole_machine_priced_then_a_provider_alone_is_its_price_there(first: str, then: str, figure: str) -> None:
    assert figure in lead_lines(conversation(first), 3)
    assert figure in lead_lines(conversation(first, then), 3)


@pytest.mark.parametrize("first, then, words", [
    ("8卡a100 80g 一万网络 月估多少", "年付 85 折 之后呢", ("¥255,000–408,000", "25–40 万")),
    ("一万网络 8卡a100 80g 一个月多少", "打完 85 折一年多少", ("¥255,000–408,000", "85 折")),
    ("一万网络 8卡h100 月付", "年付八五折以后一共多少", ("¥816,000–1,224,000",)),
    ("yiwan 8x a100 80g monthly estimate", "yearly after the 15% off?", ("¥255,000–408,000", "15% off")),
])
def test_the_year_with_its_discount_stated_is_that_rental_priced_not_the_discount_faq(
        first: str, then: str, words: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(first, then), 3)
    assert all(w in lead for w in words), lead


@pytest.mark.parametrize("first, then", [("8卡a100 80g 一万网络 月估多少", "年付有折扣吗"),
                                         ("yiwan 8x a100 80g monthly", "is there a yearly discount?")])
def test_whether_the_year_has_a_discount_is_still_the_faq(first: str, then: str) -> None:
    lead = lead_lines(conversation(first, then), 2)
    assert ("85 折" in lead or "15% off" in lead) and "¥255,000" not in lead, lead


@pytest.mark.parametrize("back", ["还是包月吧 加 128g 内存 一共多少", "还是月付吧，加128G内存多少", "算了按月，再加 128g 内存呢",
                                  "monthly after all, plus 128gb ram — total?"])
def test_a_term_changed_back_with_an_add_on_is_that_term_with_it(back: str) -> None:
    lead = lead_lines(conversation("一万网络 a100 40g 月付多少", "年付呢", back), 2)
    assert "¥3,400" in lead and "¥2,800" in lead and "¥600" in lead, lead


def test_an_add_on_with_no_term_keeps_the_term_just_priced() -> None:
    lead = lead_lines(conversation("一万网络 a100 40g 月付多少", "年付呢", "加 128g 内存 一共多少"), 2)
    assert "365" in lead and "¥3,400" not in lead, lead


@pytest.mark.parametrize("first, then, ask, lead_words", [
    ("cloudgpu 4090 48g 一小时", "a6000 呢", "哪个便宜", ("A6000 $0.44", "$0.65", "便宜 $0.21")),
    ("cloudgpu 4090 48g 一小时", "a6000 呢", "哪个更划算", ("A6000 $0.44", "便宜 $0.21")),
    ("cloudgpu a6000 一小时", "4090 48g 呢", "选哪张便宜", ("A6000 $0.44", "便宜 $0.21")),
    ("cloudgpu 4090 48g per hour", "and the a6000?", "which one is cheaper?", ("A6000 at $0.44/h", "$0.21 less")),
    ("cloudgpu a100 80g 8 hours", "what about a800?", "which is the better deal", ("A800 80GB PCIe at $8.72", "$3.20 less")),
])
def test_which_of_the_two_cards_just_priced_is_cheaper_leads_with_the_cheaper(
        first: str, then: str, ask: str, lead_words: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(first, then, ask), 1)
    assert all(w in lead for w in lead_words), lead


def test_the_difference_asked_keeps_the_card_just_priced_first() -> None:
    lead = lead_lines(conversation("cloudgpu a6000 一小时", "4090 48g 呢", "差多少"), 1)
    assert lead.index("4090") < lead.index("A6000") and "贵 $0.21" in lead, lead


@pytest.mark.parametrize("first, then, words", [
    ("a800 price for 3 hours at cloudgpu", "and 8", ("8 h", "$8.72")),
    ("cloudgpu a800 跑 3 小时多少", "那 8 呢", ("8 小时", "$8.72")),
    ("cloudgpu a800 跑 3 小时多少", "8?", ("8 小时", "$8.72")),
    ("gpuli 4090 2 周多少", "那 3 呢", ("21 天", "₮327")),
])
def test_a_bare_number_after_a_length_priced_is_that_many_of_its_unit(first: str, then: str, words: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(first, then), 2)
    assert all(w in lead for w in words), lead


@pytest.mark.parametrize("first, then, words", [
    ("gpuli 4x a100 sxm monthly", "and with eight?", ("8× A100", "₮8,352")),
    ("gpuli 4x a100 sxm monthly", "what about 8", ("8× A100", "₮8,352")),
    ("cloudgpu a800 跑 3 小时多少", "用 8 张呢", ("8 张",)),
])
def test_a_number_said_to_be_cards_or_after_a_count_is_the_count(first: str, then: str, words: tuple[str, ...]) -> None:
    lead = lead_lines(conversation(first, then), 2)
    assert all(w in lead for w in words), lead


@pytest.mark.parametrize("first, then, words", [
    ("budget 2k usd, cloudgpu a100 80g", "how many hours is that", ("$2,000", "1,342")),
    ("预算 2000 美元，cloudgpu a100 80g", "能跑多少小时", ("$2,000", "1,342")),
    ("我们预算 3w 人民币 一万网络 a100 40g", "能租几个月", ("¥30,000", "10 个月")),
])
def test_a_budget_stated_with_a_card_alone_is_what_it_rents_there(first: str, then: str, words: tuple[str, ...]) -> None:
    assert all(w in lead_lines(conversation(first), 1) for w in words)
    lead = lead_lines(conversation(first, then), 1)
    assert all(w in lead for w in words), lead
