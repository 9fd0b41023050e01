"""Planning and a price in one message. A fit asked beside a term's price, with a deadline but no data: the
fit's verdict leads and the term asked is priced (the run's length is unknown, so the deadline judges
nothing and a week asked is no week of training). A service question then a price of its own ("gpuli 能按
小时租吗 不能的话 2 天的任务 4090 怎么买最便宜"): the service's answer (no hourly rental at gpuli) first, then
the price. Prices from the seeds (000, 002) through catalogs/providers."""

from __future__ import annotations

import pytest

from tests.chat_user import first_lines, said


@pytest.mark.parametrize(("text", "verdict", "price"), [
    ("我们周四要交 现在 32b qlora 用 a6000 够吗 gpuli 一周多少", "✅", "₮115"),
    ("周五前要出结果 14b qlora 4090 行不行 gpuli 一周多少钱", "4090", "₮109"),
    ("下周一交付 7b qlora 用 4090 够不够 gpuli 包周多少", "✅", "₮109"),
])
def test_the_fit_leads_and_the_term_is_priced(text: str, verdict: str, price: str) -> None:
    me = said(text)
    assert verdict in me.lines[0] and ("装得下" in me.lines[0] or "偏紧" in me.lines[0]), me.text
    assert price in me.text and "来不及" not in me.text, me.text


@pytest.mark.parametrize(("text", "no", "price"), [
    ("gpuli 能按小时租吗 不能的话 2 天的任务 4090 怎么买最便宜", "不能按小时", "$15.84"),
    ("gpuli 可以按小时租吗 不行的话 3 天 a100 怎么租最省", "不能按小时", "3 天"),
    ("can I rent hourly at gpuli? if not, what's the cheapest way to get a 4090 for 2 days", "no hourly", "$15.84"),
])
def test_a_service_question_then_its_price(text: str, no: str, price: str) -> None:
    me = said(text)
    assert no in first_lines(me, 3), me.text
    assert price in me.text, me.text


@pytest.mark.parametrize(("text", "price"), [
    ("lora 14b bf16 on one L40S at gpuli, fits? monthly?", "₮649"),
    ("14b lora 一张 L40S gpuli 够吗？月租呢", "₮649"),
    ("32b qlora on one a6000 at gpuli — enough? weekly?", "₮115"),
    ("7b qlora 一张 4090 gpuli 够不够？周租呢", "₮109"),
])
def test_a_bare_term_after_a_fit_is_that_cards_price_in_one_line(text: str, price: str) -> None:
    """"fits? monthly?": the second question is the card's term at the provider named, answered in a line after the fit
    (seed 000: L40S ₮649 a month, A6000 ₮115 a week, 4090 ₮109 a week), never the provider's whole price list."""
    me = said(text)
    assert me.lines[0].startswith("✅"), me.text
    assert price in me.lines[-1] and me.lines[-1].startswith("💰"), me.text
    assert len(me.lines) <= 12 and "MI300X" not in me.text, me.text
