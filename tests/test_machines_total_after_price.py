""""两台的话 一共多少" after one machine's price: the machines it states are priced (2 × ₮14,432 + InfiniBand 2 × ₮600 =
₮30,064), never the one machine's total again (blind 47, session 19)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize("then", ["两台的话 一共多少", "2 台 一共多少", "what about two machines, total?"])
def test_machines_stated_with_a_total_are_priced(then: str) -> None:
    me = ChatUser()
    me.say("gpuli 一台 8卡 h100 一个月多少")
    me.say(then)
    lead = "\n".join(me.lines[:2])
    assert "₮30,064" in lead and "16" in lead, me.text
