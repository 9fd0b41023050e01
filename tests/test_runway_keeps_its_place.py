"""A budget's runway asked first, then whether a job fits the card ("budget $10 at cloudgpu on a 3090, how many hours?
also is 24gb enough for 7b qlora"): the runway is the first question and its answer leads. Session 26's fit-on-the-
priced-card rule (bot.core.part_job) had moved the fit ahead of it; the rule is for a price asked, not a budget's runway."""

import pytest

from tests.chat_user import ChatUser

# CloudGPU RTX 3090 $0.21/h (seed 001), billed by the minute: $10 buys 47.6 h; $6 buys 28.5 h (whole minutes)
CASES = [
    ("budget $10 at cloudgpu on a 3090, how many hours is that? also is 24gb enough for 7b qlora", "47.6"),
    ("cloudgpu 3090 预算 10 美元能跑几个小时？另外 7b qlora 放得下吗", "47.6"),
    ("with $6 on a cloudgpu 3090 how long can we run, and does 8b qlora fit in 24 gb", "28.5"),
    ("6 刀预算 cloudgpu 的 3090 能用多久，8b qlora 24g 够不够", "28.5"),
]


@pytest.mark.parametrize(("message", "hours"), CASES)
def test_runway_asked_first_leads(message: str, hours: str) -> None:
    user = ChatUser()
    user.say(message)
    first = user.text.splitlines()[0]
    assert hours in first, user.text
