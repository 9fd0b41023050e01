"""Issue 18 items 1, 2 and 4 (blind set 13): a message that asks two things joined by a comma or a
space, or states how the job runs in a clause after the sizing, keeps every ask and every setting.

- a fit question then its price ("…行不行，月租多少"): the verdict leads, the price follows;
- a second job of its own after a comma ("…一个月多少，还有 14b 全参要几卡"): both answered;
- a clause naming the cards and "no offload" after "72b 全参要多少显存？": one question, and the
  verdict is for no offload (8 × H100 does not hold 72B full; seed 000: 8 × H200 with an 8-bit
  optimizer does, ₮19,752 a month);
- "offload 主机内存够吗": the host memory offload needs (864 GB a node) against the instance's (seed
  000: gpuli's 8 × H100 has 1,600 GB) leads.
Figures from seed 000: 4 × H100 ₮7,444 a month, 8 × A100 SXM ₮8,352, 4 × A100 SXM ₮4,308, one RTX
4090 ₮109 a week, one H200 ₮2,599 a month, 72B full 1,152 GB of model states.
"""

from __future__ import annotations

import re

import pytest

from bot.understand import fields as f
from bot.understand.parser import parse
from tests.chat_user import ChatUser, first_lines, said

FIT_THEN_PRICE = [
    # (message, a fit word in the first lines, the price anywhere)
    ("4张h100 跑 14b 全参 够不够，一个月多少钱", "装得下", "₮7,444"),
    ("8卡a100 跑32b全参可以吗，月租要多少", "能跑", "₮8,352"),
    ("一张4090 跑 7b qlora 行不行 周租多少", "装得下", "₮109"),
    ("does 14b full ft fit on 4x h100, monthly price?", "fits", "₮7,444"),
    ("can 8 a100s run 32b full with zero3, how much per month?", "fits only just", "₮8,352"),
]


@pytest.mark.parametrize(("text", "verdict", "price"), FIT_THEN_PRICE)
def test_a_fit_question_then_its_price_gets_the_verdict_first(text: str, verdict: str, price: str) -> None:
    assert [p.intent for p in parse(text).parts] == ["size", "cost"], text
    me = said(text)
    assert verdict in first_lines(me), me.text
    assert price in me.text, me.text


SECOND_JOB = [
    # (message, the first job's figure, the second job's figure)
    ("7b qlora 4090 一周多少钱，另外 32b 全参要几张卡", "$55.44", "8×A100 80GB SXM"),
    ("qwen3 8b 全参 h200 单卡 一个月多少 还有 14b 全参要几卡", "₮2,599", "4×A100 80GB SXM"),
    ("what does 8b full ft on one h200 cost a month, also how many gpus for 14b full", "₮2,599", "4× A100 80GB SXM"),
    ("how much is a week of 7b qlora on a 4090, plus how many cards for 32b full ft", "₮109", "8× A100 80GB SXM"),
]


@pytest.mark.parametrize(("text", "first", "second"), SECOND_JOB)
def test_a_second_job_after_a_comma_is_answered_too(text: str, first: str, second: str) -> None:
    parts = parse(text).parts
    assert len(parts) == 2 and parts[0].request.params_b != parts[1].request.params_b, text
    me = said(text)
    assert first in me.text and second in me.text, me.text
    assert me.text.index(first) < me.text.index(second), me.text


@pytest.mark.parametrize("text", [
    "7b lora 要多少显存",
    "32b 全参，8 卡 h100，一个月多少钱",  # one job in three clauses
    "昇腾910B 能跑 qwen 72b lora 吗",  # a card's name is no second size
])
def test_one_job_is_not_split_into_jobs(text: str) -> None:
    assert len({p.request.params_b for p in parse(text).parts}) < 2, text


NO_OFFLOAD_AFTER_SIZING = [
    "72b 全参多少显存？8 张 h100 不用 offload 够吗",
    "72b 全参 显存要多少？八卡 h100 不加 offload 装得下吗",
    "how much vram does 72b full ft need? will 8 h100s hold it without offload?",
    "72b full finetune memory? does it fit on 8x h100 with no offload?",
]


@pytest.mark.parametrize("text", NO_OFFLOAD_AFTER_SIZING)
def test_a_setting_stated_after_the_sizing_reaches_the_verdict(text: str) -> None:
    p = parse(text)
    assert p.parts == [] and p.request.offload == "none" and p.request.num_gpus == 8, text
    me = said(text)
    lead = first_lines(me, 2)
    assert ("装不下" in lead or "does not fit" in lead) and "offload)" not in lead, me.text
    assert "8×H200" in lead or "8× H200" in lead, me.text  # seed 000's way without offload, at the count stated
    assert "₮19,752" in me.text and "1,152" in me.text, me.text


@pytest.mark.parametrize("text", [
    "不加 offload", "别上 offload", "不开offload", "不用 offload", "without cpu offload", "no offloading",
    "skip offload", "don't use offload", "without using any offload",
])
def test_offload_refused_in_any_wording(text: str) -> None:
    assert f.offload(f"72b 全参 8卡 h100 {text}") == "none"


