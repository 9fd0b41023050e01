"""Runs, rental spans and context said around a question (issue 18, session 25, round 1 on blind 69): a run
worked out from samples × epochs / (batch × accumulation × cards) and a measured step time, against a
deadline said beside "today is Tuesday"; a trial's "first 50 steps" is never the run; minutes "to download"
are job time; a span's months paid monthly against a year paid at once (seed 003: ¥2,800 a month, ¥26,880
a year); a span bought by the week against the month (seed 000: 8×H100 ₮4,172 a week, ₮14,432 a month);
"按月续" is how a span is paid; a short follow-up with its reason said after it; a job stated as background
with the card or provider asked after it; balance and rentals asked together. Figures from the seeds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand import fields as f
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from bot.understand.run_timing import total_steps
from tests.chat_user import T0, ChatUser


def _say(*turns: str) -> str:
    user = ChatUser()
    for turn in turns:
        user.say(turn)
    return user.text


def _head(text: str, n: int = 3) -> str:
    return "\n".join([line for line in text.splitlines() if line.strip()][:n])


# ---------------------------------------------------------------- runs against a deadline (clock: Tue 2026-12-01)
@pytest.mark.parametrize(("text", "steps", "length", "ok"), [
    # 120,000 × 2 / (2 × 8 × 2) = 7,500 steps × 3 s = 375 min (6.25 h)
    ("先说下情况，今天周二。数据 12 万条，2 个 epoch，两张卡，per_device batch 2，梯度累积 8，前 30 步测得每步 3 秒。"
     "一共多少步、要跑多久，周四前能跑完吗？", "7,500", "6.2", "✅"),
    # 48,000 × 1 / (4 × 4 × 1) = 3,000 steps × 2 s = 100 min
    ("Some context: today is Tuesday. 48,000 samples, 1 epoch, per-device batch 4, grad accumulation 4, one GPU; "
     "the first 20 steps took 2 seconds each. How many steps, how long, and will it be done by Thursday?", "3,000", "100 min", "✅"),
])
def test_run_counted_against_the_deadline_with_its_steps(text: str, steps: str, length: str, ok: str) -> None:
    reply = _say(text)
    assert _head(reply, 1).startswith(ok), reply
    assert steps in reply and length in reply, reply


@pytest.mark.parametrize("first", [
    "数据 12 万条，2 个 epoch，两张卡，per_device batch 2，梯度累积 8，每步 3 秒。要跑多久？",
    "120k samples, 2 epochs, per-device batch 2, grad accum 8 on 2 GPUs, 3 s per step. How long will it run?",
])
@pytest.mark.parametrize("then", ["今天是周二，周四之前跑得完吗？", "today is tuesday; done by thursday?"])
def test_deadline_after_a_timed_run_is_asked_of_that_run(first: str, then: str) -> None:
    reply = _say(first, then)
    assert _head(reply, 1).startswith("✅"), reply
    assert "6.2" in _head(reply, 2) and "336" not in reply, reply


@pytest.mark.parametrize(("text", "steps"), [
    ("前 50 步测得每步 4 秒", None),
    ("试跑 30 步，每步 2 秒", None),
    ("the first 50 steps took 1.5 s per step", None),
    ("前 50 步每步 4 秒，总共 6000 步", 6000),
    ("1.5 s/step over 50 steps, 4000 total steps", 4000),
])
def test_a_trial_window_is_never_the_runs_step_count(text: str, steps: int | None) -> None:
    assert total_steps(normalize(text)) == steps


def test_minutes_to_download_and_save_are_job_time() -> None:
    # 30,000 × 2 / (4 × 4 × 1) = 3,750 steps × 0.8 s = 50 min, + 5 + 5 = 60 min at $0.33/h = $0.33
    reply = _say("30,000 samples, 2 epochs, per-device batch 4, grad accumulation 4, one GPU, 0.8 s per step; "
                 "plus 5 minutes to download and 5 minutes to save. Whole job on an RTX 4090 at cloudgpu: how long and how much?")
    assert "60 min" in reply and "$0.33" in reply, reply
    assert "for 5 min" not in reply, reply


@settings(max_examples=40, deadline=None)
@given(st.sampled_from("一二三四五六日"), st.sampled_from(["今天", "今天是", "今儿"]), st.sampled_from(["，", "。", " ", "；"]),
       st.sampled_from(["周五前能训完吗", "下周一之前跑得完吗", "周四前来得及吗"]))
def test_todays_weekday_is_no_length(day: str, today: str, sep: str, ask: str) -> None:
    assert f.duration(normalize(f"{today}周{day}{sep}{ask}")) == (None, None)


@pytest.mark.parametrize(("text", "hour"), [("今天中午之前能跑完吗", 12), ("今天晚上之前能训完吗", 20), ("今天前能训完吗", 23)])
def test_today_as_the_deadline_is_kept(text: str, hour: int) -> None:
    p = parse(text, T0)
    assert p.asks.deadline is not None and p.asks.deadline.day == 1 and p.asks.deadline.hour == hour


def test_a_priced_run_then_a_deadline_today() -> None:
    reply = _say("cloudgpu a100 80g 训 16000 条 2 epoch batch 2 累积 8 单卡 每步 3 秒 下载 10 分钟 多少钱", "今天中午之前能跑完吗")
    assert _head(reply, 1).startswith("✅"), reply  # 2,000 steps × 3 s = 100 min + 10 min


def test_todays_name_is_not_the_deadline() -> None:
    p = parse("今天周二，周五前能训完吗")
    assert p.asks.deadline is not None and p.asks.deadline.weekday() == 4  # Friday, not today
    p = parse("today is tuesday, can we be done before friday")
    assert p.asks.deadline is not None and p.asks.deadline.weekday() == 4


# ---------------------------------------------------------------- spans against the terms the user names
@pytest.mark.parametrize(("text", "days"), [
    ("租半年，按月付", 180.0), ("包三个月（按月续）", 90.0), ("想包半年 4090，按月续费", 180.0), ("按周租 3 周", 21.0),
])
def test_paid_by_the_month_is_no_month_added(text: str, days: float) -> None:
    assert f.duration(normalize(text)) == (days, None)


def test_half_a_year_paid_monthly_fits_a_usdt_budget() -> None:
    reply = _say("预算 3k USDT，要包半年 RTX 4090（按月续），够吗？")  # 6 × ₮369 = ₮2,214
    assert "₮2,214" in _head(reply) and "够" in _head(reply, 1), reply


@pytest.mark.parametrize(("text", "must", "lead"), [
    # 4 × ¥2,800 = ¥11,200 against the year ¥26,880
    ("课题只做 4 个月。一万网络 A100 40G 月付划算还是年付划算？", ["¥11,200", "¥26,880"], "月付省"),
    # 10 × ¥1,750 = ¥17,500 against the year 12 × ¥1,750 × 0.8 = ¥16,800
    ("Our project runs 10 months. Yiwan RTX 3090: monthly or yearly, which is cheaper?", ["¥17,500", "¥16,800"], "yearly saves"),
])
def test_a_spans_months_weighed_against_a_year_paid_at_once(text: str, must: list[str], lead: str) -> None:
    reply = _say(text)
    assert all(m in _head(reply, 1) for m in must) and lead in _head(reply, 1), reply


@pytest.mark.parametrize(("text", "must"), [
    ("项目周期 21 天，用一台 4090。按周租 3 次和直接包一个月，哪个更省？", ["₮327", "₮369", "周租更省"]),  # 3 × ₮109
    ("The contract covers 28 days on one 8x H100 box. Weekly or monthly, which works out cheaper?",
     ["₮16,688", "₮14,432", "monthly is cheaper"]),
])
def test_a_span_weighed_by_week_and_month_stays_one_question(text: str, must: list[str]) -> None:
    reply = _say(text)
    assert all(m in reply for m in must), reply
    assert not parse(text).parts


@pytest.mark.parametrize(("text", "must"), [
    ("8 卡 H100 用 28 天，租 4 周还是 1 个月划算？", ["₮16,688", "₮14,432", "包月更省"]),
    ("4090 要用 10 天，租两周还是一个月？", ["₮218", "₮369", "周租更省"]),
    ("We need a 4090 for 10 days. Two weeks or one month, which is cheaper?", ["₮218", "₮369", "weekly is cheaper"]),
])
def test_a_span_against_the_plans_named_for_it(text: str, must: list[str]) -> None:
    assert all(m in _head(_say(text), 4) for m in must), _say(text)


def test_each_units_price_then_the_span_keeps_the_span() -> None:
    assert "₮327" in _head(_say("4090 一周多少 一个月多少 要跑三周哪个划算"), 4)  # 3 × ₮109


@pytest.mark.parametrize("text", [
    "经费 3 万，专门用于算力租赁，一万网络 A100 40G 包一年够吗",
    "算力预算 2 万，4090 能租多久",
    "4090 算力多少",
])
def test_renting_compute_is_no_tflops_question(text: str) -> None:
    asked = parse(text).asks.spec
    assert asked == (("bf16_tflops",) if text.endswith("算力多少") else ())


def test_a_year_against_a_budget_with_the_yearly_discount() -> None:
    reply = _say("经费批了 3 万，用途是算力租赁，为期一年。一万网络 A100 40G 年付打八折，包一年 3 万够吗？")
    assert "够" in _head(reply, 1) and "¥26,880" in _head(reply) and "¥30,000" in _head(reply), reply


# ---------------------------------------------------------------- the job stated before the question
def test_a_background_job_takes_the_card_priced_after_it() -> None:
    text = "我们的 14B 全参项目刚立项，要走采购流程。4 卡 A100 80G 租一个月多少钱？"
    p = parse(text)
    assert not p.parts and p.intent == "cost" and p.request.params_b == 14 and p.request.gpu, p
    assert "₮4,308" in _say(text)  # gpuli 4×A100 80GB SXM a month (seed 000)


@pytest.mark.parametrize("text", [
    "领导批了 6 万人民币，想做 32B 全参一个月。在一万网络能租到什么配置？",
    "预算 5 万，14B 全参跑一个月。一万网络有什么方案？",
])
def test_a_provider_asked_for_the_jobs_setup(text: str) -> None:
    p = parse(text)
    assert not p.parts and p.rental.provider == "yiwan", p


def test_the_estimated_setup_is_named_as_estimated() -> None:
    reply = _say("领导批了 6 万人民币，想做 32B 全参一个月。在一万网络能租到什么配置？")
    assert "8×A100 80GB" in reply and "预估" in reply, reply


# ---------------------------------------------------------------- a follow-up with its reason after it
@pytest.mark.parametrize(("turns", "must"), [
    (("一万网络 A100 40G 月付多少？", "年付呢？财务那边只走年度合同。"), "¥26,880"),
    (("Yiwan A100 40G, monthly price?", "And yearly? Our finance team prefers annual contracts."), "¥26,880"),
    (("gpuli 4090 一周多少？", "两周呢？合同想签两周。"), "₮218"),
    (("gpuli 8x H100 for a month, how much?", "What about two months? The contract will be for two months."), "₮28,864"),
])
def test_a_short_follow_up_keeps_its_reading_with_a_reason_after_it(turns: tuple[str, str], must: str) -> None:
    reply = _say(*turns)
    assert must in _head(reply, 4), reply


def test_words_after_the_question_that_state_a_fact_are_kept() -> None:
    assert parse("4 张呢？我们预算 5000。").asks.budget is not None
    assert parse("两周呢？其实用 gpuli。").rental.provider == "gpuli"


# ---------------------------------------------------------------- the wallet read twice in one message
def test_weekly_rentals_weighed_are_no_wallet_read() -> None:
    assert parse("8x H100 box, four weekly rentals or one month, which is cheaper?").intent == "price"


@pytest.mark.parametrize(("text", "balance", "rentals"), [
    ("账户余额还剩多少？现在有几台机器在租？月底要报账。", "余额 0", "没有租用记录"),
    ("What's our balance, and how many machines are we renting right now?", "Balance 0", "No rentals"),
])
def test_balance_and_rentals_read_together(text: str, balance: str, rentals: str) -> None:
    reply = _say(text)
    assert balance in reply and rentals in reply, reply
    assert reply.index(balance) < reply.index(rentals)
