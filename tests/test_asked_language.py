"""A reply language asked for in words ("answer in english pls", "用中文回答") is the reply's language,
whatever the message is written in, and holds for the user's next messages until another is asked;
words that only name a language ("英文数据集", "an English dataset") ask nothing."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.core.settings import asked_language
from tests.chat_user import ChatUser

CJK = re.compile(r"[\u4e00-\u9fff]")
ASK_EN = ["answer in english pls", "reply in English please", "english pls", "pls english", "英文回答",
          "用英文回复", "请用英语回答", "can you respond in english", "in english please"]
ASK_ZH = ["用中文回答", "请用中文", "中文回复", "reply in chinese please", "answer in Chinese", "chinese pls",
          "换回中文吧"]
QUESTIONS_ZH = ["一万网络 的 3090 月付多少", "7b qlora 4090 够吗", "gpuli 怎么充值", "8 卡 h100 一个月多少钱"]
QUESTIONS_EN = ["how much is a 3090 per month at 一万网络", "can a 4090 do 7b qlora", "how do I top up at gpuli"]
SEPARATORS = [" — ", "，", ", ", ": ", " ", "\n"]


@pytest.mark.parametrize("text", ASK_EN)
def test_english_asked_for(text: str) -> None:
    assert asked_language(text) == "en"


@pytest.mark.parametrize("text", ASK_ZH)
def test_chinese_asked_for(text: str) -> None:
    assert asked_language(text) == "zh"


@pytest.mark.parametrize("text", ["用英文数据集训 7b lora 要多久", "an English dataset of 50k samples, 8b qlora",
                                  "中文语料 2w 条", "english or chinese data, does it matter?", "英文版教程在哪",
                                  "7b qlora 4090 够吗"])
def test_naming_a_language_is_no_request(text: str) -> None:
    assert asked_language(text) is None


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(ASK_EN), st.sampled_from(QUESTIONS_ZH), st.sampled_from(SEPARATORS), st.booleans())
def test_a_chinese_question_asked_to_be_answered_in_english_is(ask: str, question: str, sep: str, first: bool) -> None:
    chat = ChatUser()
    reply = chat.say(ask + sep + question if first else question + sep + ask)
    assert reply.lang == "en", chat.text


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(ASK_ZH), st.sampled_from(QUESTIONS_EN), st.sampled_from(SEPARATORS))
def test_an_english_question_asked_to_be_answered_in_chinese_is(ask: str, question: str, sep: str) -> None:
    chat = ChatUser()
    reply = chat.say(question + sep + ask)
    assert reply.lang == "zh" and CJK.search(chat.text), chat.text


def test_the_asked_language_holds_for_the_next_messages_until_another_is_asked() -> None:
    chat = ChatUser()
    assert chat.say("answer in english pls — 一万网络 的 3090 月付多少").lang == "en"
    assert chat.say("7b qlora 4090 够吗").lang == "en"  # written in Chinese, still answered in English
    assert chat.say("换回中文吧，gpuli 4090 一周多少").lang == "zh"
    assert chat.say("how much is an h100 for a month?").lang == "zh"
