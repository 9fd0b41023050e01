"""A token count given with a job that no option holds ("14b lora on 4x 4090 zero3, 200M tokens") was
answered as if no data size had been given ("no dataset size or duration"): the cost reply's headline
fell through to the shortest-rental wording whenever no card had a time. The count was read (M, B, 万, 亿
beside the other numbers); the headline now says so, and that nothing holds the job."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser

CASES = [
    ("14b lora on 4x 4090 zero3, 200M tokens, cost?", "200,000,000 tokens"),
    ("what would 14b lora on one 4090 with 1.5B tokens cost", "1,500,000,000 tokens"),
    ("price for 14b lora, 4 x 4090, zero-3, 50m tokens", "50,000,000 tokens"),
    ("14b lora 4卡4090 zero3 2亿token 多少钱", "200,000,000 token"),
    ("14b lora 一张4090 训 5000万 token 要花多少", "50,000,000 token"),
    ("4张4090 zero3 跑 14b lora，3亿 tokens，费用多少", "300,000,000 token"),
]


@pytest.mark.parametrize(("text", "count"), CASES)
def test_token_count_is_said_when_no_option_holds_the_job(text: str, count: str) -> None:
    me = ChatUser()
    me.say(text)
    head = me.text.splitlines()[0]
    assert count in head, me.text
    assert "no dataset size" not in me.text and "没给数据量" not in me.text, me.text
