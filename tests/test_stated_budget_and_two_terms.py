"""A message or a conversation asking two things about the same rental (session 15, round 2, helper b):
a budget stated the turn before is what the next rental asked "够不够" is weighed against, named back,
not the empty wallet. Prices from the seeds (一万网络 8×H100 ¥8–12万/month; CloudGPU A100 80G $1.49/hour,
4090 $0.33/hour)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("budget", "ask", "want"), [
    ("预算 3w", "一万网络 8 卡 h100 包月够不够", ["预算 ¥30,000", "不够", "¥90,000"]),
    ("我们预算三万", "8卡h100 一万网络 包一个月够吗", ["预算 ¥30,000", "不够"]),
    ("our budget is $500", "is a week of a100 80g at cloudgpu enough?", ["Budget $500", "enough", "$250.32", "$249.68"]),
    ("budget: 500 usd", "enough for a100 80g at cloudgpu for one week?", ["Budget $500", "$249.68"]),
    ("预算 2000 块", "cloudgpu 4090 租一周够吗", ["预算 ¥2,000", "够", "$55.44"]),
])
def test_budget_stated_before_weighs_the_rental(budget: str, ask: str, want: list[str]) -> None:
    chat = ChatUser()
    chat.say(budget)
    chat.say(ask)
    first = chat.lines[0]
    for w in want:
        assert w in first, (w, first)
    assert "钱包余额" not in first and "wallet holds" not in first
