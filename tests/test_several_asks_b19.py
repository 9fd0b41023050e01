"""Issue 18 (blind set 19, "a message with two questions gets both answers"): a message, or a follow-up,
asking several things gets each answered, in the order asked, within 15 lines. Figures from the seeds:
14B LoRA 34–42 GB on a 48 GB card (L40S, gpuli ₮189/week), RTX A6000 gpuli ₮115/week and CloudGPU
$0.44/h, RTX 4090 gpuli ₮109/week, 8×H100 gpuli ₮4,172/week and ₮14,432/month (seed 000); InfiniBand
matters across nodes only (seed 000, 003); 4090s have no NVLink, ZeRO-3 over PCIe is slow (seed 000)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import first_lines, said

MAX_LINES = 15


# A job's memory (or its card) asked beside its cost: the sizing first, then the cost.
@pytest.mark.parametrize(("text", "memory", "cost"), [
    ("qwen3 14b lora 显存要多少 选什么卡 一周多少钱", "34–42 GB", "租 7 天"),
    ("14b lora 要多大显存？包月多少？", "GB", "租 30 天"),
    ("how much vram does qwen3 14b lora need, which card, and what's a week?", "34–42 GB", "for 7 d"),
    ("what gpu for 32b qlora and how much for a month", "GB", "for 30 d"),
])
def test_memory_and_cost_both_answered_memory_first(text: str, memory: str, cost: str) -> None:
    assert [p.intent for p in parse(text).parts] == ["size", "cost"], text
    me = said(text)
    assert memory in first_lines(me), me.text
    assert cost in me.text, me.text
    assert len(me.lines) <= MAX_LINES, me.text


# A cost asked for one length, then again for another ("两周呢"): both priced, a line each.
@pytest.mark.parametrize(("text", "first", "second"), [
    ("32b qlora a6000 一周多少 两周呢", "₮115", "₮230"),
    ("7b lora 用 a6000 跑一周多少，两周呢", "₮115", "₮230"),
    ("7b lora on an a6000 for a week, how much? what about two weeks?", "₮115", "₮230"),
    ("14b qlora 4090 跑一周多少 两周呢", "₮109", "₮218"),
])
def test_each_length_asked_is_priced(text: str, first: str, second: str) -> None:
    assert len(parse(text).asks.lengths) == 2, text
    me = said(text)
    assert first in first_lines(me), me.text
    assert second in me.text, me.text
    assert len(me.lines) <= MAX_LINES, me.text


def test_one_length_stays_one_price() -> None:
    assert parse("32b qlora a6000 一周多少").asks.lengths == ()
    assert parse("32b qlora 一周多少 一个月多少").asks.lengths == ()  # both units: the listing, answered as before


# A follow-up changing the last question and asking a FAQ question beside it: both.
@pytest.mark.parametrize(("turns", "price", "faq"), [
    (("8卡h100 一周多少", "两周呢 另外要不要买 IB"), "₮8,344", "节点"),
    (("8卡h100 一周多少", "一个月呢？另外要不要上 IB"), "₮14,432", "节点"),
    (("8xh100 for a week at gpuli", "what about two weeks? also, do we need infiniband?"), "₮8,344", "across nodes"),
    (("4090 一周多少", "a6000 呢？另外 有 nvlink 吗"), "₮115", "NVLink"),
])
def test_a_change_and_a_faq_question_both_answered(turns: tuple[str, str], price: str, faq: str) -> None:
    me = said(*turns)
    assert price in first_lines(me), me.text
    assert faq in me.text, me.text
    assert len(me.lines) <= MAX_LINES, me.text


@pytest.mark.parametrize("text", ["要不要买 IB", "需不需要 IB", "do we need to buy infiniband", "should we add IB"])
def test_an_infiniband_question_asked_whether_needed_finds_its_entry(text: str) -> None:
    assert [h.entry.id for h in parse(text).faq_answers][:1] == ["infiniband"], text


def test_an_extra_charge_question_keeps_its_word() -> None:
    """"另外收费吗" asks about an extra charge: 另外 there joins no second question."""
    me = said("gpuli 4090 一周多少 另外收费吗")
    assert "₮109" in first_lines(me), me.text


# A card's fit asked beside a deadline and a cost: the verdict leads, the deadline and the cost follow.
@pytest.mark.parametrize(("text", "verdict", "deadline", "cost"), [
    ("we need qwen 14b qlora trained by friday, about 20 hours of training. 4090 ok and how much?", "tight", "in time", "$6.60"),
    ("is a 4090 fine for 14b qlora? need it done by friday, about 20 hours of training, cost?", "tight", "in time", "$6.60"),
    ("qwen 14b qlora 周五前要训完 大概训 20 小时 4090 行吗 多少钱", "偏紧", "来得及", "$6.60"),
])
def test_fit_leads_beside_deadline_and_cost(text: str, verdict: str, deadline: str, cost: str) -> None:
    me = said(text)
    assert verdict in me.lines[0], me.text
    assert deadline in me.text and cost in me.text, me.text
    assert len(me.lines) <= MAX_LINES, me.text


# After a sizing, "can several of that card do ZeRO-3": how that setup runs leads (PCIe, slow), the job
# sized on those cards follows.
@pytest.mark.parametrize(("turns", "slow", "sized"), [
    (("14b lora 需要多少显存", "那 4090 多卡能 zero3 吗"), "掉速", "4×RTX 4090 (ZeRO-3)"),
    (("qwen3 32b lora 要多少显存", "那 3090 多卡用 zero3 会不会很慢"), "掉速", "8×RTX 3090 (ZeRO-3)"),
    (("help me size qwen3 32b lora", "what about several 4090s with zero3, is that slow?"), "slows down", "8× RTX 4090 (ZeRO-3)"),
    (("size qwen3 14b lora for me", "can several 4090s run it with zero3?"), "slows down", "4× RTX 4090 (ZeRO-3)"),
])
def test_multi_card_zero3_follow_up_answers_how_it_runs_first(turns: tuple[str, str], slow: str, sized: str) -> None:
    me = said(*turns)
    assert slow in first_lines(me), me.text
    assert sized in me.text, me.text
    assert len(me.lines) <= MAX_LINES, me.text


def test_a_setup_question_with_no_job_before_stays_the_faq_answer() -> None:
    me = said("4090 多卡能 zero3 吗")
    assert "掉速" in me.text and "GB" not in me.text, me.text
