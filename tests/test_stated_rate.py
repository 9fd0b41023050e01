"""Issue 18 (blind set 50, class: a rate is not a length): a price rate the user states ("一小时0.33刀",
"0.33刀一小时", "$0.33 an hour") names one unit of time beside money; the rental runs the length stated
elsewhere ("跑20个小时": 20 h × $0.33 = $6.60 on CloudGPU's RTX 4090, seed 002), and a reserve asked
beside it is answered too."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import ChatUser


@pytest.mark.parametrize(("text", "hours", "days"), [
    ("4090 一小时0.33刀 跑20个小时 多少钱", 20.0, None),
    ("4090 0.33刀一小时 跑20小时要多少", 20.0, None),
    ("cloudgpu 4090 每小时要 $0.33 跑 20 小时 总共多少", 20.0, None),
    ("a 4090 is $0.33 an hour, what does 20 hours cost", 20.0, None),
    ("4090 at $0.33/h for 20 hours how much", 20.0, None),
    ("一万网络 a100 一个月2800块 包3个月多少", None, 90.0),
    ("cloudgpu 4090 跑1小时 多少钱", 1.0, None),  # a length of one hour stays one
    ("预算 ₮800 一个月 72b qlora 够吗", None, 30.0),  # no other length: the month is the rental's, ₮800 its budget
    ("32B full FT，8 块 H100，gpuli 一周多少", None, 7.0),  # "8 块" counts cards, far from the week
])
def test_a_stated_rate_is_no_rental_length(text: str, hours: float | None, days: float | None) -> None:
    r = parse(text).rental
    assert (r.duration_hours, r.duration_days) == (hours, days), text


@pytest.mark.parametrize(("text", "reserve"), [
    ("7b qlora 一小时0.33刀 cloudgpu 跑20个小时 多少钱 余额要留多少", "缓冲"),
    ("8b qlora on a 4090 at $0.33 an hour, 20 hours of training, total cost? and how much balance should i keep", "buffer"),
])
def test_the_run_priced_for_its_length_then_the_reserve(text: str, reserve: str) -> None:
    me = ChatUser()
    me.say(text)
    assert "$6.60" in "\n".join(me.text.splitlines()[:3]), me.text
    assert reserve in me.text, me.text
