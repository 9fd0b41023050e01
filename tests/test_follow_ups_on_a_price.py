"""A short follow-up to a price is answered against that price (issue 18): a length after an hourly price, add-ons
totalled after a bare card price, a yearly term with its discount after a month's price, which currency a price is
in, and the difference between the last two cards priced. Seeds 002 (CloudGPU) and 003 (一万网络)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize("text, gpu, provider", [
    ("cloudgpu 4090 每小时", "rtx-4090", "cloudgpu"), ("a6000 on cloudgpu", "rtx-a6000", "cloudgpu"),
    ("一万网络 a100 40g", "a100-40g-sxm", "yiwan"), ("h100 at gpuli?", "h100-sxm", "gpuli"),
    ("gpuli 的 h100", "h100-sxm", "gpuli"), ("4090 每小时多少", "rtx-4090", None)])
def test_a_card_at_a_provider_or_per_hour_is_its_price(text: str, gpu: str, provider: str | None) -> None:
    parsed = parse(text)
    assert parsed.intent == "price" and parsed.request.gpu == gpu and parsed.rental.provider == provider


def test_a_question_about_the_card_there_stays_the_faqs() -> None:
    assert parse("gpuli h100 有 nvlink 吗").intent == "faq"


@pytest.mark.parametrize("first, then, figure", [
    ("cloudgpu 4090 每小时", "跑 8 小时呢", "$2.64"), ("a6000 on cloudgpu", "8 hours?", "$3.52"),
    ("4090 at cloudgpu per hour", "run it for 8 hours?", "$2.64"), ("cloudgpu 的 a6000", "要是跑 8 个小时呢", "$3.52")])
def test_a_length_after_an_hourly_price_prices_that_card_for_it(first: str, then: str, figure: str) -> None:
    lead = lead_lines(conversation(first, then), 3)
    assert figure in lead  # 8 h × $0.33 (4090), 8 h × $0.44 (A6000) at CloudGPU


@pytest.mark.parametrize("first, then, total", [
    ("一万网络 a100 40g", "加 cpu 16 核 和 128g 内存 包月一共", "¥3,800"),
    ("yiwan a100 40g", "add 16 cores and 128gb ram, monthly total?", "¥3,800"),
    ("一万网络的 a100 40g", "再加 128g 内存 一个月总共多少", "¥3,400")])
def test_add_ons_after_a_bare_card_price_are_totalled_with_the_card(first: str, then: str, total: str) -> None:
    lead = lead_lines(conversation(first, then), 3)
    assert total in lead and "¥2,800" in lead  # ¥2,800 + ¥400 CPU + ¥600 RAM a month


@pytest.mark.parametrize("first, then", [
    ("8卡 h100 一万网络 月付", "年付85折的话一年多少"), ("一万网络 8卡 h100 包月", "按年付打85折一年要多少"),
    ("8x h100 at yiwan monthly", "and yearly with the 15% discount?"), ("8卡 h100 一万网络 月付", "年付折后多少")])
def test_a_year_with_its_discount_after_a_months_price_prices_the_year(first: str, then: str) -> None:
    lead = lead_lines(conversation(first, then), 3)
    assert "¥816,000–1,224,000" in lead  # ¥80–120k a month × 12 at 85% (seed 003)
    assert "85 折" in lead or "15% off" in lead  # the discount used is stated


def test_a_discount_asked_without_a_rate_stays_the_faqs() -> None:
    assert "折扣" in lead_lines(conversation("8卡 h100 一万网络 月付", "年付有折扣吗"), 1)


@pytest.mark.parametrize("first, then, said", [
    ("一万网络 a100 40g 月付", "人民币还是美元", "按人民币（CNY）计价"),
    ("一万网络 a100 40g 月付", "is that USD or RMB?", "bills in Chinese yuan (CNY)"),
    ("一万网络 a100 40g 月付", "用什么货币结算的", "按人民币（CNY）计价"),
    ("cloudgpu 4090 8 hours", "which currency is that?", "bills in US dollars (USD)"),
    ("gpuli 4090 包月", "这是美元还是 U", "按泰达币（USDT）计价")])
def test_the_currency_asked_of_a_price_is_the_one_it_is_billed_in(first: str, then: str, said: str) -> None:
    lead = lead_lines(conversation(first, then), 2)
    assert said in lead and "₮ 是什么货币" not in lead
    figure = {"一万网络": "¥2,800", "cloudgpu": "$2.64", "gpuli": "₮369"}[first.split()[0]]
    assert figure in lead


def test_a_currency_conversion_is_still_a_conversion() -> None:
    assert "💱" not in conversation("一万网络 a100 40g 月付", "人民币多少")


@pytest.mark.parametrize("turns, line", [
    (("cloudgpu 4090 多少钱一小时", "3090 呢", "8 小时差多少"), "$1.68，比 1×RTX 4090 $2.64 便宜 $0.96"),
    (("4090 on cloudgpu, hourly?", "what about the 3090", "difference for 8 hours?"), "$1.68 costs $0.96 less"),
    (("cloudgpu a6000 每小时多少", "换 4090 呢", "跑 10 小时两个差多少钱"), "$3.30，比 1×RTX A6000 $4.40 便宜 $1.10")])
def test_the_difference_of_the_last_two_cards_priced_leads(turns: tuple[str, ...], line: str) -> None:
    assert line in lead_lines(conversation(*turns), 1)
