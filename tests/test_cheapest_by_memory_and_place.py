"""Two price questions of nobody in particular or of one place, answered for what they ask.

- A card asked by its memory alone with no provider ("48G 的卡哪张最便宜", "which 48GB card is the cheapest?"):
  of every single card the providers rent with at least that much, the one whose month costs least leads, with
  its price at each provider (seed 002: RTX A6000 $0.44/h at CloudGPU; seed 000: ₮115 a week, ₮389 a month at
  gpuli), never a FAQ entry on cheap cards for a 7B. 80 GB: CloudGPU's A800 at $1.09/h (720 h ≈ $785) beats
  gpuli's A100 80GB PCIe at ₮899 a month.
- A place said after the question in English ("what's the H100 price at 一万网络?"): where it is asked, not a
  second, service question, so the provider named leads (seed 003: 8×H100 ¥80,000–120,000 a month)."""

from __future__ import annotations

import pytest

from tests.chat_user import first_lines, said


@pytest.mark.parametrize("text", ["48G 的卡哪張最便宜", "哪张 48G 的卡最便宜", "最便宜的 48g 卡是哪张",
                                  "which 48GB card is the cheapest?", "cheapest 48 GB gpu?", "what's the cheapest 48G card"])
def test_cheapest_card_of_a_memory_leads_with_it(text: str) -> None:
    me = said(text)
    lead = first_lines(me, 1)
    assert "A6000" in lead and "$0.44" in lead and "₮389" in lead, me.text
    assert "7B" not in me.text, me.text


@pytest.mark.parametrize(("text", "card", "price"), [("最便宜的 80G 卡", "A800", "$1.09"),
                                                      ("cheapest 24GB card?", "3090", "$0.21")])
def test_the_month_compared_across_currencies(text: str, card: str, price: str) -> None:
    lead = first_lines(said(text), 1)
    assert card in lead and price in lead, lead


@pytest.mark.parametrize("text", ["48G 够吗", "is 48GB enough?"])
def test_a_fit_of_a_memory_is_no_cheapest_card(text: str) -> None:
    assert "最便宜的是" not in said(text).text and "The cheapest card with" not in said(text).text


@pytest.mark.parametrize("text", ["what's the H100 price at 一万网络?", "how much is H100 at 一万网络?",
                                  "what is the h100 price at yiwan?"])
def test_a_place_after_the_question_is_where_it_is_asked(text: str) -> None:
    me = said(text)
    assert "80,000–120,000" in first_lines(me, 2), me.text
    assert "published and which are only estimates" not in me.text, me.text


def test_a_service_question_after_a_price_still_answered() -> None:
    me = said("cloudgpu 4090 多少一小时 支持支付宝吗")
    assert "$0.33" in me.text and "支付宝" in me.text, me.text
