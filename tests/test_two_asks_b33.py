"""A message with two questions gets both answers (issue 18, blind 33): two service questions typed with no
mark (the break after any word, a provider opening the first: "gpuli ssh多久能连上 能按小时租吗", "cloudgpu: how
is gpu billed and what happens when balance runs out"), one FAQ question asked of two cards ("nvlink on a100
sxm, and on 4090?": each card's verdict), and one price asked of two counts of a card ("4 x h100 monthly and
8 x h100 monthly": each priced). Facts from the seeds (000, 002) through the catalogs."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import first_lines, said

TWO_FAQ = [
    ("gpuli ssh多久能连上 能按小时租吗", ("3 分钟", "7 天")),
    ("gpuli 多久能拿到机器 数据保留几天", ("3 分钟", "7 天")),
    ("gpuli ssh要等多长时间 可以按小时租吗", ("3 分钟", "7 天")),
    ("gpuli 机器多快能连上 数据停机后留几天", ("3 分钟", "7 天")),
    ("how fast can I ssh in at gpuli can I rent by the hour", ("3 minutes", "7-day")),
    ("cloudgpu: how is gpu billed and what happens when balance runs out", ("minute", "destroyed")),
]


@pytest.mark.parametrize(("text", "facts"), TWO_FAQ)
def test_two_unmarked_service_questions_each_get_their_answer(text: str, facts: tuple[str, str]) -> None:
    assert len({h.entry.id for h in parse(text).faq_answers}) == 2, parse(text).faq_answers
    reply = said(text).text
    assert all(fact in reply for fact in facts), reply


@pytest.mark.parametrize(("text", "first"), [
    ("cloudgpu: how is gpu billed and what happens when balance runs out", "minute"),
    ("gpuli ssh多久能连上 能按小时租吗", "3 分钟"),
])
def test_the_first_question_is_answered_first(text: str, first: str) -> None:
    assert first in first_lines(said(text), 3)


@pytest.mark.parametrize(("text", "yes", "no"), [
    ("does gpuli have nvlink on a100 sxm, and on 4090?", "A100 80GB SXM: Yes", "RTX 4090: No"),
    ("4090 and h100 at gpuli — nvlink or not?", "H100 SXM: Yes", "RTX 4090: No"),
    ("do the h100 and 3090 at gpuli have nvlink", "H100 SXM: Yes", "RTX 3090: No"),
    ("gpuli 的 a100 sxm 和 4090 有 nvlink 吗", "A100 80GB SXM：有", "RTX 4090：没有"),
])
def test_one_faq_question_over_two_cards_answers_each_card(text: str, yes: str, no: str) -> None:
    reply = said(text).text
    assert yes in reply and no in reply and "PCIe" in reply, reply


@pytest.mark.parametrize("text", ["cloudgpu 怎么计费 按小时算吗", "how much balance does cloudgpu hold while an instance runs",
                                  "how long does the instance take to start"])
def test_one_question_matched_outright_stays_one(text: str) -> None:
    assert len(parse(text).faq_answers) == 1


def test_one_card_keeps_its_one_answer() -> None:
    reply = said("gpuli 4090 有 nvlink 吗").text
    assert "RTX 4090：" not in reply and "没有" in reply


@pytest.mark.parametrize("text", [
    "gpuli: 4 x h100 monthly and 8 x h100 monthly?",
    "4卡和8卡h100 包月各多少",
    "gpuli 4卡h100 包月多少，8卡h100 包月多少",
    "monthly price for 4x h100 & 8x h100 at gpuli",
    "h100 4卡跟8卡 一个月分别多少钱",
    "at gpuli, h100: 4 cards and 8 cards, monthly?",
])
def test_one_price_over_two_counts_prices_each(text: str) -> None:
    reply = said(text).text
    assert "₮7,444" in reply and "₮14,432" in reply, reply
    assert reply.index("₮7,444") < reply.index("₮14,432")


def test_one_count_stays_one_price() -> None:
    reply = said("gpuli 8卡h100 包月多少").text
    assert "₮14,432" in reply and "₮7,444" not in reply