@pytest.mark.parametrize("text", ["要不要 offload", "加不加 offload", "上不上 offload", "需不需要 offload"])
def test_offload_only_asked_is_not_refused(text: str) -> None:
    assert f.offload(f"72b 全参 8卡 h100 {text}") is None


HOST_ASKED = [
    ("72b 全参 8 张 h100 开 offload，主机内存够不够", "主机内存够"),
    ("72b 全参 八卡 h100 offload 的话 内存够吗", "主机内存够"),
    ("72b full ft on 8 h100 with offload, is host ram enough?", "Host memory is enough"),
    ("does an 8x h100 box have enough system memory for 72b full with optimizer offload", "Host memory is enough"),
]


@pytest.mark.parametrize(("text", "lead"), HOST_ASKED)
def test_host_memory_asked_leads_with_the_instance_against_the_need(text: str, lead: str) -> None:
    assert parse(text).asks.host_memory, text
    me = said(text)
    first = me.lines[0]
    assert lead in first and "864" in first and "1,600" in first, me.text


def test_an_offloading_answer_names_the_instance_host_memory_unasked() -> None:
    me = said("72b full ft on 8 h100 with offload")
    host = next(line for line in me.lines if line.startswith("🖥"))
    assert "864" in host and "1,600" in host, me.text


@pytest.mark.parametrize("text", ["72b full ft with offload, how much memory per card", "7b lora 要多少显存"])
def test_card_memory_is_not_host_memory(text: str) -> None:
    assert not parse(text).asks.host_memory


@pytest.mark.parametrize("text", ["月租多少", "一个月多少", "一周要多少？", "周租大概多少"])
def test_a_rental_term_priced_is_a_cost_ask(text: str) -> None:
    assert parse(text).asks.cost, text


@pytest.mark.parametrize("text", ["一个月能跑多少轮", "一个月多少张卡"])
def test_a_count_per_month_is_no_cost_ask(text: str) -> None:
    assert not parse(text).asks.cost, text


@pytest.mark.parametrize(("text", "over"), [
    ("8卡a100 跑32b全参可以吗，月租要多少", "上限超出"),
    ("can 8 a100s run 32b full with zero3, how much per month?", "high end is"),
])
def test_a_setup_whose_high_end_is_over_the_card_says_by_how_much(text: str, over: str) -> None:
    """The cost part's caution on 8 × A100 for 32B full (seed 000's minimum, at the edge here): the
    high end over 80 GB by so much, never "only -10.6 GB left"."""
    me = said(text)
    assert over in me.text and not re.search(r"(?<![\d–])-\d+(?:\.\d+)?\s*GB", me.text), me.text


@pytest.mark.parametrize(("question", "price"), [
    ("7b 全参 单张 a100 80g 够吗", "gpuli 周租多少"),
    ("7B 全参一张 A100 80G 能跑吗", "多少钱"),
    ("is a single a100 80gb enough for 7b full finetune?", "weekly price at gpuli?"),
])
def test_the_price_asked_of_a_sizing_is_the_card_it_answered(question: str, price: str) -> None:
    """Seed 000: 7B full fine-tuning on one 80 GB card with an 8-bit optimizer is the minimum (at the
    edge here): the price asked right after is that card's (gpuli A100 80GB ₮269 a week), sized with
    the same 8-bit optimizer, not a bigger card picked by sizing it again with AdamW."""
    me = ChatUser()
    me.say(question)
    me.say(price)
    assert "₮269" in me.text and "MI300X" not in me.lines[0], me.text


@pytest.mark.parametrize(("text", "lead"), [
    ("7b qlora 单卡 4090 主机内存够吗", "主机内存没有额外要求"),
    ("is host ram enough for 7b qlora on a 4090", "Host memory carries nothing extra"),
])
def test_host_memory_asked_of_a_setup_without_offload(text: str, lead: str) -> None:
    me = said(text)
    assert lead in me.lines[0], me.text


def test_a_setup_that_misses_on_the_cards_is_answered_on_the_cards_first() -> None:
    me = said("72b full ft 4 h100 offload is host ram enough")
    assert me.lines[0].startswith("❌"), me.text


@pytest.mark.parametrize(("text", "sizes"), [
    ("7b 和 14b 全参各要几卡", [7.0, 14.0]),
    ("how many cards do 7b and 14b full finetunes each need", [7.0, 14.0]),
    ("7b、14b、32b 全参 分别要几张 h100", [7.0, 14.0, 32.0]),
])
def test_one_ask_put_to_several_sizes_answers_each(text: str, sizes: list[float]) -> None:
    """Seed 000's full fine-tuning table: 7B one 80 GB card (8-bit optimizer), 14B 4 × A100 SXM (₮4,308)."""
    parts = parse(text).parts
    assert [p.request.params_b for p in parts] == sizes and all(p.request.method == "full" for p in parts), text
    me = said(text)
    assert "₮4,308" in me.text or "4×H100" in me.text or "4× H100" in me.text, me.text
