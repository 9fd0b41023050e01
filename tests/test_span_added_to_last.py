"""A length said as added to the last one ("再加 3 小时呢 一共", "another 2 hours?", "多租两天呢") is priced as the sum
(5 h + 3 h of an A100 80G at $1.49: $11.92), never as the added length alone (blind 47, session 19)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("turns", "needle"), [
    (("cloudgpu a100 80g 一小时", "跑 5 小时", "再加 3 小时呢 一共"), "$11.92"),  # 8 h × $1.49
    (("cloudgpu 4090 for 10 hours, how much?", "another 2 hours?"), "$3.96"),  # 12 h × $0.33
    (("gpuli 4090 租 5 天多少", "多租两天呢"), "₮109"),  # 7 days: one week
])
def test_an_added_length_is_priced_as_the_sum(turns: tuple[str, ...], needle: str) -> None:
    me = ChatUser()
    for turn in turns:
        me.say(turn)
    assert needle in "\n".join(me.lines[:2]), me.text


@pytest.mark.parametrize(("text", "added"), [("再加 3 小时呢", True), ("another 2 days?", True), ("多跑两天", True),
                                              ("跑 5 小时", False), ("for 3 hours", False)])
def test_an_added_length_is_read_as_added(text: str, added: bool) -> None:
    assert parse(text).cues.span_added is added
