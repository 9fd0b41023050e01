"""Questions blind set 16 showed misread, as classes: an add-on asked by its verb alone prices
every add-on named, not the first."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize("text", ["一万网络 cpu升级 内存升级 各多少钱", "一万网络 16核 再加内存 一个月多少",
                                  "一万网络 加cpu和内存怎么收费", "yiwan cpu upgrade plus a ram upgrade, how much?",
                                  "yiwan 16 cores and add ram, monthly price?",
                                  "at yiwan, what does upgrading the cpu and ram cost per month"])
def test_both_add_ons_asked_by_verb_are_both_priced(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert "¥400" in chat.text and "¥600" in chat.text, chat.text


@pytest.mark.parametrize("text", ["一万网络 内存升级多少钱", "yiwan ram upgrade price?"])
def test_the_memory_add_on_alone_is_priced(chat: ChatUser, text: str) -> None:
    chat.say(text)
    assert "¥600" in chat.text, chat.text
