"""A message with no Chinese letters but typed with a Chinese input method ("Qwen3-8B QLoRA RTX 4090？":
ASCII words, a full-width question mark) is answered in Chinese, and the conversation stays Chinese; the
mark is the weakest sign of the language, so a message with English words of its own ("does 14b lora fit
on an l40s？") and a conversation already in English stay English (bot.text.i18n.ime_language)."""

from __future__ import annotations

import re

import pytest

from bot.text.i18n import detect_language, ime_language
from tests.chat_user import ChatUser, conversation, lead_lines

CJK = re.compile(r"[\u4e00-\u9fff]")

IME_ONLY = ["Llama-3.1-8B LoRA A100 80G？", "72b qlora h100！", "gpuli 4090：7b qlora", "qwen3 14b lora，l40s",
            "Qwen2.5-32B QLoRA A6000。"]


@pytest.mark.parametrize("text", IME_ONLY)
def test_input_method_punctuation_alone_answers_in_chinese(text: str) -> None:
    assert ime_language(text) == "zh" and detect_language(text) == "zh"
    assert CJK.search(lead_lines(conversation(text), 1))


@pytest.mark.parametrize("text", ["does 14b lora fit on an l40s？", "how much is a 4090 per month？",
                                  "can we do 72b qlora on one h100！"])
def test_english_words_outweigh_the_punctuation(text: str) -> None:
    assert not CJK.search(lead_lines(conversation(text), 1))


@pytest.mark.parametrize("text", ["qwen3 8b qlora 4090", "7B QLoRA RTX 4090?", "can 4090 do 7b qlora？谢谢"])
def test_ascii_punctuation_or_a_courtesy_is_no_sign(text: str) -> None:
    assert detect_language(text) == "en"


@pytest.mark.parametrize("follow", ["cost?", "a100?", "lora"])
def test_the_conversation_stays_chinese(follow: str) -> None:
    assert CJK.search(lead_lines(conversation("Qwen3-8B QLoRA RTX 4090？", follow), 1))


@pytest.mark.parametrize("first", ["how much is an h100 per hour", "can a 4090 do 7b qlora"])
def test_an_english_conversation_stays_english(first: str) -> None:
    me = ChatUser()
    me.say(first)
    me.say("qwen3 14b lora，l40s？")
    assert not CJK.search(lead_lines(me.text, 1))
