"""One message read fully: every question it asks gets its answer, the first asked leading; several jobs under one
budget are costed together; a spoken amount keeps its value. Figures from the seeds (000: gpuli ₮369 a month for
the 4090 the LoRA table names for 7B/14B QLoRA, ₮899 a month for one A100 80GB, ₮4,308 for 4 × A100 SXM; 002:
cloudgpu boots in about 2 minutes and bills by the minute, an RTX 4090 at $0.33/h; 003: 一万网络 A100 40G ¥2,800
a month, 20% off paid by the year, ¥100 off a month bought again on the same account)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.job_count import jobs_counted
from bot.understand.normalize import normalize
from bot.understand.parser import parse
from tests.chat_user import first_lines, said

# ---------------------------------------------------------------- spoken amounts keep their value

DIGIT_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]


@settings(max_examples=25, deadline=None)
@given(whole=st.integers(1, 9), tenth=st.integers(1, 9), unit=st.sampled_from(["k usd", "k dollars", "grand"]),
       filler=st.sampled_from(["budget", "our budget is", "budget's only"]))
def test_a_spoken_decimal_budget_keeps_its_point(whole: int, tenth: int, unit: str, filler: str) -> None:
    text = f"{filler} {DIGIT_WORDS[whole]} point {DIGIT_WORDS[tenth]} {unit} gpuli seven b qlora a month enough?"
    budget = parse(text).asks.budget
    assert budget is not None and budget[0] == Decimal(whole * 1000 + tenth * 100), (text, budget)


@pytest.mark.parametrize(("text", "amount"), [
    ("预算一点五万 gpuli 14b lora 一个月够吗", Decimal(15000)),
    ("预算一点五k 一个月 gpuli 7b qlora 够不够", Decimal(1500)),
    ("budget two grand gpuli seven b qlora a month", Decimal(2000)),
    ("we can spend two point five grand usd, 7b qlora at gpuli for a month, enough?", Decimal(2500)),
])
def test_spoken_and_scaled_amounts_in_both_languages(text: str, amount: Decimal) -> None:
    budget = parse(text).asks.budget
    assert budget is not None and budget[0] == amount, budget


def test_the_spoken_budget_is_weighed_at_its_value() -> None:
    me = said("budget one point five k usd gpuli four a100 sxm for fourteen b full a month enough?")
    lead = first_lines(me, 2)
    assert "$1,500" in lead and "not enough" in lead and "4,308" in me.text, lead


@pytest.mark.parametrize("text", [
    "hey quick one fourteen b q lora forty ninety enough",
    "ok so this one fourteen b qlora on a forty ninety fits?",
    "quick one: fourteen b q lora, forty ninety, enough?",
])
def test_one_before_a_spoken_size_is_the_pronoun(text: str) -> None:
    q = parse(text).request
    assert (q.params_b, q.method, q.gpu) == (14.0, "qlora", "rtx-4090"), q
    assert "4090" in first_lines(said(text), 3)


# ---------------------------------------------------------------- every question gets its answer

@pytest.mark.parametrize(("text", "wait", "cost"), [
    ("seven b q lora on a forty ninety at cloudgpu how long till it starts and how much for three hours", "2 minutes", "$0.99"),
    ("7b qlora on a 4090 at cloudgpu how long until the instance starts and how much for 3 hours", "2 minutes", "$0.99"),
    ("cloudgpu 4090 跑 7b qlora 多久能开机 三小时多少钱", "2 分钟", "$0.99"),
    ("cloudgpu 4090 跑 7b qlora 开机要多久 跑 3 小时要多少钱", "2 分钟", "$0.99"),
])
def test_the_start_up_wait_and_the_price_are_both_answered(text: str, wait: str, cost: str) -> None:
    reply = said(text).text
    assert wait in reply and cost in reply, reply
    assert "tokens an hour" not in reply and "token 数" not in reply  # no run length it did not ask


def test_how_long_till_it_starts_is_the_start_up_faq() -> None:
    for text in ("how long till it starts at cloudgpu", "cloudgpu how long until the instance starts", "cloudgpu 多久能开机"):
        assert [h.entry.id for h in parse(text).faq_answers] == ["instance-ready-time"], text


@pytest.mark.parametrize(("text", "facts"), [
    ("cloudgpu 怎么计费 余额用完会怎样", ("分钟", "销毁")),
    ("cloudgpu 怎麼計費 餘額用完會怎樣", ("分钟", "销毁")),
    ("how is cloudgpu billed what happens when the balance runs out", ("minute", "destroy")),
    ("gpuli 怎么付款 到期会提醒吗", ("USDT", "3 天")),
])
def test_two_rule_questions_typed_with_a_space_each_get_an_answer(text: str, facts: tuple[str, str]) -> None:
    reply = said(text).text
    assert all(f in reply for f in facts), reply


@pytest.mark.parametrize("text", ["cloudgpu 怎么计费 按小时算吗", "how much balance does cloudgpu hold while an instance runs",
                                  "先用啥卡把 lora 跑通 再决定上不上全参 gpuli"])
def test_one_rule_question_in_two_halves_stays_one(text: str) -> None:
    assert len(parse(text).faq_answers) == 1


@pytest.mark.parametrize(("text", "first", "second"), [
    ("一万网络 a100 40g 年付多少 同账户复购呢", "26,880", "25,680"),
    ("一万网络 a100 40g 年付多少？同账户复购呢？", "26,880", "25,680"),
    ("yiwan a100 40g annual price, and for a repeat purchase?", "26,880", "25,680"),
    ("一万网络 3090 月付多少 老客户呢", "1,750", "1,650"),
])
def test_a_price_then_its_repeat_purchase_gives_both_the_first_leading(text: str, first: str, second: str) -> None:
    me = said(text)
    assert first in first_lines(me, 3) and second in me.text, me.text
    assert me.text.index(first) < me.text.index(second)


def test_a_repeat_purchase_asked_alone_is_one_price() -> None:
    me = said("一万网络 a100 40g 年付 同账户复购多少")
    assert "25,680" in me.text and "26,880" not in me.text


@pytest.mark.parametrize("text", ["七b全参要多少显存 gpuli租a100要几张 一个月多少钱", "7b全参 显存要多少？gpuli 租 a100 要几张？一个月多少钱？",
                                  "gpuli 租 a100 跑 7b 全参 要几张 一个月多少钱", "7b full how much vram, gpuli a100 how many, how much a month",
                                  "7b full fine-tune: memory? how many a100s at gpuli? cost for a month?"])
def test_the_month_of_the_one_a100_the_count_names_is_priced(text: str) -> None:
    reply = said(text).text
    assert "1×A100" in reply.replace("1× A100", "1×A100") and "899" in reply, reply


# ---------------------------------------------------------------- several jobs under one budget

@pytest.mark.parametrize(("text", "n"), [
    ("预算 ₮1000 一个月 两个 14b qlora 任务 gpuli 够吗", 2), ("14b qlora 跑三个实验 预算 ₮1500 够不够", 3),
    ("budget 1000 usdt a month, two 14b qlora jobs at gpuli, enough?", 2), ("run 3 separate 7b lora experiments with $500", 3),
    ("两个月的任务", None), ("two months of 14b qlora", None), ("two 4090s for 14b qlora", None), ("2个小时的训练任务", None),
])
def test_a_count_of_jobs_is_read(text: str, n: int | None) -> None:
    assert jobs_counted(normalize(text)) == n


@pytest.mark.parametrize(("text", "total", "lead"), [
    ("预算 ₮1000 一个月 两个 14b qlora 任务 gpuli 够吗", "₮738", "够"),
    ("budget 1000 usdt a month, two 14b qlora jobs at gpuli, enough?", "₮738", "enough"),
    ("预算 ₮700 一个月 gpuli 跑两个 7b qlora 的活 够不够", "₮738", "不够"),
])
def test_runs_of_one_job_are_costed_together(text: str, total: str, lead: str) -> None:
    me = said(text)
    assert total in first_lines(me, 3) and lead in first_lines(me, 1), me.text
    assert me.text.count("💰") == 1  # the job's own answer once


@pytest.mark.parametrize(("turns", "total"), [
    (("预算 ₮1000 一个月 要跑 14b lora 和 7b qlora 两个活", "gpuli 够不够", "那 14b 也换 qlora 呢"), "₮738"),
    (("budget ₮1000 a month: 14b lora and 7b qlora, both at gpuli", "what if the 14b one is qlora too"), "₮738"),
    (("预算 ₮1000 一个月 要跑 14b lora 和 7b qlora 两个活", "gpuli 够不够"), "₮1,018"),
    (("预算 ₮1000 一个月 gpuli 14b qlora 和 7b qlora 两个活", "两个月呢"), "₮1,476"),
])
def test_a_change_after_several_jobs_keeps_them_all_under_the_budget(turns: tuple[str, ...], total: str) -> None:
    me = said(*turns)
    assert total in first_lines(me, 3), me.text


def test_a_question_of_its_own_after_several_jobs_is_answered_alone() -> None:
    me = said("预算 ₮1000 一个月 要跑 14b lora 和 7b qlora 两个活", "gpuli 够不够", "gpuli 能退款吗")
    assert "1 小时" in me.text and "₮738" not in me.text and "合计" not in me.text


@pytest.mark.parametrize(("text", "total"), [("一周半 7b 全参 a100 sxm gpuli 要多少", "₮638"),
                                             ("7b full on an a100 sxm at gpuli for ten and a half days, cost?", "₮638")])
def test_a_named_form_prices_that_card_alone(text: str, total: str) -> None:
    reply = said(text).text
    assert total in reply and "PCIe" not in reply, reply
