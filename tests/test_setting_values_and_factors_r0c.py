"""A follow-up that changes one setting of the job just sized re-sizes that job with the new value, however the
change is said (session 26, round 0):

- a setting with its value in a sentence ("the seq is 4096", "context length now 16k", "序列现在是 8192",
  "cutoff_len: 4096 still ok?"): that value, never the FAQ entry on sequence length its words come near;
- a setting changed by a factor ("double the batch", "batch 翻倍", "half the cards", "卡减半", "序列加倍"): the
  value the last answer used (stated, the count of the setup it led with, or the engine's default: seq 2048,
  micro-batch 1) times the factor, never the FAQ entry on gradient accumulation or bf16 its words come near.

Figures: the engine's sizing (seed 000's method; its reference table's 32B full minimum is 8 × 80 GB with ZeRO-3)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.normalize import normalize
from bot.understand.scaled import scaled
from tests.chat_user import ChatUser


def _after(first: str, change: str) -> ChatUser:
    me = ChatUser()
    me.say(first)
    me.say(change)
    return me


VALUES = [
    ("7b lora on one 4090", "the seq is 4096", "seq 4096"),
    ("7b lora on one 4090", "context length now 16k", "seq 16384"),
    ("8b lora on a 4090", "cutoff_len: 4096, still ok?", "seq 4096"),
    ("8b lora on a 4090", "max length should be 8192", "seq 8192"),
    ("7b lora 单卡 4090", "序列现在是 8192", "序列 8192"),
    ("7b lora 单卡 4090", "上下文设成 4096 还行吗", "序列 4096"),
    ("8b qlora 一张 3090", "batch 改成 4", "batch 4"),
]


@pytest.mark.parametrize(("job", "change", "figure"), VALUES)
def test_a_setting_said_with_its_value_re_sizes_the_job(job: str, change: str, figure: str) -> None:
    me = _after(job, change)
    assert me.last.kind == "sizing", me.text
    assert figure in me.lines[0], me.text


def test_the_setting_sentence_is_a_new_value_not_the_sequence_length_faq() -> None:
    me = _after("8b lora on one 4090", "seq is 8192 now")
    assert "OOM" not in me.lines[0] and "seq 8192" in me.lines[0] and "4090" in me.lines[0], me.text


def test_whether_a_setting_helps_stays_the_faqs() -> None:
    assert _after("7b lora 4090", "rank 64 有用吗").last.kind == "faq"


FACTORS = [
    # the batch stated (4) doubled
    ("8b lora on one 4090, batch 4", "double the batch", "batch 8"),
    ("8b lora 单卡 4090，batch 4", "batch 翻倍", "batch 8"),
    ("8b lora on one 4090, batch 2", "what if the batch size is doubled?", "batch 4"),
    # the default sequence (2048) doubled
    ("7b lora on a 4090", "twice the context", "seq 4096"),
    ("14b qlora 4090", "序列长度加倍呢", "序列 4096"),
    # the count stated halved or doubled
    ("32b full on 8 h100", "half the cards", "4× H100 SXM"),
    ("32b 全参 8 张 h100", "卡减半", "4×H100 SXM"),
    ("7b full on 8 a100", "halve the gpus", "4× A100 80GB SXM"),
    ("14b 全参 4 张 h100", "卡数翻倍", "8×H100 SXM"),
    ("32b full on 8 h100", "cut the gpus in half", "4× H100 SXM"),
    ("8b lora on one 4090, batch 2", "make the batch twice as big", "batch 4"),
    # the setup the sizing led with (32B full: 8 × A100 80GB SXM) doubled
    ("32b 全参", "卡翻倍", "16×A100 80GB SXM"),
]


@pytest.mark.parametrize(("job", "change", "figure"), FACTORS)
def test_a_setting_changed_by_a_factor_re_sizes_with_the_new_value(job: str, change: str, figure: str) -> None:
    me = _after(job, change)
    assert me.last.kind == "sizing", me.text
    assert figure in me.lines[0], me.text


def test_half_of_one_card_is_no_count_of_zero() -> None:
    me = _after("7b qlora on one 4090", "half the cards")
    assert "0×" not in me.text and "0 ×" not in me.text, me.text


FIELD_WORDS = {
    "micro_batch": ["batch", "the batch", "batch size", "bs", "批大小", "micro batch"],
    "num_gpus": ["the cards", "gpus", "the gpus", "卡", "卡数", "显卡"],
    "seq_len": ["seq", "the sequence length", "context", "序列", "序列长度", "上下文"],
    "grad_accum": ["grad accum", "gradient accumulation", "梯度累积"],
}
BEFORE = {Fraction(2): ["double", "twice", "两倍"], Fraction(1, 2): ["halve", "half", "一半的"]}
AFTER = {Fraction(2): ["翻倍", "加倍", "翻一倍", "doubled", "x2", "乘以 2", "twice as big"],
         Fraction(1, 2): ["减半", "砍半", "halved", "砍一半", "除以 2", "in half"]}


@settings(max_examples=200, deadline=None)
@given(field=st.sampled_from(sorted(FIELD_WORDS)), factor=st.sampled_from([Fraction(2), Fraction(1, 2)]),
       before=st.booleans(), data=st.data(), tail=st.sampled_from(["", " 呢", "?", " then?", " 吧", "，能行吗"]),
       head=st.sampled_from(["", "那 ", "what if we ", "ok ", "把 "]))
def test_any_factor_word_with_any_setting_word_reads_that_setting_and_factor(
        field: str, factor: Fraction, before: bool, data: st.DataObject, tail: str, head: str) -> None:
    word = data.draw(st.sampled_from(FIELD_WORDS[field]))
    said = data.draw(st.sampled_from((BEFORE if before else AFTER)[factor]))
    text = f"{head}{said} {word}{tail}" if before else f"{head}{word} {said}{tail}"
    assert scaled(normalize(text)) == (field, factor), text


@pytest.mark.parametrize("text", ["double check the price", "half a day", "2x h100", "一半的钱", "8 卡", "两倍的价格",
                                  "half an hour on a 4090"])
def test_no_setting_no_factor(text: str) -> None:
    assert scaled(normalize(text)) is None
