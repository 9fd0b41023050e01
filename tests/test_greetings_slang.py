"""A chat's opener in slang ("sup @kasuan", "各位 问个事", "quick q") is small talk, answered with a hello, never
"that's outside what I do"; a real question after the opener is still that question."""

from __future__ import annotations

import pytest

from bot.understand.talk import small_talk
from tests.chat_user import ChatUser, first_lines


@pytest.mark.parametrize("text", ["sup @kasuan", "wassup", "what's up bot", "howdy", "@kasuan 在吗 quick q",
                                  "各位 问个事", "嘿 卡算", "请教一下", "got a quick question"])
def test_a_slang_opener_is_a_greeting(text: str) -> None:
    assert small_talk(text) == "greeting"
    me = ChatUser()
    me.say(text)
    assert "outside what I do" not in me.text and "帮不上" not in me.text, me.text


@pytest.mark.parametrize(("text", "price"), [("sup, 8xh100 gpuli week?", "₮4,172"), ("各位 问个事 gpuli 4090 包月多少", "₮369")])
def test_a_question_after_the_opener_is_answered(text: str, price: str) -> None:
    assert small_talk(text) is None
    me = ChatUser()
    me.say(text)
    assert price in first_lines(me, 3), me.text
