"""Issue 18 (blind set 50): "how much to keep in the balance" after a job's cost (not only after a card's
price) is what to hold for the rental that cost picked: its price plus the hour CloudGPU pre-authorizes while
it runs (seed 002: 1×A800 $1.09/h, 8 h $8.72, + $1.09 = $9.81; RTX 4090 $0.33/h, 10 h $3.30, + $0.33 = $3.63)."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser


@pytest.mark.parametrize(("messages", "hold", "price"), [
    (("72b qlora cloudgpu a800 多少钱一小时", "8个小时呢", "余额要留多少"), "$9.81", "$8.72"),
    (("72b qlora 在 cloudgpu 用 a800 跑8小时 多少钱", "那账户里要留多少钱"), "$9.81", "$8.72"),
    (("8b qlora on a 4090 at cloudgpu for 10 hours, how much", "how much balance should i keep"), "$3.63", "$3.30"),
    (("8b qlora on a 4090 at cloudgpu for 10 hours, how much", "how much should I top up to be safe?"), "$3.63", "$3.30"),
])
def test_the_hold_after_a_jobs_cost(messages: tuple[str, ...], hold: str, price: str) -> None:
    me = ChatUser()
    for text in messages:
        me.say(text)
    first = me.text.splitlines()[0]
    assert hold in first and price in first, me.text
