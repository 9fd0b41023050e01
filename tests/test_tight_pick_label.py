"""A cost answer whose pick holds the job only by its expected figure (the high end over the card) never calls it
the safe option: Qwen3-8B LoRA on one RTX 4090 is about 23.4 GB expected but up to 29.7 GB, over 24 GB."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser, first_lines

TIGHT = [
    ("qwen3 8b lora 10万条数据 4090 要跑多久 多少钱", "显存偏紧", "稳妥"),
    ("qwen3 8b lora 100k samples on a 4090 how long and what does it cost", "tight on memory", "safe option"),
    ("4090 上 qwen3-8b lora 训 10 万条 多少钱", "显存偏紧", "稳妥"),
]


@pytest.mark.parametrize(("text", "said", "never"), TIGHT)
def test_a_tight_pick_is_not_called_safe(text: str, said: str, never: str) -> None:
    me = ChatUser()
    me.say(text)
    head = first_lines(me, 3)
    assert said in head and never not in head, me.text
    assert "RTX 4090" in head, me.text


@pytest.mark.parametrize(("text", "safe"), [("qwen3 8b lora 10万条数据 多少钱", "稳妥"),
                                             ("qwen3 8b lora on 100k samples, what does it cost", "safe option")])
def test_a_pick_with_room_is_still_the_safe_one(text: str, safe: str) -> None:
    me = ChatUser()
    me.say(text)
    assert safe in first_lines(me, 3) and "tight on memory" not in me.text and "显存偏紧，见下方" not in me.text, me.text
