"""A rental multiplied by the people or runs that each take one (issue 18): "three of us, one 4090 each",
"5 个同事 每人一张", "10 个实验 每个跑 3 小时", "3 runs of 8 hours each", said in one message or as a follow-up
("4 个人呢", "5 people then"), read once into `cues.instances`; the total for all of them leads. Prices of the
tree's catalog: gpuli RTX 4090 ₮109 a week, ₮369 a month, L40S ₮189 a week, RTX 5090 ₮499 a month;
CloudGPU RTX 3090 $0.21 an hour, RTX 4090 $0.33, A100 80GB $1.49, billed by the minute."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import first_lines, said


@pytest.mark.parametrize(("text", "n"), [
    ("three of us each on a 4090 at gpuli for a month, total?", 3),
    ("5 people each need a 3090 at cloudgpu for 8 hours", 5),
    ("team of 4, one 4090 per person at gpuli, weekly total", 4),
    ("4 个同事 gpuli 4090 各一张 包月 一共多少", 4),
    ("gpuli 4090 包周 两个人各一台", 2),
    ("3 个人 每人 gpuli 4090 包月", 3),
    ("cloudgpu 3090 6 次实验 每次 4 小时", 6),
    ("8 个实验 每个 cloudgpu 4090 跑 2 小时 总共多少", 8),
    ("4 runs of 5 hours each on a cloudgpu 3090, total?", 4),
    ("gpuli l40s 一周 3 个人一人一套", 3),
])
def test_people_or_runs_each_taking_a_rental_are_the_multiplier(text: str, n: int) -> None:
    parsed = parse(text)
    assert parsed.cues.instances == n and parsed.request.num_gpus in (None, 1), (parsed.cues, parsed.request)


@pytest.mark.parametrize(("text", "total"), [
    ("three of us each on a 4090 at gpuli for a month, total?", "₮1,107"),
    ("5 people each need a 3090 at cloudgpu for 8 hours", "$8.40"),
    ("4 个同事 gpuli 4090 各一张 包月 一共多少", "₮1,476"),
    ("gpuli 4090 包周 两个人各一台", "₮218"),
    ("cloudgpu 3090 6 次实验 每次 4 小时", "$5.04"),
    ("8 个实验 每个 cloudgpu 4090 跑 2 小时 总共多少", "$5.28"),
    ("4 runs of 5 hours each on a cloudgpu 3090, total?", "$4.20"),
])
def test_the_total_for_all_of_them_leads(text: str, total: str) -> None:
    assert total in first_lines(said(text), 1)


@pytest.mark.parametrize(("first", "then", "total"), [
    ("gpuli 4090 包周多少", "3 个人呢", "₮327"),
    ("gpuli 4090 weekly price?", "what about 5 people?", "₮545"),
    ("gpuli l40s 多少", "两个人各一张", "₮378"),
    ("cloudgpu 4090 跑 8 小时多少", "6 个人每人跑一次呢", "$15.84"),
])
def test_a_multiplier_said_as_a_follow_up_multiplies_the_last_rental(first: str, then: str, total: str) -> None:
    assert total in first_lines(said(first, then), 1)


def test_a_later_change_of_the_rental_keeps_the_multiplier() -> None:
    assert "₮1,845" in first_lines(said("gpuli 4090 weekly?", "5 people then", "and monthly?"), 1)
    assert "₮567" in first_lines(said("gpuli l40s 包月", "3 个人各一张", "换成包周呢"), 1)


@pytest.mark.parametrize("text", ["gpuli 4 张 4090 包月多少", "4 个人 合租一台 8 卡 h100 多少", "our team of 4 wants a 7b lora"])
def test_a_count_of_cards_or_people_sharing_one_machine_is_no_multiplier(text: str) -> None:
    assert parse(text).cues.instances is None


@pytest.mark.parametrize(("turns", "verdict", "total"), [
    (("预算 ₮2000 给 6 个人 每人一张 gpuli 4090 包月 够不够",), "不够", "₮2,214"),
    (("budget ₮1,000 for four of us, one 4090 each at gpuli for a month: enough?",), "not enough", "₮1,476"),
    (("3 people each on a 4090 at gpuli for a month", "budget 1200 usdt, enough?"), "enough", "₮1,107"),
    (("7b qlora cloudgpu 4090 跑 8 小时多少", "5 个人每人跑一次呢", "预算 10 刀够吗"), "不够", "$13.20"),
])
def test_a_budget_is_weighed_against_the_total_for_all_of_them(turns: tuple[str, ...], verdict: str, total: str) -> None:
    lead = first_lines(said(*turns), 1)
    assert verdict in lead and total in lead, lead
    assert ("不够" in lead) == (verdict == "不够") and ("not enough" in lead) == (verdict == "not enough"), lead


def test_a_job_priced_then_run_once_by_each_person_is_multiplied() -> None:
    lead = first_lines(said("7b qlora cloudgpu 4090 跑 8 小时多少", "4 个人每人跑一次呢"), 1)
    assert "$10.56" in lead and "4 × $2.64" in lead, lead


@pytest.mark.parametrize(("turns", "share"), [
    (("gpuli 8 卡 h100 包月多少 4 个组分摊 一组多少",), "₮3,608"),
    (("gpuli 8x h100 for a month, split between 4 of us, how much each?",), "₮3,608"),
    (("gpuli 8 卡 a100 包月", "我们 3 个人 平摊 一人多少"), "₮2,784"),
    (("gpuli 8x a100 monthly price", "split it 3 ways?"), "₮2,784"),
    (("cloudgpu 4090 跑 8 小时多少", "两个人 AA 呢"), "$1.32"),
])
def test_a_total_shared_out_leads_with_each_share(turns: tuple[str, ...], share: str) -> None:
    lead = first_lines(said(*turns), 1)
    assert share in lead and "÷" in lead, lead


@pytest.mark.parametrize("text", ["split it 3 ways", "3 个组分摊", "我们 4 个人 AA"])
def test_a_share_is_one_parsed_count_never_a_multiplier(text: str) -> None:
    cues = parse(text).cues
    assert cues.split in (3, 4) and cues.instances is None, cues


@pytest.mark.parametrize(("turns", "total"), [
    (("cloudgpu 3090 每周跑 10 小时 一个月按 4 周 多少",), "$8.40"),
    (("20 hours a week on a cloudgpu 4090 for 4 weeks, cost?",), "$26.40"),
    (("cloudgpu 3090 一小时多少", "每天跑 5 小时", "跑 12 天呢"), "$12.60"),
    (("cloudgpu 4090 hourly?", "we run it 6 hours a day", "and for 10 days?"), "$19.80"),
])
def test_hours_run_each_day_or_week_are_multiplied_by_the_span(turns: tuple[str, ...], total: str) -> None:
    assert total in first_lines(said(*turns), 2)


def test_several_people_each_renting_are_no_order_to_record() -> None:
    me = said("gpuli 4090 周租 3 个人 各租两周")
    assert "₮654" in first_lines(me, 1) and "确认" not in me.text, me.text


@pytest.mark.parametrize(("text", "hours", "price"), [
    ("gpuli 4090 10 次实验 每次 3 小时", "30 小时", "₮109"),
    ("6 个实验 每个 gpuli l40s 跑 40 小时 一共多少", "240 小时", "₮378"),
    ("5 runs of 8 hours each on a gpuli 4090, total?", "40 h", "₮109"),
])
def test_runs_at_a_provider_renting_whole_weeks_are_hours_on_one_card(text: str, hours: str, price: str) -> None:
    me = said(text)
    assert hours in me.lines[0] and price in first_lines(me, 4), me.text
    assert parse(text).cues.instances is None
