"""Training arithmetic asked in chat (issue 18, class F): the global batch is micro-batch per device × gradient
accumulation × cards in all (nodes × cards a node), computed from the message and the turns before it; total steps
= ⌈samples × epochs ÷ global batch⌉ with the batch stated a turn earlier; a time question continued from a timed run
("今晚开跑 明早能出结果吗") answers with that run's time. Never the accumulation FAQ, "not sure" or "which model?"."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.chat_user import ChatUser, said

SMALL = st.sampled_from([1, 2, 4, 8])
CARDS = st.sampled_from([1, 2, 4, 8, 16])
ZH = ["{n}卡 micro-batch {m} 累积 {a} 全局 batch 多少", "全局batch多大？每卡 bs {m}，梯度累积 {a}，{n} 张卡",
      "{n} 张卡，per_device {m}，accum {a}，等效 batch 是多少"]
EN = ["global batch with micro {m}, accum {a}, {n} gpus?", "micro batch {m}, grad accum {a} on {n} GPUs - effective batch size?",
      "what's the global batch: per-device batch {m}, gradient accumulation {a}, {n} cards"]


def _has(text: str, value: int) -> bool:
    return bool(re.search(rf"(?<![\d.,]){value:,}(?![\d,])", text))


@settings(max_examples=25, deadline=None)
@given(m=SMALL, a=SMALL, n=CARDS, form=st.sampled_from(ZH + EN))
def test_the_global_batch_is_the_product_of_what_is_stated(m: int, a: int, n: int, form: str) -> None:
    me = said(form.format(m=m, a=a, n=n))
    lead = me.text.splitlines()[0]
    assert _has(lead, m * a * n), me.text
    assert "save memory" not in me.text and "省显存" not in me.text and "Which model" not in me.text


@pytest.mark.parametrize(("text", "total"), [
    ("两台八卡 micro-batch 1 累积 16 全局 batch 多大", 256),
    ("micro batch 2, grad accum 8, 16 GPUs (2 nodes x 8) - global batch?", 256),
    ("8 卡 per_device bs 4 accum 4，global batch 多少", 128),
    ("2 台 8 卡，bs 2 accum 4，全局 batch？", 128),
])
def test_nodes_count_their_cards_once(text: str, total: int) -> None:
    assert _has(said(text).text.splitlines()[0], total)


@pytest.mark.parametrize(("turns", "total"), [
    (("8卡 micro-batch 1 累积 16 全局 batch 多少", "两台呢", "micro 改成 2"), 512),
    (("8卡 micro-batch 1 累积 16 全局 batch 多少", "两台呢"), 256),
    (("global batch with micro 1, accum 16, 8 gpus?", "and with 16 gpus?"), 256),
    (("global batch with micro 1, accum 16, 8 gpus?", "accum 改成 32"), 256),
    (("global batch: micro 2, accum 4, 8 gpus?", "what about micro 4?"), 128),
])
def test_a_follow_up_changes_one_factor_of_the_batch(turns: tuple[str, ...], total: int) -> None:
    me = said(*turns)
    assert _has(me.text.splitlines()[0], total), me.text


@settings(max_examples=15, deadline=None)
@given(m=SMALL, a=SMALL, n=CARDS, samples=st.sampled_from([10_000, 50_000, 100_000]), epochs=st.sampled_from([1, 2, 3]),
       zh=st.booleans())
def test_steps_asked_next_use_the_batch_stated_before(m: int, a: int, n: int, samples: int, epochs: int, zh: bool) -> None:
    first = f"{n} 卡 per_device {m} accum {a} global batch" if zh else f"global batch: micro {m}, accum {a}, {n} gpus?"
    second = f"{samples // 10_000}万条 {epochs} epoch 总步数" if zh else f"total steps for {samples // 1000}k samples, {epochs} epoch?"
    me = said(first, second)
    steps = math.ceil(samples * epochs / (m * a * n))
    assert _has(me.text.splitlines()[0], steps), me.text


def test_steps_after_a_faq_and_a_batch_count_that_batch() -> None:
    me = said("does grad accumulation save memory?", "global batch: micro 4, accum 4, 16 gpus?", "total steps for 100k samples, 1 epoch?")
    assert _has(me.text.splitlines()[0], 391) and "= 100,000" not in me.text, me.text
    zh = said("8bit 优化器 每参数几个字节", "16 卡 per_device 2 accum 8 global batch", "5万条 3 epoch 总步数")
    assert _has(zh.text.splitlines()[0], 586), zh.text


def test_a_dataset_with_its_own_batch_is_counted_with_its_own() -> None:
    me = said("global batch: micro 4, accum 4, 16 gpus?", "20000 samples 2 epochs batch 2 accum 1 on 1 gpu, total steps?")
    assert _has(me.text.splitlines()[0], 20_000), me.text


@pytest.mark.parametrize(("turns", "hours"), [
    (("32b 全参 2000万token 3个epoch 8卡h100 要多久", "今晚开跑 明早能出结果吗"), "1.5"),
    (("32b 全参 2000万token 3个epoch 8卡h100 要多久", "明天早上能跑完吗"), "1.5"),
    (("32b full ft, 20M tokens, 3 epochs, 8x h100, how long?", "if we start tonight, done by tomorrow morning?"), "1.5"),
])
def test_a_deadline_after_a_timed_run_answers_with_its_time(turns: tuple[str, str], hours: str) -> None:
    me = said(*turns)
    head = "\n".join(me.text.splitlines()[:3])
    assert hours in head and ("来得及" in head or "in time" in head), me.text


def test_the_batch_answer_after_the_accumulation_faq_is_the_product(chat: ChatUser) -> None:
    chat.say("does gradient accumulation save memory?")
    reply = chat.say("ok so global batch with bs 2, accum 8, 4 gpus?")
    assert _has(str(reply.data.get("message")), 64), reply.data


@pytest.mark.parametrize(("turns", "figures"), [
    (("32b 全参 2000万token 3个epoch 8卡h100 要多久", "一个月能跑几次"), ["1.5 小时", "480"]),
    (("32b full ft, 20M tokens, 3 epochs, 8x h100, how long?", "how many runs fit in a month?"), ["1.5 h", "480"]),
    (("每步 1.2 秒 6000 步 要训多久", "一周能跑几次"), ["2 小时", "84"]),
    (("total 4000 steps at 2 s/step, how long?", "so how many runs per day?"), ["2.22 h", "10"]),
    (("7b lora 1亿token 2 epoch 单卡 a100 要跑多久", "包月的话能训几轮"), ["14.3 小时", "50"]),
])
def test_runs_that_fit_in_a_span_divide_the_run_time_into_it(turns: tuple[str, str], figures: list[str]) -> None:
    me = said(*turns)
    lead = me.text.splitlines()[0]
    assert all(f in lead for f in figures), me.text
