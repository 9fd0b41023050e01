"""A span priced under each provider's billing rule (blind set 45): each unit's price asked beside the span to run
("gpuli 4090 一周多少 一个月多少 要跑三周哪个划算") weighs that span by the week and by the month; "那要买几周" after
a span's price gives the cycles bought (10 days at gpuli: 2 weeks × ₮109 = ₮218); a card class by memory asked for a
span at a provider ("24G 卡跑一周多少钱" then "CloudGPU") lists those cards' totals for it (168 h × $0.21 = $35.28,
× $0.33 = $55.44). Catalog prices: gpuli 4090 ₮109 a week, ₮369 a month; A6000 ₮115 / ₮389."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("text", "needles"), [
    ("gpuli 4090 一周多少 一个月多少 要跑三周哪个划算", ("₮327", "₮369")),
    ("gpuli 4090: weekly price, monthly price, and for a 3-week run which is cheaper?", ("₮327", "₮369")),
    ("gpuli a6000 一个月多少 一周多少 跑三周哪个划算", ("₮345", "₮389")),
    ("how much is gpuli's a6000 for a week and for a month, which is cheaper for a 3 week run", ("₮345", "₮389")),
    ("gpuli a6000 for a week vs a month, we run 3 weeks, which is cheaper", ("₮345", "₮389")),
])
def test_each_units_price_asked_beside_a_span_weighs_that_span_both_ways(text: str, needles: tuple[str, ...]) -> None:
    reply = conversation(text)
    assert all(n in lead_lines(reply, 3) for n in needles), reply


@pytest.mark.parametrize(("turns", "needle"), [
    (("gpuli 4090 包周多少", "跑10天呢", "那要买几周"), "₮218"),
    (("gpuli a6000 for 10 days", "how many weeks do I need to buy?"), "₮230"),
    (("gpuli 4090 跑 40 天", "得买几个月"), "₮587"),  # a month and two weeks: ₮369 + 2 × ₮109
])
def test_how_many_cycles_to_buy_after_a_span_is_priced_gives_those_cycles(turns: tuple[str, ...], needle: str) -> None:
    text = conversation(*turns)
    assert needle in lead_lines(text, 3) and "我管的是" not in text, text


@pytest.mark.parametrize(("turns", "needles"), [
    (("CloudGPU 24G 卡跑一周多少钱",), ("$35.28", "$55.44")),
    (("what does a 24GB card cost for a week at cloudgpu",), ("$35.28", "$55.44")),
    (("24G 卡跑一周多少钱", "CloudGPU"), ("$35.28", "$55.44")),
    (("how much is a 48GB card for three days", "at cloudgpu?"), ("$31.68", "$46.80")),  # 72 h × $0.44, × $0.65
])
def test_a_card_class_for_a_span_at_a_provider_lists_each_cards_total(turns: tuple[str, ...], needles: tuple[str, ...]) -> None:
    text = conversation(*turns)
    assert all(n in lead_lines(text, 3) for n in needles), text


@pytest.mark.parametrize("turns", [
    ("CloudGPU A100 80G 一小时多少", "一天呢", "跑到周五 还有三天 一共多少"),
    ("cloudgpu a100 80g hourly", "we have three days left until friday, total cost?"),
    ("CloudGPU A100 80G 按小时多少", "还有三天 一共多少"),
])
def test_days_left_with_a_total_asked_are_the_span_priced(turns: tuple[str, ...]) -> None:
    text = conversation(*turns)
    # 72 h × $1.49 = $107.28: the days left are the run, no deadline to check
    assert "$107.28" in lead_lines(text, 3) and "来得及" not in text, text
