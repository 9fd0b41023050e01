"""Session 27 round 0 (blind 72 / 68 leftovers), as behaviour: rentals said one after another are each priced
for their own card, count and length and summed; a sweep said as a product ("3 seeds x 4 configs") is that many
runs; a run length said beside a deadline's time left is the run's, priced and checked; a step time with a job
and no card is steps × seconds; a step time said after a job with its dataset, on a card, prices that run; a
deadline said as a bare time of day is today's; "算下钱" after a sizing prices its setup; "which is cheaper and
by how much" leads with the difference. Figures from the catalogs (seed 000 prices, seed 002's step method)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.chat_user import said


@pytest.mark.parametrize("text", [
    "先用一张 4090 租一周调通，之后再租 8 卡 h100 一个月，总共多少钱",
    "一周 4090 接着一个月 8卡h100 gpuli 一共多少",
    "one week of a 4090 first, then a month of 8x h100 — what is the total?",
    "rent a 4090 for a week to debug, then 8x H100 for one month at gpuli; total?",
])
def test_rentals_one_after_another_are_each_priced_and_summed(text: str) -> None:
    chat = said(text)
    # gpuli: a 4090 week ₮109, the 8×H100 box for a month ₮14,432 (seed 000)
    assert "₮109 + ₮14,432 = ₮14,541" in chat.lines[0], chat.text
    assert "8×RTX 4090" not in chat.text and "8× RTX 4090" not in chat.text


@pytest.mark.parametrize(("first", "then", "total"), [
    # the 4090 named one message before: its week ₮109 (2 or 3 days are bought as a week) + 8×H100's month ₮14,432
    ("我们打算先拿 4090 把 7b qlora 跑通", "跑通大概三天 然后 8卡H100 全参 一个月 一共多少 gpuli", "₮109 + ₮14,432 = ₮14,541"),
    ("a 7b qlora pilot on one 4090 first", "验证两天 然后 gpuli 8卡H100 包月 总共多少", "₮109 + ₮14,432 = ₮14,541"),
])
def test_a_stage_whose_card_was_named_a_message_before_is_priced_and_summed(first: str, then: str, total: str) -> None:
    chat = said(first, then)
    assert total in chat.lines[0], chat.text
    assert "RTX 4090" in chat.text and "8× H100" not in chat.lines[0].split("=")[0]


def test_a_count_said_before_two_cards_is_still_both_cards() -> None:
    chat = said("8 卡 h100 和 h200 一个月各多少")
    assert "8×H100 SXM" in chat.text and "8×H200 SXM" in chat.text, chat.text


@pytest.mark.parametrize(("text", "n", "total"), [
    ("cloudgpu a6000 上 4 个配置 × 3 个 seed，每个跑 2 小时，总共多少钱", 12, "$10.56"),
    ("ablation: 2 lrs x 3 seeds, 2h each on a cloudgpu a6000, total?", 6, "$5.28"),
    ("cloudgpu 3090 跑 3 个数据集 x 2 个 seed，每个 5 小时，一共多少", 6, "$6.30"),
])
def test_a_sweep_said_as_a_product_is_that_many_runs(text: str, n: int, total: str) -> None:
    lead = said(text).lines[0]
    assert str(n) in lead and total in lead, lead


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=2, max_value=6), st.integers(min_value=2, max_value=6))
def test_sweep_runs_are_the_product_of_its_axes(a: int, b: int) -> None:
    from bot.understand.instances import sweep_runs
    assert sweep_runs(f"{a} seeds x {b} configs") == a * b
    assert sweep_runs(f"{a} 个配置 × {b} 个 seed") == a * b


@pytest.mark.parametrize(("text", "needles"), [
    ("ddl 还剩 4 天，14b qlora 在 cloudgpu 3090 上跑 8 小时，多少钱，赶得上吗", ("$1.68", "来得及")),
    ("deadline in 3 days; 14b qlora on a cloudgpu 3090 takes about 8 hours. cost, and will we make it?", ("$1.68", "in time")),
    ("截稿只剩两周，7b qlora 一张 4090 在 gpuli 租两周多少钱", ("₮218",)),
])
def test_a_run_length_beside_the_time_left_is_the_runs(text: str, needles: tuple[str, ...]) -> None:
    chat = said(text)
    assert all(n in chat.text for n in needles), chat.text


@pytest.mark.parametrize(("text", "needle"), [
    ("8b qlora, 20k samples, 2 epochs, batch 2, grad accum 8, one card: steps? and at 1.2 s/step how long?", "50 min"),
    ("8b qlora 2 万条 2 个 epoch，batch 2 累积 8，单卡，多少步？每步 1.2 秒的话要多久", "50 分钟"),
])
def test_a_step_time_with_a_job_and_no_card_is_steps_times_seconds(text: str, needle: str) -> None:
    chat = said(text)
    assert "2,500" in chat.lines[0] and needle in chat.lines[0], chat.text


@pytest.mark.parametrize("turns", [
    ("qwen2.5 7b qlora, 30k samples, 3 epochs, bs 4, accum 4, 1 gpu: how many steps?",
     "measured 0.9 s/step; with 10 min download and 5 min save, cost on a cloudgpu 4090?"),
    ("qwen2.5 7b qlora 3 万条 3 个 epoch batch 4 累积 4 单卡 多少步",
     "cloudgpu 4090 上实测每步 0.9 秒，下载 10 分钟、保存 5 分钟，要多少钱"),
])
def test_a_step_time_on_a_card_after_a_counted_job_prices_that_run(turns: tuple[str, ...]) -> None:
    # 5,625 steps × 0.9 s = 84.4 min + 15 min = 100 started minutes × $0.33/h = $0.55 (seed 002)
    chat = said(*turns)
    assert "$0.55" in chat.text and "5,625" in chat.text, chat.text


@pytest.mark.parametrize(("turns", "needle"), [
    (("cloudgpu 上试跑 50 步，每步 1.8 秒，一共 4000 步", "现在开始跑，中午 12 点前能跑完吗"), "11:00"),
    (("each step takes 1.8 s and there are 4000 steps", "if we start now, done before noon?"), "03:00"),
])
def test_a_deadline_said_as_a_time_of_day_is_todays(turns: tuple[str, ...], needle: str) -> None:
    chat = said(*turns)
    assert ("来得及" in chat.lines[0] or "in time" in chat.lines[0]) and needle in chat.lines[0], chat.text


@pytest.mark.parametrize("turns", [
    ("32b 全参 sft 最少什么配置", "算下钱"),
    ("32b 全参最少要什么卡", "帮我估个价"),
    ("minimum setup for a 32b full fine-tune?", "run the numbers on that"),
    ("least hardware for 32b full finetuning", "price it out"),
])
def test_money_reckoned_after_a_sizing_prices_its_setup(turns: tuple[str, ...]) -> None:
    chat = said(*turns)
    assert "₮8,352" in chat.text, chat.text  # gpuli 8×A100 80GB SXM, a month (seed 000)


@pytest.mark.parametrize("text", [
    "cloudgpu 上 a100 80g 跟 a800 80g 哪个便宜，每小时差多少",
    "at cloudgpu, which is cheaper per hour, the A100 80G or the A800 80G, and by how much?",
    "cloudgpu a100 80g vs a800 80g: which costs less an hour and what is the price gap",
])
def test_which_is_cheaper_and_by_how_much_leads_with_the_difference(text: str) -> None:
    lead = said(text).lines[0]
    assert "$0.40" in lead and "$1.09" in lead and "$1.49" in lead, lead
