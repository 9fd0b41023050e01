"""Follow-up chains (blind set 24): a change of the job said alone, a thanks before a follow-up, a short
English fragment in a Chinese conversation, and the provider a conversation was asked at.

- The method and the card count are changes of the job, like a training setting: "改用 qlora，一张卡",
  "lora instead?", "what if we do full fine-tune instead" re-size the job before with them, never the
  FAQ entry their words come near (QLoRA's speed, the MI300X note, "single card").
- "谢啦，那一周呢", "ok, and monthly?", "thanks! and if we go with 8 H200s?": the thanks is said to the
  answer before; what follows is the follow-up it would be alone.
- "in USD", "at gpuli?", "thx, and monthly?" are fragments with one English grammar word: no language of
  their own, so a Chinese conversation stays Chinese; "how much would that be per month?" still switches.
- A follow-up of a job asked at a provider ("14b full at gpuli" then "what about 32b") is answered at that
  provider, as the first question was.
"""

from __future__ import annotations

import re

import pytest

from bot.core.settings import message_lang
from bot.understand.parser import parse
from bot.understand.talk import without_thanks
from tests.chat_user import ChatUser, conversation, lead_lines

CJK = re.compile(r"[\u4e00-\u9fff]{4}")


@pytest.mark.parametrize(("first", "change", "lead"), [
    ("qwen3 14b lora 要多少显存", "改用 qlora，一张卡", "QLoRA"),
    ("size qwen3 14b for me", "go with qlora on one gpu", "QLoRA"),
    ("qwen3 14b lora 要多少显存", "qlora, single card", "QLoRA"),
    ("qwen3 8b qlora 一张4090够吗", "what if we do full fine-tune instead", "full fine-tune"),
    ("qwen3 8b qlora 一张4090够吗", "如果用全参呢", "全参"),
])
def test_a_method_or_count_said_alone_resizes_the_job(first: str, change: str, lead: str) -> None:
    text = conversation(first, change)
    head = lead_lines(text, 1)
    assert lead in head and ("8B" in head or "14B" in head), text
    assert "MI300X" not in head and "?" not in head and "？" not in head, text  # no FAQ question leads


@pytest.mark.parametrize(("first", "change", "lead"), [
    ("70b qlora at cloudgpu, what gpu", "lora instead?", "CloudGPU rents no setup"),
    ("cloudgpu 上 70b qlora 用哪张卡", "要是改成 bf16 lora 呢", "CloudGPU 不租"),
])
def test_a_method_change_at_a_provider_says_that_provider_cannot_hold_it(first: str, change: str, lead: str) -> None:
    text = conversation(first, change)
    assert lead in lead_lines(text, 1), text
    assert "155–175 GB" in lead_lines(text), text  # 70B bf16 LoRA (seed 000): more than any 80 GB card CloudGPU rents


@pytest.mark.parametrize(("first", "then", "figure"), [
    ("qwen3 8b lora 用 5090 行吗", "谢啦，那一周呢", "₮149"),
    ("gpuli 的 4090 一周多少", "ok, and monthly?", "₮369"),
    ("gpuli 的 4090 一周多少", "好的，那包月呢", "₮369"),
])
def test_a_thanks_before_a_follow_up_keeps_the_follow_up_and_the_chinese(first: str, then: str, figure: str) -> None:
    me = ChatUser()
    me.say(first)
    reply = me.say(then)
    assert figure in lead_lines(me.text), me.text
    assert reply.lang == "zh" and CJK.search(me.text), me.text


def test_thanks_then_a_new_setup_prices_that_setup() -> None:
    text = conversation("72b full finetune what do we need", "thanks! and if we go with 8 H200s?", "per month?")
    assert "₮19,752" in lead_lines(text), text  # 8 × H200 a month at gpuli (seed 000), not 8 × H100's ₮14,432
    assert "₮14,432" not in lead_lines(text), text


@pytest.mark.parametrize(("text", "rest"), [
    ("thx, week?", "week?"), ("谢了，那一周呢", "那一周呢"), ("Cheers! what about 32b", "what about 32b"),
    ("好的卡有哪些", "好的卡有哪些"), ("thanks!", "thanks!"), ("ok", "ok"),
])
def test_only_an_opening_thanks_is_taken_off(text: str, rest: str) -> None:
    assert without_thanks(text) == rest


def test_a_thanks_opening_reads_as_the_rest() -> None:
    assert parse("thx, and on a 5090?").request.gpu == parse("and on a 5090?").request.gpu
    assert parse("谢啦，那换成 qlora 呢").request.method == "qlora"


@pytest.mark.parametrize(("text", "lang"), [
    ("in USD", None), ("at gpuli?", None), ("thx, and monthly?", None), ("is 5090 enough", None),
    ("how much", "en"), ("how much would that be per month?", "en"), ("for a week", "en"),
])
def test_a_short_fragment_carries_no_language(text: str, lang: str | None) -> None:
    assert message_lang(text) == lang


@pytest.mark.parametrize(("first", "then", "mark"), [
    ("gpuli 的 A100 一个月多少", "in USD", "$"),
    ("gpuli 4090 一周多少", "at cloudgpu?", "CloudGPU"),
])
def test_a_short_english_follow_up_keeps_a_chinese_conversation_chinese(first: str, then: str, mark: str) -> None:
    me = ChatUser()
    me.say(first)
    reply = me.say(then)
    assert reply.lang == "zh" and CJK.search(me.text) and mark in me.text, me.text


def test_a_follow_up_is_answered_at_the_provider_the_job_was_asked_at() -> None:
    text = conversation("14b full finetune at gpuli", "what about 32b")
    head = lead_lines(text)
    assert "₮8,352" in head and "一万网络" not in head, text  # gpuli's 8 × A100 SXM month, gpuli alone


@pytest.mark.parametrize(("first", "then", "answer"), [
    ("qwen3 8b qlora on a 4090?", "thanks, and how do I top up at gpuli", "USDT"),
    ("qwen3 8b qlora on a 4090?", "and how do i pay at cloudgpu", "Alipay"),
])
def test_a_how_to_question_opened_by_and_is_asked_whole(first: str, then: str, answer: str) -> None:
    text = conversation(first, then)
    assert answer in lead_lines(text), text  # the FAQ's answer, not the sizing re-priced at that provider
