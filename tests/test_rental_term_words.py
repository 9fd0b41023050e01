"""A rental term named by its unit ("周租", "weekly", "by the week") is how the time is bought, never how
long a run takes: with a deadline and no dataset size the deadline answer estimates what fits before it,
and the term named is the rental priced, where it is sold (only gpuli sells weeks, seed 000: a 4090
₮109 a week). The clock is fixed (chat_user.T0, Tuesday 2026-12-01 01:00 UTC)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser

TERM_DEADLINE = [
    "明天上线 现在租张4090周租 7b qlora 赶得上吗 要多少钱",
    "周五交付，按周租一张 4090 跑 8b qlora，来得及吗",
    "launch on thursday, renting a 4090 weekly for 7b qlora, will it finish in time? cost?",
    "7b qlora on a 4090 by the week, done before friday? how much",
]


@pytest.mark.parametrize("msg", TERM_DEADLINE)
def test_a_weekly_term_is_no_run_length(msg: str) -> None:
    u = ChatUser()
    u.say(msg)
    text = u.text
    head = "\n".join([line for line in text.splitlines() if line.strip()][:3])
    assert "168 小时的训练" not in text and "168 h run" not in text and "168-hour" not in text, text
    assert "来不及" not in head and "won't finish" not in head.lower(), text
    assert "₮109" in head, text
