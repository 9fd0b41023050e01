"""The reply language follows the conversation: a message whose Latin words are only names, terms
or commands ("export llamafactory", "H100 price", "gpuli", "cost?") carries no language of its own,
so a Chinese conversation stays Chinese on every reply path (export, price, sizing, FAQ, follow-up);
an English sentence ("how much is that?") switches to English."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.core.settings import message_lang
from tests.chat_user import ChatUser

CJK = re.compile(r"[\u4e00-\u9fff]")
OPENERS = ["qwen3 8b qlora 一张4090 够吗", "帮我估一下 7b lora 的显存", "H100 一个月多少钱", "gpuli 怎么充值"]
TERMS_ONLY = ["export llamafactory", "export deepspeed config", "H100 price", "8x H100 monthly", "gpuli",
              "qwen3 8b qlora 4090", "cost?", "nvlink h100", "A100 80G weekly", "14b full ft", "deepspeed zero3"]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OPENERS), st.sampled_from(TERMS_ONLY))
def test_a_terms_only_message_in_a_chinese_conversation_is_answered_in_chinese(opener: str, terms: str) -> None:
    chat = ChatUser()
    chat.say(opener)
    chat.say(terms)
    assert chat.last is not None and chat.last.lang == "zh", (opener, terms, chat.text)
    assert CJK.search(chat.text), (opener, terms, chat.text)


@given(st.sampled_from(TERMS_ONLY))
def test_terms_and_commands_carry_no_language(terms: str) -> None:
    assert message_lang(terms) is None
    assert message_lang(terms.upper()) is None


def test_an_english_sentence_switches_the_conversation_to_english() -> None:
    chat = ChatUser()
    chat.say("qwen3 8b qlora 一张4090 够吗")
    reply = chat.say("how much would that be per month?")
    assert reply.lang == "en"
    reply = chat.say("export llamafactory")  # stays in the language the conversation is in now
    assert reply.lang == "en"


# the mirror: an English conversation answered with one Chinese word, a card asked again with 呢, or a term
EN_OPENERS = ["is a 4090 enough for 7b qlora?", "cloudgpu a6000 hourly rate?", "gpuli h100 weekly price?",
              "how much vram does 14b lora need"]
ZH_FRAGMENTS = ["人民币", "3090呢", "a100 呢？", "包月", "月付呢"]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(EN_OPENERS), st.sampled_from(ZH_FRAGMENTS))
def test_a_one_word_chinese_answer_keeps_an_english_conversation_english(opener: str, fragment: str) -> None:
    chat = ChatUser()
    chat.say(opener)
    reply = chat.say(fragment)
    assert reply.lang == "en", (opener, fragment, chat.text)


def test_a_chinese_question_still_switches_to_chinese() -> None:
    for question in ("多少钱", "要几张", "够吗", "batch size 设多大"):
        assert message_lang(question) == "zh", question
    chat = ChatUser()
    chat.say("cloudgpu 4090 hourly rate?")
    reply = chat.say("人民币")  # $0.33 an hour, in yuan, said in English
    assert reply.lang == "en" and "¥" in chat.text and "4090" in chat.text
    assert chat.say("那一个月多少钱").lang == "zh"


# a first question of names and terms only ("qlora 14b", "7b lora bf16 4090") says no language: the script of the
# fragment after it decides, so a Chinese one is answered in Chinese and a Latin one in English
_NAMES = st.lists(st.sampled_from(["qlora", "lora", "14b", "7b", "qwen3 8b", "4090", "a100 80g", "bf16", "gpuli", "cloudgpu"]),
                  min_size=1, max_size=4, unique=True)


@settings(max_examples=30, deadline=None)
@given(_NAMES, st.sampled_from(["两张 4090 呢", "包周", "8 小时", "人民币", "3090呢", "要几张"]))
def test_a_chinese_fragment_after_names_only_is_answered_in_chinese(names: list[str], fragment: str) -> None:
    chat = ChatUser()
    chat.say(" ".join(names))
    assert chat.say(fragment).lang == "zh", (names, fragment, chat.text)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["一万网络 3090 price?", "一万网络 a100 40g monthly?", "gpuli h100 rental price?"]),
       st.sampled_from(["in usd?", "in CNY?", "cost?", "4 cards?"]))
def test_a_latin_fragment_after_an_english_word_stays_english(opener: str, fragment: str) -> None:
    chat = ChatUser()
    chat.say(opener)
    assert chat.say(fragment).lang == "en", (opener, fragment, chat.text)


@pytest.mark.parametrize("fragment", ["eight hours?", "two cards?", "3 days?"])
def test_a_quantity_in_english_words_keeps_a_chinese_conversation_chinese(fragment: str) -> None:
    chat = ChatUser()
    chat.say("cloudgpu 4090 一小时多少")
    assert chat.say(fragment).lang == "zh", chat.text
