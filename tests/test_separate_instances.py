"""Several single-card instances, each running its own experiment, said so ("各跑一组", "separate",
"one 3090 each"): the total for all of them leads, with the count times one instance's price, and says
they are separate machines, not one multi-card box. Without such a word the count stays one machine's
(nobody rents 4 × RTX 4090 as one: said so, never summed). Seed 000: gpuli RTX 4090 ₮109 a week, ₮369 a
month, RTX 5090 ₮499 a month, L40S ₮189 a week; seed 002: CloudGPU RTX 3090 $0.21 an hour, RTX 4090 $0.33,
RTX A6000 $0.44, billed by the minute."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser, first_lines, said


@pytest.mark.parametrize(("text", "total", "each"), [
    ("gpuli 3 张 4090 各自跑一个实验 一周多少", "₮327", "3 × ₮109"),
    ("每张跑一组超参，4 张 5090 gpuli 包月", "₮1,996", "4 × ₮499"),
    ("在 cloudgpu 开两张 3090，每张卡跑一个 lora，跑 10 小时多少钱", "$4.20", "2 × $2.10"),
    ("我要 5 个实验 每个实验一张 4090 gpuli 一周", "₮545", "5 × ₮109"),
    ("gpuli 两张 4090 各跑一组 qlora 包周", "₮218", "2 × ₮109"),
    ("3 independent runs on cloudgpu 4090s, 8 hours each, total cost?", "$7.92", "3 × $2.64"),
    ("two 3090s at cloudgpu, each running its own experiment, 10 hours", "$4.20", "2 × $2.10"),
    ("gpuli: 4 x 4090, separate instances, one week", "₮436", "4 × ₮109"),
    ("four separate 4090 instances on gpuli for a month, total?", "₮1,476", "4 × ₮369"),
    ("six lora experiments at gpuli, one l40s each, for a week", "₮1,134", "6 × ₮189"),
])
def test_separate_instances_lead_with_their_total(text: str, total: str, each: str) -> None:
    lead = first_lines(said(text), 1)
    assert total in lead and each in lead, lead
    assert "单卡实例" in lead or "single-card instances" in lead, lead


@pytest.mark.parametrize(("text", "total"), [
    ("gpuli 4090，2 张 各跑一组 7b qlora 实验 包月一共多少", "₮738（2 × ₮369）"),
    ("run 5 independent 8b qlora sweeps, one 3090 each, 3 hours each on cloudgpu, total?", "$3.15 (5 × $0.63)"),
])
def test_a_job_run_on_each_instance_is_sized_on_one_card(text: str, total: str) -> None:
    me = said(text)
    assert total in first_lines(me, 1), me.text
    assert "1×RTX" in me.text and "2×RTX" not in me.text and "5×RTX" not in me.text, me.text


def test_the_per_instance_price_stays_beside_the_total() -> None:
    me = said("包月 4 张 4090 各跑一组实验 gpuli 多少钱")
    assert "₮1,476" in first_lines(me, 1) and "₮369" in me.text.split("₮1,476", 1)[1], me.text


@pytest.mark.parametrize(("first", "then", "total"), [
    ("cloudgpu 3090 一小时多少", "4 张各跑一组 各跑 8 小时呢", "$6.72"),
    ("7b qlora 一张4090 够吗", "那 3 张各跑一组实验 gpuli 包周多少", "₮327"),
    ("cloudgpu rtx 4090 hourly", "cost for 3 of them, 8 hours each, separate experiments", "$7.92"),
    ("7b qlora on a 4090 enough?", "ok, 4 of them, separate experiments, gpuli for a month?", "₮1,476"),
    ("gpuli 5090 包月多少", "那我开 3 台 各跑各的 一共多少", "₮1,497"),
    ("cloudgpu 3090 hourly?", "what about 4 of them, each running its own sweep for 8 hours?", "$6.72"),
])
def test_separate_instances_asked_as_a_follow_up(first: str, then: str, total: str) -> None:
    chat = said(first, then)
    assert total in first_lines(chat, 1), chat.text


@pytest.mark.parametrize(("text", "summed"), [
    ("gpuli 4 张 4090 包月多少", "₮1,476"),
    ("4 x rtx 4090 for a month at gpuli, how much?", "₮1,476"),
    ("gpuli 两张 4090 包周多少", "₮218"),
])
def test_a_count_of_cards_gpuli_trains_together_is_priced_summed(text: str, summed: str) -> None:
    # seed 000's FAQ: several 4090s at gpuli train one job (DDP / ZeRO-2 over PCIe), so the count is a setup it
    # rents, that many single-card rentals summed; never "nobody rents it" (the budget path said so too)
    me = said(text)
    assert summed in first_lines(me, 2) and not me.text.startswith(("没有哪家把", "Nobody rents")), me.text


@pytest.mark.parametrize(("text", "unsummed"), [
    ("一万网络 8 张 3090 一个月多少", "14,000"),
    ("cloudgpu 8张4090 一小时多少", "2.64"),
    ("8 x 3090 at yiwan for a month?", "14,000"),
])
def test_a_count_nobody_trains_together_is_never_summed(text: str, unsummed: str) -> None:
    me = said(text)
    assert unsummed not in me.text, me.text


@pytest.mark.parametrize("text", ["4 台单卡 4090 拼成一台 4 卡机行吗", "can 4 separate 4090 rentals be pooled as one machine?",
                                  "A800 和 A100 各多少"])
def test_cards_asked_to_work_as_one_or_compared_are_no_separate_runs(text: str) -> None:
    assert parse(text).cues.instances is None


@pytest.mark.parametrize(("text", "count"), [
    ("price for two h200s? no wait, one h200 per month at gpuli", 1),
    ("two h200s at gpuli, no wait, just one, for a month", 1),
    ("gpuli 8 h100s for a week, actually make it four", 4),
    ("两张 不对 一张 4090 gpuli 包月多少", 1),
    ("gpuli h200 两张包月？不对，一张", 1),
])
def test_a_count_taken_back_in_the_same_message_is_the_later_one(text: str, count: int) -> None:
    p = parse(text)
    assert p.request.num_gpus == count and not p.parts and not p.asks.hours, (p.request, p.parts, p.asks.hours)


def test_a_correction_prices_the_later_count() -> None:
    me = said("price for two h200s? no wait, one h200 per month at gpuli")
    assert "₮2,599" in first_lines(me, 2) and "2× H200" not in me.text, me.text
    me = said("gpuli h200 两张包月？不对，一张")
    assert "₮2,599" in first_lines(me, 2), me.text


@pytest.mark.parametrize(("text", "totals"), [
    ("8 张 4090 每张跑一个 7b qlora 超参，要多少钱", ("₮872/周（8 × ₮109/周）", "₮2,952/月（8 × ₮369/月）", "$2.64/小时（8 × $0.33/小时）")),
    ("3 separate 4090s, a 7b qlora on each, how much?", ("₮327/week (3 × ₮109/week)", "$0.99/h (3 × $0.33/h)")),
])
def test_a_sizing_asked_its_price_leads_with_every_providers_total(text: str, totals: tuple[str, ...]) -> None:
    me = said(text)
    assert all(total in first_lines(me, 1) for total in totals), me.text
    assert "1×RTX 4090" in me.text or "1× RTX 4090" in me.text, me.text


def test_a_fit_asked_of_separate_instances_is_answered_on_one_card_first() -> None:
    me = said("7b qlora 4 张 4090 各跑一组 够吗")
    assert me.lines[0].startswith("✅ 7B QLoRA (4-bit)：1×RTX 4090 装得下"), me.text
    assert "₮1,476/月（4 × ₮369/月）" in me.text, me.text


@pytest.mark.parametrize("text", ["预算 ₮300，gpuli 4 张 4090 各跑一组 一周够吗",
                                  "budget ₮300, four separate 4090s at gpuli for a week, one experiment each?"])
def test_money_weighed_against_separate_instances_never_judges_one_of_them(text: str) -> None:
    me = said(text)  # four weeks of a 4090 are ₮436, over ₮300: one instance's ₮109 is no verdict
    assert "₮191" not in me.text and ("不够" in me.lines[0] or "not enough" in me.lines[0]), me.text
    assert "₮436" in me.lines[0], me.text


def test_a_correction_word_before_no_new_value_takes_nothing_back() -> None:
    assert parse("gpuli 8 h100s weekly? no wait, one more thing, do they take alipay").request.num_gpus == 8


@pytest.mark.parametrize(("first", "then", "total"), [
    ("gpuli 4 张 4090 各跑一组 包月", "那两周呢", "₮872（4 × ₮218）"),
    ("4 张 4090 各跑一组 cloudgpu 8 小时", "换 gpuli 呢", "₮436（4 × ₮109）"),
    ("four separate 4090s at gpuli for a week", "and a month?", "₮1,476 (4 × ₮369)"),
])
def test_a_change_of_the_rental_after_separate_instances_is_of_all_of_them(first: str, then: str, total: str) -> None:
    assert total in first_lines(said(first, then), 1)


def test_another_card_asked_after_separate_instances_is_its_own_price() -> None:
    me = said("gpuli 4 张 4090 各跑一组 包月", "h100 多少钱")
    assert "单卡实例" not in me.text, me.text


@pytest.mark.parametrize(("text", "total", "each"), [
    # as many experiments (hyperparameter sets, configs, seeds) as cards: one on each, no word of independence needed
    ("qwen2.5 7b qlora，3张 3090 同时跑三组超参，cloudgpu per hour 多少钱", "$0.63", "3 × $0.21"),
    ("gpuli 两张 4090 跑两组不同的学习率 一周多少", "₮218", "2 × ₮109"),
    ("four 4090s running 4 hyperparameter sets for 7b qlora at cloudgpu, hourly cost?", "$1.32", "4 × $0.33"),
    ("3 a6000s at cloudgpu for 3 configs of 8b lora, how much an hour?", "$1.32", "3 × $0.44"),
])
def test_as_many_experiments_as_cards_are_separate_instances(text: str, total: str, each: str) -> None:
    lead = first_lines(said(text), 1)
    assert total in lead and each in lead, lead


@pytest.mark.parametrize("text", ["8 卡 h100 训 3 轮 32b 全参 多少钱", "2 张 a100 跑 2 个 epoch 14b 全参 要多久"])
def test_epochs_beside_a_card_count_are_no_separate_runs(text: str) -> None:
    assert parse(text).cues.instances is None


@pytest.mark.parametrize("turns", [
    ("7b qlora 一张 4090 够吗", "我们有 3 张 4090 能同时跑三组实验吗"),
    ("8b qlora: we have three 4090s, can they run 3 experiments at the same time?",),
    ("7b qlora，我们有 3 张 4090，能不能同时跑 3 组超参",),
])
def test_can_the_cards_run_as_many_experiments_is_the_fit_on_one(turns: tuple[str, ...]) -> None:
    """Asked yes or no, no price: each experiment on a card of its own, so the fit on one card answers it first."""
    chat = ChatUser()
    for turn in turns:
        chat.say(turn)
    assert chat.text.splitlines()[0].startswith("✅") and "1×RTX 4090" in chat.text.replace("1× RTX", "1×RTX"), chat.text


# a bare count put on a one-card job's cost, of a card nobody rents as a machine of that count: that many one-card
# rentals each running the job, each provider's total (seed 000: gpuli 3 × ₮109 = ₮327 a week)
@pytest.mark.parametrize(("first", "then", "total"), [
    ("7b qlora 用 4090 周租多少", "要 3 张呢", "₮327（3 × ₮109）"),
    ("8b qlora on a 4090 for a week, cost?", "what about 3 cards?", "₮327 (3 × ₮109)"),
    ("7b qlora 4090 租一周多少钱", "换 3 张", "₮327（3 × ₮109）"),
])
def test_a_count_on_a_one_card_jobs_cost_is_that_many_rentals(first: str, then: str, total: str) -> None:
    me = ChatUser()
    me.say(first)
    me.say(then)
    assert total in me.lines[0], me.text
