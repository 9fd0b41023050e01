"""Blind set 26's classes, as behaviour: a full fine-tune's cost for a span or a deadline names seed 000's
own setup for the class and that span (32B: 8 × A100 SXM a month, ₮8,352; 8 × H100 by the week, ₮4,172)
right under the safe pick, with our figures against its card; a rental term named beside a deadline is how
the time is bought, not a run set against it; a currency asked in English ("in chinese yuan") leads the
cost; both rental units named far apart are both priced; a per-minute total shows its hourly rate; a
budget's answer lists nothing over it; a card one provider rents by one unit names the same-memory card
it rents by the other."""

from __future__ import annotations

import pytest

from tests.chat_user import conversation, lead_lines


@pytest.mark.parametrize(("text", "seed"), [
    ("a week of 32b full fine-tuning at gpuli, how much?", ["roomy setup, 8× H100 SXM", "₮4,172/week"]),
    ("32b 全参 在 gpuli 训一周 多少钱", ["宽裕配置 8×H100 SXM", "₮4,172/周"]),
    ("32b 全参 gpuli 租两周要多少", ["宽裕配置 8×H100 SXM", "共 ₮8,344"]),
    ("two weeks of full finetuning a 32b at gpuli, cost?", ["8× H100 SXM", "₮8,344"]),
    ("32b full finetune at gpuli for 30 days, price?", ["minimum, 8× A100 80GB SXM", "₮8,352/month"]),
    ("32b 全参 gpuli 包月多少", ["最低配置 8×A100 80GB SXM", "₮8,352/月"]),
])
def test_a_span_of_32b_full_names_the_seeds_setup_beside_the_safe_pick(text: str, seed: list[str]) -> None:
    """The pick ranks on the high end (issue 19): a month of 8 × H200 (₮19,752) is the safe one. Right under
    it stands the seed's own setup for the span asked (the roomy 8 × H100 by the week, ₮4,172; the 8 × A100
    minimum by the month, ₮8,352) with our expected and high figures, so where we differ the reader sees
    by how much (issue 18 item 4)."""
    reply = conversation(text)
    lead = lead_lines(reply, 2)
    assert "₮19,752" in lead.splitlines()[0], reply
    assert all(word in lead for word in seed), (text, reply)
    assert "77.4 GB" in lead and "80 GB" in lead, reply  # our most likely figure, of the 80 GB card
    if "H100" in seed[0]:  # the roomy row, which the seed calls roomy, says our high end too
        assert "89.7 GB" in lead, reply


@pytest.mark.parametrize("text", [
    "32b full ft at gpuli, has to be done by dec 8, weekly or monthly?",
    "32b 全参 gpuli，12月8号前要完成，按周还是按月租",
])
def test_a_deadline_for_32b_full_names_the_seeds_week(text: str) -> None:
    reply = conversation(text)
    assert "₮4,172" in lead_lines(reply, 4) and "89.7 GB" in reply, (text, reply)


@pytest.mark.parametrize(("first", "then"), [
    ("32b full ft, cheapest setup at gpuli?", "we need it by friday, can we rent by the week?"),
    ("32b 全参 gpuli 最便宜怎么配", "周五前要交，按周租行不行"),
])
def test_a_term_beside_a_deadline_is_not_the_run(first: str, then: str) -> None:
    reply = conversation(first, then)
    assert "₮4,172" in lead_lines(reply, 4), reply
    assert "168 h run" not in reply and "won't make it" not in reply and "来不及" not in reply


@pytest.mark.parametrize(("text", "lead"), [
    ("32b full finetune on 8x a100 sxm at gpuli for a month, what's that in chinese yuan?", "¥"),
    ("7b lora on a 4090 at gpuli for a week, how many yuan?", "¥"),
    ("14b qlora gpuli for a month, price in renminbi please", "¥"),
])
def test_a_currency_asked_in_english_leads_the_cost(text: str, lead: str) -> None:
    assert lead in lead_lines(conversation(text), 2), text


@pytest.mark.parametrize(("text", "prices"), [
    ("72b qlora at gpuli, monthly price? oh and the weekly one too", ["₮899", "₮269"]),
    ("32b qlora 用啥卡 gpuli 月租是多少钱呢，另外周租也说下", ["₮389", "₮115"]),
])
def test_both_units_named_apart_are_both_priced(text: str, prices: list[str]) -> None:
    reply = conversation(text)
    for price in prices:
        assert price in reply, (text, reply)


@pytest.mark.parametrize(("text", "rate"), [
    ("7b qlora for 3 days, cloudgpu or gpuli?", "$0.21/h"),
    ("8b qlora 要跑 3 天，cloudgpu 和 gpuli 哪个便宜", "$0.21/h"),
])
def test_a_per_minute_total_shows_its_hourly_rate(text: str, rate: str) -> None:
    reply = conversation(text)
    assert rate in reply and "$15.12" in reply, (text, reply)


@pytest.mark.parametrize("text", [
    "预算一万块 租一个月 7b lora 一万网络 推荐哪个",
    "budget is 10k yuan for a month, 7b lora at 一万网络, which setup?",
])
def test_a_budget_lists_nothing_over_it(text: str) -> None:
    reply = conversation(text)
    assert "¥2,800" in lead_lines(reply) and "80,000" not in reply and "25,000" not in reply, reply


@pytest.mark.parametrize(("text", "words"), [
    ("7b 全参 一张 a100 sxm，gpuli 租一周多少，租一个月呢", ["₮319", "₮899", "A100 80GB PCIe"]),
    ("gpuli a100 sxm 周租月租各多少", ["₮319", "₮899", "A100 80GB PCIe"]),
    ("a100 sxm at gpuli, weekly and monthly price?", ["₮319", "₮899", "A100 80GB PCIe"]),
])
def test_a_card_rented_by_one_unit_names_the_same_memory_card_by_the_other(text: str, words: list[str]) -> None:
    reply = conversation(text)
    for word in words:
        assert word in lead_lines(reply), (text, reply)
