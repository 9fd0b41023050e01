"""A command typed after the bot's address ("@KaSuan /gpus", as a group member types it) is the command, not a
question for the FAQ (blind 59 l-008)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize("text", ["@KaSuan /gpus", "@kasuan_bot, /gpus", "@KaSuan @ops /gpus", "/gpus"])
def test_a_command_after_an_address_runs_the_command(text: str) -> None:
    me = ChatUser()
    me.say(text)
    assert me.lines[0] == "GPU catalog" and any("RTX 4090" in line for line in me.lines), me.text


def test_an_address_before_a_question_is_still_a_question() -> None:
    me = ChatUser()
    me.say("@KaSuan 7b qlora 4090 够吗")
    assert me.lines[0].startswith("✅") and "4090" in me.lines[0], me.text
