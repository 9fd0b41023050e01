"""A rental term with the currency wanted after it is one follow-up ("按月呢，人民币"), and "a week of
qlora" is a week's rental: both read as the user means them, never as an FAQ entry or a month."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import conversation, lead_lines

SIZING = "qwen3 8b qlora 4090 够吗"


@pytest.mark.parametrize("turn, currency, hours", [("按月呢，人民币", "¥", 720), ("按周呢，人民币多少", "¥", 168),
                                                   ("月付呢 要多少美元", "$", 720), ("包月呢、rmb", "¥", 720)])
def test_a_term_and_a_currency_after_a_sizing_price_the_job_on_that_term(turn: str, currency: str, hours: int) -> None:
    lead = lead_lines(conversation(SIZING, turn), 3)
    assert lead.startswith("💰") and "RTX 4090" in lead
    assert f"{hours} 小时" in lead and currency in lead
    assert "是什么货币" not in lead


def test_the_currency_is_shown_beside_each_price() -> None:
    lead = lead_lines(conversation(SIZING, "按月呢，人民币"), 3)
    assert "$237.60 ≈ ¥1,687" in lead  # 720 h × $0.33 at the catalog's 7.1 reference rate


@pytest.mark.parametrize("text, days", [("how much for a week of qlora on a 4090, 7b", 7),
                                        ("a month of training 7b full on h100 how much", 30),
                                        ("cost of two weeks of 7b lora on an a6000", 14)])
def test_a_span_of_training_is_the_rental_length(text: str, days: int) -> None:
    parsed = parse(text)
    assert parsed.intent == "cost" and parsed.rental.duration_days == days


def test_the_week_of_a_date_is_not_a_rental_length() -> None:
    assert parse("the week of dec 14 we need 7b lora on a 4090").rental.duration_days is None



@pytest.mark.parametrize("first, turn, figure", [
    # CloudGPU RTX A6000 $0.44/h: 720 h is $316.80, ≈ ¥2,249 at the catalog's 7.1
    ("RTX A6000 在 CloudGPU 每小时多少钱", "那人民币一个月大概要多少", "¥2,249"),
    ("RTX A6000 在 CloudGPU 每小时多少钱", "美元每月多少", "$316.80"),
    # gpuli MI300X ₮1,699 a month ≈ ¥12,063
    ("how much is an MI300X per month?", "can you convert that into RMB", "¥12,063"),
    # a week of a 4090: CloudGPU 168 h × $0.33 = $55.44 ≈ ¥394
    ("4090 租一周多少", "我们公司平时记港币，你照人民币报就行", "¥394"),
])
def test_a_currency_asked_after_a_price_leads_in_that_currency(first: str, turn: str, figure: str) -> None:
    lead = lead_lines(conversation(first, turn), 3)
    assert figure in lead, lead
    assert "是什么货币" not in lead and "estimates" not in lead


@pytest.mark.parametrize("text", ["用人民币付款可以吗", "照美元付可以吗"])
def test_paying_in_a_currency_is_not_showing_prices_in_it(text: str) -> None:
    assert parse(text).price.display_currency is None
