"""Session 25 (blind 64 / 67 leftovers), as behaviour: a card count named as a variant of the last answer, ZeRO
stages compared, a span priced against the plans offered for it, a budget's runway asked with a length it must cover,
单价 as a price word, a job priced at providers one of which lacks the card, a fit asked with a deadline, the
InfiniBand added across nodes, and FAQ paraphrases (hardware dying mid-run, a second machine on the same account).

Own phrasings in both languages; every figure is the seeds': gpuli 4×A100 80GB SXM ₮4,308/month, RTX 4090 ₮109/week and
₮369/month, InfiniBand ₮600 per node a month; cloudgpu A100 80G $1.49/h, RTX 4090 $0.33/h; gpuli replaces failed
hardware within 30 minutes; 一万网络 takes ¥100 a month off a repeat purchase on the same account."""

from __future__ import annotations

import math
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import T0, ChatUser


def said(*turns: str) -> ChatUser:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    return me


def head(me: ChatUser, n: int = 3) -> str:
    return "\n".join(me.lines[:n])


# ---------------------------------------------------------------- "the 4-card version": a count, not a topic

@pytest.mark.parametrize("turns", [
    ("gpuli 8x a100 sxm, what's a month?", "how much is the 4-gpu version"),
    ("8 a100 sxm cards at gpuli monthly", "price of the 4 card variant?"),
    ("gpuli 8 卡 a100 sxm 包月多少", "4 卡版本多少钱"),
    ("gpuli 八卡 a100 sxm 一个月", "4卡那款的月租"),
])
def test_a_count_named_as_a_variant_prices_that_count(turns: tuple[str, ...]) -> None:
    me = said(*turns)
    assert "4,308" in head(me) and "CUDA" not in me.text, me.text


# ---------------------------------------------------------------- ZeRO stages set against each other

@pytest.mark.parametrize("text", ["zero2 和 zero3 差在哪", "ZeRO-1 跟 ZeRO-3 有啥不同", "zero-2 vs zero-3",
                                  "stage 2 or stage 3 in deepspeed, which one?", "how do zero 1 and zero 2 differ"])
def test_stages_compared_find_the_stages_entry(text: str) -> None:
    answers = parse(text).faq_answers
    assert answers and answers[0].entry.id == "zero-stages", [a.entry.id for a in answers]


def test_the_stages_answer_says_what_each_stage_shards() -> None:
    me = said("zero2 和 zero3 差在哪")
    assert "分片" in me.text and "16/N" in me.text, me.text


# ---------------------------------------------------------------- a span against the plans offered for it

@pytest.mark.parametrize(("text", "weekly"), [
    ("need a gpuli 4090 for 9 days: two weeks or a month, which costs less?", "₮218"),
    ("for an 11-day job on gpuli's 4090, is 2 weeks or one month cheaper", "₮218"),
    ("gpuli 4090 要用 10 天，一个月还是两周划算", "₮218"),
    ("gpuli 4090 跑 5 天 租一周还是一个月", "₮109"),
])
def test_a_span_is_priced_on_each_plan_offered(text: str, weekly: str) -> None:
    me = said(text)
    assert weekly in head(me) and "₮369" in head(me) and "30 d" not in me.lines[0] and "30 天" not in me.lines[0], me.text


@settings(max_examples=12, deadline=None)
@given(days=st.integers(min_value=2, max_value=13), zh=st.booleans())
def test_any_span_beside_a_month_or_two_weeks_is_that_span(days: int, zh: bool) -> None:
    text = f"gpuli 4090 跑 {days} 天，一个月还是两周便宜" if zh else f"{days} days on a gpuli 4090 - a month or 2 weeks?"
    rental = parse(text).rental
    assert rental.duration_days == days, (text, rental)
    weekly = f"₮{math.ceil(days / 7) * 109}"
    assert weekly in said(text).text


# ---------------------------------------------------------------- a runway asked with the length it must cover

@pytest.mark.parametrize(("text", "verdict", "figure"), [
    ("cloudgpu a100 80g 手上 50 刀 能撑多久 跑 30 小时够不够", "够", "$44.70"),
    ("$50 on a cloudgpu a100 80g, how long does it last, enough for 30 hours?", "enough", "$44.70"),
    ("how long will $20 run a cloudgpu 4090, is it enough for 80 hours", "not enough", "$26.40"),
    ("cloudgpu 4090 预算 20 刀 能跑多久 够跑 80 小时吗", "不够", "$26.40"),
])
def test_the_verdict_on_the_length_leads_the_runway(text: str, verdict: str, figure: str) -> None:
    me = said(text)
    assert verdict in me.lines[0] and figure in me.lines[0], me.text


