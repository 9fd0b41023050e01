"""A yes/no question asking whether a thing is free gets the yes of "not billed" (seed 002: cloudgpu's roughly two
minutes of boot are not charged); asked whether it is billed, the same fact is a no. The lead follows the question."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser

ASKED = [
    ("is booting free at cloudgpu?", "✅ Yes"),
    ("cloudgpu: is the startup free of charge?", "✅ Yes"),
    ("cloudgpu 开机那段免费吗", "✅ 免费"),
    ("cloudgpu 启动期间是免费的吗", "✅ 免费"),
    ("am I charged while it boots at cloudgpu", "❌ No"),
    ("does cloudgpu charge for the boot?", "❌ No"),
    ("cloudgpu 开机收费吗", "❌ 不收费"),
    ("cloudgpu 开机要多久 收钱吗", "❌ 不收费"),
]


@pytest.mark.parametrize(("text", "lead"), ASKED)
def test_the_lead_answers_the_polarity_asked(text: str, lead: str) -> None:
    me = ChatUser()
    me.say(text)
    assert me.lines[0].startswith(lead), me.text
    assert "2" in me.lines[0], me.text  # the two minutes of boot, either way
