"""Issue 18 item 2 (blind set 8, class F): a message with two questions gets both answers, and a
question about the figure just priced is answered against it. Figures from the seeds: 一万网络 A100
40G ¥2,800/month, 20% off (8 折) for a prepaid year, 8×A100 80G estimated at ¥25,000–40,000/month
and 8×H100 at a published ¥80,000–120,000/month (seed 003); gpuli RTX 4090 ₮109/week, MI300X
₮1,699/month (seed 000); CloudGPU RTX 4090 $0.33/h (seed 002)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import ChatUser


def _talk(*turns: str) -> ChatUser:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me


PRICES = [("一万网络 A100 40G 月付多少", "¥2,800"), ("gpuli MI300X 包月多少", "₮1,699"),
          ("how much is an MI300X per month at gpuli", "₮1,699")]


@settings(max_examples=20, deadline=None)
@given(price=st.sampled_from(PRICES), sep=st.sampled_from([", ", "，", ","]), mark=st.sampled_from(["?", "？", ""]))
def test_a_comma_between_a_price_and_a_faq_question_is_two_questions(price: tuple[str, str], sep: str, mark: str) -> None:
    text = f"{price[0]}{sep}年付打几折{mark}"
    parsed = parse(text)
    assert [p.intent for p in parsed.parts] == ["price", "faq"], text
    me = _talk(text)
    assert price[1] in me.text and ("8 折" in me.text or "20%" in me.text)


@pytest.mark.parametrize("text", [
    "32b 全参，8 卡 h100，一个月多少钱",
    "8xH100 for a month, in USD please",
    "inference only: a 7B in fp16, how much VRAM?",
    "七十亿参数的模型做 LoRA，一张3090够吗",
    "预算 2000 元，然后lora，qwen3 8b，1万条，够吗",
    "32b qlora vs lora, how much difference?",
])
def test_a_comma_inside_one_question_does_not_split_it(text: str) -> None:
    assert parse(text).parts == []


def test_a_faq_clause_asks_about_the_card_and_provider_before_it() -> None:
    parts = parse("How much is an MI300X per month at gpuli, and does it have NVLink?").parts
    assert [(p.intent, p.rental.gpu, p.rental.provider) for p in parts] == [
        ("price", "mi300x", "gpuli"), ("faq", "mi300x", "gpuli")]


@pytest.mark.parametrize(("text", "card", "price"), [
    ("7b qlora 一张4090够吗？gpuli weekly 多少钱？", "RTX 4090", "₮109"),
    ("does 8b qlora fit one 4090? what's it cost at cloudgpu for 10 hours?", "RTX 4090", "$3.30"),
    ("14b qlora 一张 a6000 装得下吗？gpuli 包月多少钱？", "RTX A6000", "₮389"),
])
def test_a_fit_and_a_cost_in_one_message_get_both(text: str, card: str, price: str) -> None:
    me = _talk(text)
    assert me.last is not None and me.last.kind == "sizing"
    assert card in me.lines[0] and any(w in me.lines[0] for w in ("✅", "装得下", "fits", "Fits"))
    assert any(r.kind == "cost" for r in me.last.also)
    assert price in me.text


@pytest.mark.parametrize(("price", "ask", "kind", "high"), [
    ("At 一万网络, what's the price for an 8x A100 80G box?", "is that the lowest it could be or the highest?", "estimate", "¥40,000"),
    ("一万网络 8卡 a100 80g 包月", "这是估的吗", "estimate", "¥40,000"),
    ("一万网络 8卡 h100 包月多少", "这是最低还是最高", "published", "¥120,000"),
    ("8x h100 at 一万网络 monthly?", "is that a firm price?", "published", "¥120,000"),
])
def test_a_question_about_a_band_says_what_it_is(price: str, ask: str, kind: str, high: str) -> None:
    me = _talk(price, ask)
    lead = me.lines[0]
    assert high in lead and "一万网络" in lead
    words = {"estimate": ("预估", "estimate"), "published": ("官方页面", "official page")}[kind]
    assert any(w in lead for w in words), lead
    assert any(w in lead for w in ("咨询", "确认报价", "quote"))


def test_a_question_about_a_fixed_price_says_it_is_no_band() -> None:
    me = _talk("cloudgpu 4090 多少钱", "这是估的吗")
    assert "$0.33" in me.lines[0] and "确定价" in me.lines[0]


@pytest.mark.parametrize(("first", "ask", "converted"), [
    ("A100 80G 多少钱", "人民币多少", "₮899/月 ≈ ¥6,383"),
    ("32b full", "how much? ⏎ in CNY", "₮8,352/month ≈ ¥59,299"),
    ("14b lora", "看费用 ⏎ 人民币呢", "₮649/月 ≈ ¥4,608"),  # seed 000's card for 14B bf16 LoRA: one L40S, ₮649 a month
])
def test_a_currency_asked_of_a_price_listing_converts_each_price(first: str, ask: str, converted: str) -> None:
    me = _talk(first, *[a.strip() for a in ask.split("⏎")])
    assert converted in me.text


def test_a_price_term_after_a_comma_stays_with_the_price() -> None:
    assert parse("yiwan a100 40g for a year, repeat purchase").parts == []
