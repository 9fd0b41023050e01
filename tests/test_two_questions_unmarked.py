"""Two questions typed with no mark between them, as team chats do: each gets its answer, and a yes/no
question among them gets its verdict before its answer, wherever it stands in the message ("cloudgpu
开机要多久 开机那段收钱吗": boot time is not billed). Facts from the seeds (000, 002) through catalogs/faq.yaml."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import first_lines, said

TWO_FAQ = [
    ("gpuli 到期会提醒吗 过期后数据保留几天", ("前 3 天", "保留 7 天")),
    ("gpuli 快到期了会发邮件吗 停机之后数据还留多久", ("前 3 天", "保留 7 天")),
    ("cloudgpu 开机要多久 开机那段收钱吗", ("2 分钟", "不计费")),
    ("how long does cloudgpu take to boot and is the boot billed", ("2 minutes", "not billed")),
    ("does gpuli email me before the rental expires and how long is data kept after it stops", ("3 days", "7 days")),
]


@pytest.mark.parametrize(("text", "facts"), TWO_FAQ)
def test_each_unmarked_question_is_answered(text: str, facts: tuple[str, str]) -> None:
    parsed = parse(text)
    assert len({h.entry.id for h in parsed.faq_answers}) == 2, parsed.faq_answers
    reply = said(text).text
    assert all(fact in reply for fact in facts), reply


@pytest.mark.parametrize(("turns", "verdict"), [
    (("cloudgpu 开机要多久 开机那段收钱吗",), "不计费"),
    (("cloudgpu 开机要多久", "开机那段时间收钱吗"), "不计费"),
    (("how long until a cloudgpu instance is up?", "and is the boot billed?"), "not billed"),
])
def test_a_boot_billing_question_gets_its_no_up_front(turns: tuple[str, ...], verdict: str) -> None:
    assert verdict in first_lines(said(*turns), 3)


def test_one_question_stays_one() -> None:
    # one question whose words only look like two: one answer
    assert len(parse("cloudgpu 开机后是按分钟计费吗").faq_answers) == 1
