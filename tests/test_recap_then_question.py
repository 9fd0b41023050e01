"""A settled answer said back, then a new question after "另外 / 顺便 / 对了 / btw / one more thing": the
question after the joiner is what the reply answers and leads with; the recap is not sized again. A head
that asks something of its own is still its own question. Facts from the seeds (000, 002, 003) through
catalogs/faq.yaml."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import first_lines, said

# (message, a fact of the new question's answer); none of these answers is a sizing
RECAP_THEN_QUESTION = [
    ("刚算完 14b qlora 用 4090 ok 了 另外问下 gpuli 怎么充值", "USDT"),
    ("收到 a6000 就它了 顺便问 gpuli 下单之后还能退吗", "1 小时内"),
    ("明白 72b qlora 用 a100 对了 cloudgpu 开机多久能用", "2 分钟"),
    ("好 7b 全参 用 a100 对吧 另外一万网络 出故障多久迁移", "10 分钟"),
    ("行 那就 h100 了，还有 一万网络 客服几点有人", "7×24"),
    ("got it, 4090 then. btw can I pay with alipay?", "Alipay"),
    ("ok so an a6000 for 32b qlora. one more thing: how long does cloudgpu take to boot", "2 minutes"),
    ("understood, 8 h100s it is. also, how do I top up at gpuli", "USDT"),
]


@pytest.mark.parametrize(("text", "fact"), RECAP_THEN_QUESTION)
def test_the_question_after_a_recap_leads(text: str, fact: str) -> None:
    me = said(text)
    assert me.last.kind == "faq", me.text
    assert fact in first_lines(me, 3), me.text


@pytest.mark.parametrize("text", ["7b qlora 4090 够吗 另外 gpuli 怎么充值", "does 7b qlora fit a 4090? also, how do I top up gpuli"])
def test_a_head_that_asks_is_still_answered(text: str) -> None:
    # the head asks whether the job fits: it is a question of its own, not a recap
    assert len(parse(text).parts) == 2


def test_a_recap_with_a_question_that_needs_it_reads_whole() -> None:
    # "一周多少" alone names no card: the recap's card is the one priced
    parsed = parse("明白了 就用 h100 了 另外 一周多少")
    assert parsed.request.gpu == "h100-sxm" and parsed.rental.duration_days == 7
