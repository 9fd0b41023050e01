"""A second sentence asking the job's own fallback ("不行的话用啥", "if not, what then?", "otherwise which card?") is part
of the job's question (issue 18, regression of blind 69 round 1's background reader): the fit verdict leads and the
setup that does fit follows, never a FAQ entry read as if the job were only background.

The FAQ question after a real background stays the FAQ's (tests/test_background_questions_r1d.py). Figures from
seed 000: 32B QLoRA needs 24–32 GB and rents an RTX A6000 48GB (₮389/month); 7B full fine-tuning's least setup is one
80 GB card with the 8-bit optimizer (₮899/month); 13B LoRA needs 34–42 GB.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.background import asked_after_background, questions
from tests.chat_user import ChatUser

NO = ("❌", "装不下", "does not fit")


def _said(msg: str) -> ChatUser:
    u = ChatUser()
    u.say(msg)
    return u


@pytest.mark.parametrize(("msg", "figures"), [
    ("单卡 4090 跑得了 32B 的 QLoRA 吗？装不下的话换啥卡", ["RTX A6000", "₮389"]),
    ("32b qlora 放一张 4090 上行吗？要是不行，最省钱的方案是什么？", ["RTX A6000", "₮389"]),
    ("一张 4090 能做 7B 全参微调吗？否则用什么？", ["8-bit", "₮899"]),
    ("一张 3090 够做 13B LoRA 吗？如果不够用，那选哪张卡？", ["34–42 GB"]),
    ("Can a single 4090 handle QLoRA on a 32B model? If not, what should we use?", ["RTX A6000", "₮389"]),
    ("Will full fine-tuning of a 7B fit on one RTX 4090? Otherwise, what's the cheapest setup?", ["8-bit", "₮899"]),
    ("Is one 3090 enough for 13B LoRA? If it isn't, which card then?", ["34–42 GB"]),
    ("Does a 32B QLoRA fit on a 24 GB 4090? Failing that, what is the cheapest card?", ["RTX A6000", "₮389"]),
])
def test_the_fallback_after_a_fit_question_keeps_the_verdict_leading(msg: str, figures: list[str]) -> None:
    u = _said(msg)
    assert u.last is not None and u.last.kind != "faq", u.text
    head = "\n".join(u.text.splitlines()[:3])
    assert any(word in head for word in NO), u.text
    assert all(f in u.text for f in figures), u.text


@pytest.mark.parametrize("msg", [
    "4090 能训 14B 全参吗？不行的话用啥",
    "Can one 4090 hold a 13B LoRA? If not, what then?",
    "一张 A100 40G 够跑 14B 全参吗？要是装不下呢，换什么？",
    "Will 7B full fine-tuning fit on one A100 40G? Otherwise which card?",
])
def test_a_fallback_sentence_joins_the_question_before_it(msg: str) -> None:
    assert len(questions(msg)) == 1
    assert asked_after_background(msg) is None


@pytest.mark.parametrize("msg", [
    # a background stated as "still not enough" is no fallback asked: the FAQ question after it stays its own
    "我们 14B 全参已经开了 bf16。还是不够，请问混合精度到底省了哪块？",
    "Background: our 7B full run in bf16 still runs out of memory. What does bf16 mixed precision actually save?",
])
def test_a_background_that_is_no_fallback_keeps_its_faq_question(msg: str) -> None:
    assert asked_after_background(msg) is not None
    u = _said(msg)
    assert u.last is not None and u.last.kind == "faq", u.text
    assert "25–35%" in u.text


@pytest.mark.parametrize("msg", [
    # a no about something else ("can't use FlashAttention", "if it doesn't support bf16") is a condition of the
    # question asked, not the fallback of the sentence before
    "我们 7B LoRA 跑在 V100 上。不能用 FlashAttention 的话，长度该怎么设？",
    "Our 7B LoRA runs on a V100. If it does not support bf16, what precision should we set?",
])
def test_a_no_about_something_else_is_no_fallback(msg: str) -> None:
    assert len(questions(msg)) == 2
    assert asked_after_background(msg) is not None


FIT_ASKS = ["4090 能训 7B 全参吗？", "Can one 4090 hold a 7B full fine-tune?", "32B QLoRA 单卡 4090 够吗？",
            "Does a 13B LoRA fit one 3090?"]
FALLBACKS = ["不行的话用啥", "不够的话换什么卡", "要是装不下，最便宜的方案是啥", "否则选哪张", "那如果不行呢，怎么办",
             "If not, what then?", "Otherwise which card?", "If it doesn't fit, what's the cheapest option?",
             "Failing that, what should we rent?", "If that won't work, which GPU?"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(FIT_ASKS), st.sampled_from(FALLBACKS))
def test_any_fallback_after_any_fit_ask_is_one_question(ask: str, fallback: str) -> None:
    msg = f"{ask} {fallback}"
    assert len(questions(msg)) == 1, questions(msg)
    assert asked_after_background(msg) is None
