"""How soon SSH is ready, asked in minutes and with the words people use for getting onto the machine ("几分钟能 ssh
上去", "how many minutes until I can ssh in"), is the instance-ready entry, led by the provider named (gpuli: about
3 minutes, seed 000; cloudgpu: about 2 minutes to boot, seed 002)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("text", "figure"), [
    ("gpuli 交完钱几分钟能 ssh 上去", "3 分钟"),
    ("在 cloudgpu 开机后几分钟能 ssh 进去？", "2 分钟"),
    ("gpuli: after paying, how many minutes until I can ssh in?", "3 minutes"),
])
def test_minutes_to_ssh(text: str, figure: str) -> None:
    u = ChatUser()
    u.say(text)
    answer = u.text.splitlines()[1]
    assert figure in answer.split("。")[0].split(". ")[0], u.text