def test_how_many_months_can_we_rent_stays_a_runway() -> None:
    me = said("our budget is 25000 cny for a 7b qlora", "yiwan 3090 monthly", "how many months can we rent it?")
    assert "14 months" in me.lines[0], me.text


# ---------------------------------------------------------------- 单价 is a price word

@pytest.mark.parametrize("text", ["cloudgpu a100 80g 单价", "gpuli 4090 单价多少", "h100 的单价"])
def test_unit_price_asks_the_cards_price(text: str) -> None:
    assert parse(text).intent == "price"


def test_a_budget_after_a_unit_price_divides_into_that_card() -> None:
    me = said("cloudgpu a100 80g 单价是多少", "手里 50 刀 能用多久")
    assert "33.5" in me.lines[0], me.text


# ---------------------------------------------------------------- a job at providers, one without the card

@pytest.mark.parametrize(("turns", "figure"), [
    (("14b qlora", "4090 租一周多少钱", "那一万网络和 cloudgpu 呢"), "$55.44"),
    (("月底要报预算，准备做 14b qlora", "4090 租一周要多少", "那一万网络跟 cloudgpu 呢，cloudgpu 按 30 个小时算"), "$9.90"),
])
def test_the_provider_with_the_card_is_still_priced(turns: tuple[str, ...], figure: str) -> None:
    me = said(*turns)
    assert "CloudGPU" in me.text and figure in me.text, me.text
    assert "一万网络 不出租 RTX 4090" in me.text, me.text


# ---------------------------------------------------------------- a fit asked with a deadline

@pytest.mark.parametrize(("text", "verdict"), [
    ("两张 4090 放得下 7b 全参吗 周五前要出结果", "装不下"),
    ("would a pair of 4090s hold a 7b full finetune? we need it before friday", "does not fit"),
    ("7b qlora 一张 4090 够吗 周五要交", "✅"),
    ("one 4090 enough for a 7b qlora? due friday", "fits"),
])
def test_the_fit_leads_when_a_deadline_comes_with_it(text: str, verdict: str) -> None:
    me = said(text)
    assert verdict in me.lines[0], me.text
    assert "⏰" in me.text, me.text  # the deadline still answered, after the fit


# ---------------------------------------------------------------- InfiniBand across nodes, with its amount

@pytest.mark.parametrize("text", ["72b 全参 gpuli 两台 8 卡 h100 包月 含 IB 多少",
                                  "a month of 16 h100s over two nodes at gpuli for a 72b full run, infiniband included?"])
def test_the_infiniband_added_says_its_amount(text: str) -> None:
    me = said(text)
    assert "₮1,200" in me.text and "₮600" in me.text, me.text


# ---------------------------------------------------------------- FAQ paraphrases

@pytest.mark.parametrize("text", ["gpuli: what happens if the hardware dies in the middle of training",
                                  "hardware died mid run at gpuli, now what?", "gpuli 训练中途硬件挂了咋办"])
def test_hardware_dying_mid_run_is_the_failure_answer(text: str) -> None:
    me = said(text)
    assert "30 minutes" in me.text or "30 分钟" in me.text, me.text


@pytest.mark.parametrize("text", ["一万网络 同一个账号买第二台 有便宜吗", "yiwan - a second server on the same account, any deal?"])
def test_a_second_machine_on_the_same_account_is_the_repeat_discount(text: str) -> None:
    me = said(text)
    assert "¥100" in me.text, me.text


# ---------------------------------------------------------------- the day the work is shown is its deadline

@pytest.mark.parametrize("text", ["周五路演，7b qlora 用 4090 来得及吗", "周五要 demo 7b qlora 4090 来得及吗",
                                  "the demo is on friday, 7b qlora on a 4090 in time?", "our pitch is friday - can one 4090 train a 7b qlora in time?"])
def test_a_demo_day_is_the_deadline(text: str) -> None:
    deadline = parse(text, now=T0).asks.deadline
    assert deadline is not None and deadline.date() == date(2026, 12, 4), (text, deadline)


def test_a_demo_day_after_a_price_is_answered_against_it() -> None:
    me = said("7b qlora 4090 gpuli 多少钱", "周五要 demo 来得及吗")
    assert "⏰" in me.text and "₮109" in me.text, me.text


# ---------------------------------------------------------------- what the rules above must leave alone

def test_a_kind_of_machine_in_a_question_of_its_own_is_no_follow_up() -> None:
    me = said("cloudgpu 能开多卡的机器吗 就是 8 卡那种")
    assert "模型" not in me.lines[0] and "/deploy" in me.text, me.text


def test_plans_of_lengths_added_are_still_totalled() -> None:
    me = said("gpuli 4090: six weekly rentals vs one month plus two weeks?")
    assert "₮654" in me.text and "₮587" in me.text, me.text  # 6 × ₮109; ₮369 + 2 × ₮109
