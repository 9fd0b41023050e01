""""How many would be safe? is one enough?": the count the message named is judged first (its yes or
no leads), the count needed follows; a bare size the catalog lacks (13B) is named as asked, with the
model whose shapes stand in for it."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


def test_one_card_asked_beside_how_many_is_judged_first() -> None:
    u = ChatUser()
    u.say("14b full fine-tune: how many H100s do we need to be safe? would a single H100 do?")
    lines = u.text.splitlines()
    assert lines[0].startswith("❌") and "1× H100" in lines[0]
    assert any("4× H100" in ln for ln in lines[1:4])


@pytest.mark.parametrize("msg", ["13b 全参，一张 a100 80g 够不够？要几张 a100 80g 才稳",
                                 "14b 全参要几张 h100 才稳，单张 h100 行不行"])
def test_the_chinese_question_too(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    assert u.text.startswith("❌") and ("不够" in u.text.splitlines()[0] or "装不下" in u.text.splitlines()[0])


def test_a_bare_size_is_named_as_asked_with_its_stand_in() -> None:
    u = ChatUser()
    u.say("13b full finetune: how many A100 80G?")
    text = u.text
    assert text.splitlines()[0].startswith("13B") and "architecture taken from Qwen3-14B" in text


def test_more_cards_than_needed_are_enough() -> None:
    u = ChatUser()
    u.say("qwen3 32b 全参要几张 h100，我们手上有 16 张 h100")
    assert u.text.startswith("✅ 16 张")
