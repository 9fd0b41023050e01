"""A price follow-up keeps what the conversation already said (the card, count, provider, term, currency and the
job sized before) and changes only what it names; the answer leads with the figure asked. Phrasings of our own,
in both languages, on other cards, providers and terms than the blind sets'."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("ask", ["多少钱", "多少", "那多少钱呀", "费用呢", "how much", "price?", "what's the price",
                                 "how much is it"])
def test_a_bare_amount_asked_after_a_card_keeps_that_card_for_the_next_span(ask: str) -> None:
    # the card's prices again, never the InfiniBand or price-list FAQ entry; then two months of it: 2 × ¥2,800
    middle = lead_lines(conversation("一万网络 a100 40g", ask), 3)
    assert "¥2,800" in middle and "InfiniBand" not in middle
    lead = lead_lines(conversation("一万网络 a100 40g", ask, "包两个月呢"), 3)
    assert "¥5,600" in lead


@pytest.mark.parametrize("ask", ["多少", "how much?", "总共多少", "price pls"])
def test_a_bare_amount_asked_after_a_span_prices_that_span_again(ask: str) -> None:
    # gpuli L40S: 2 weeks × ₮189 = ₮378 (seed 000)
    lead = lead_lines(conversation("gpuli l40s", "两周", ask), 3)
    assert "₮378" in lead


@pytest.mark.parametrize("first, ask, figure", [
    ("一万网络 3090 包两个月", "人民币吧?", "¥3,500"),        # 2 × ¥1,750
    ("cloudgpu a6000 跑 36 小时", "算人民币", "¥112"),      # 36 h × $0.44 = $15.84 ≈ ¥112
    ("gpuli 4090 three weeks", "rmb pls", "¥2,322"),       # 3 × ₮109 = ₮327 ≈ ¥2,322
    ("gpuli 4090 three weeks", "in usd?", "$327"),
])
def test_a_currency_said_alone_keeps_the_span_priced(first: str, ask: str, figure: str) -> None:
    lead = lead_lines(conversation(first, ask), 3)
    assert figure in lead
    assert "是什么货币" not in lead and "What currency" not in lead


def test_the_yearly_term_stays_when_the_currency_is_asked_next() -> None:
    lead = lead_lines(conversation("一万网络 3090", "年付多少", "rmb吧"), 3)
    assert "365" in lead and "¥16,800" in lead  # ¥1,750 × 12 at the yearly 20% off (seed 000)


@pytest.mark.parametrize("ask", ["每卡每小时多少", "折合每张卡每小时多少钱", "how much per gpu hour", "per card-hour?"])
def test_a_rate_per_card_hour_asked_of_a_rental_leads(ask: str) -> None:
    # gpuli 4×A100 80GB SXM a month: ₮4,308 / (4 × 720 h) ≈ ₮1.50
    lead = lead_lines(conversation("gpuli 4x a100 80g 包月", ask), 2)
    assert lead.startswith("⏱") and "₮1.50" in lead and "720" in lead


@pytest.mark.parametrize("faq, setup, figure", [
    ("gpuli 能按小时租吗", "4卡h100的话", "₮7,444"),
    ("can I rent by the hour at gpuli", "8x a100 then?", "₮8,352"),
])
def test_a_card_with_its_count_after_a_billing_question_is_priced_there(faq: str, setup: str, figure: str) -> None:
    lead = lead_lines(conversation(faq, setup), 3)
    assert lead.startswith("💰") and figure in lead


@pytest.mark.parametrize("setup", ["8卡h100的话", "两张 a100 呢", "4 h100s?"])
def test_a_card_and_its_count_in_a_frame_is_read_as_the_setup(setup: str) -> None:
    assert parse(setup).cues.beside_cards.counted


@pytest.mark.parametrize("text", ["8卡h100 有nvlink吗", "8卡h100的话 能退款吗", "那 4090 跑 3 天"])
def test_a_card_with_words_of_its_own_is_no_bare_setup(text: str) -> None:
    assert not parse(text).cues.beside_cards.counted


@pytest.mark.parametrize("sized, priced, run, hours", [
    ("32b 全参 要啥配置", "8卡h100 一个月多少", "训一次要多久 2000万token 3个epoch", "1.5 小时"),
    ("7b full ft", "8x a100 80g monthly at gpuli", "how long would 100M tokens take", "1.5 h"),
])
def test_the_job_sized_before_a_price_is_timed_on_the_setup_priced(sized: str, priced: str, run: str, hours: str) -> None:
    lead = lead_lines(conversation(sized, priced, run), 2)
    assert lead.startswith("⏱") and hours in lead


def test_the_card_named_leads_its_setup_prices_before_other_providers_cards() -> None:
    # 7B full, "one h200 enough?", then the month: gpuli's H200 ₮2,599 leads, not CloudGPU's cheaper A6000
    lines = lead_lines(conversation("7b full ft", "one h200 enough?", "monthly cost"), 2).splitlines()
    assert "H200" in lines[1] and "₮2,599" in lines[1]
    lines = lead_lines(conversation("7b 全参", "一张 h200 够吗", "包月多少"), 2).splitlines()
    assert "H200" in lines[1] and "₮2,599" in lines[1]


@pytest.mark.parametrize("text", ["多少张", "充值多少钱", "多少 token", "嗯", "年付有折扣吗"])
def test_words_of_their_own_are_no_bare_amount(text: str) -> None:
    assert not parse(text).cues.amount_only


@pytest.mark.parametrize("turns, figure, setup", [
    (("14b 全参 a100 80g", "要几张", "一个月多少"), "₮4,308", "4×A100"),
    (("14b full on a100 80g", "how many cards", "monthly?"), "₮4,308", "4× A100"),
    (("14b 全参 h100", "要几张", "包月呢"), "₮7,444", "4×H100"),
])
def test_the_count_the_answer_gave_is_the_one_priced_next(turns: tuple[str, ...], figure: str, setup: str) -> None:
    lines = lead_lines(conversation(*turns), 2).splitlines()
    assert setup in lines[0] and figure in lines[1]  # the cards counted lead, not one card that does not hold the job


@pytest.mark.parametrize("turns, figure", [
    (("14b lora 4090", "zero3是啥", "那包周呢"), "168"),                       # the job's week, not ZeRO again
    (("7b full ft", "what does offload mean", "and weekly?"), "₮269"),          # gpuli A100 80GB a week (seed 000)
    (("32b qlora", "梯度检查点是啥", "一个月多少"), "720"),
])
def test_a_term_defined_between_keeps_the_job_for_the_price_after(turns: tuple[str, ...], figure: str) -> None:
    middle = lead_lines(conversation(*turns[:2]), 1)
    assert "?" in middle or "？" in middle  # the definition itself, not the job sized again with that setting
    # five lines: where the card named (the 4090) misses the job, seed 000's card for it (L40S) is named above the rows
    lead = lead_lines(conversation(*turns), 5)
    assert lead.startswith("💰") and figure in lead
