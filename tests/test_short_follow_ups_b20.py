"""Short follow-ups about the last answer (issue 18, item 2), each answered against that answer:
- a new rental length, maybe with "anything cheaper?" ("only need two days", "就用三天，有便宜点的吗"):
  the setup just priced, re-priced for that length (gpuli bills whole weeks: 8×H100 is still ₮4,172, seed 000);
- a card count asked whether it is needed ("那要 2 张吗", "do we need two?"): 不需要 / needed leads, against
  the setup the sizing led with (32B QLoRA: one 48 GB RTX A6000, seed 000); "两张够吗" still sizes two;
- one card's memory ("每卡显存占多少", "how much per card?"): that sizing's per-card figure leads (72B full
  on 8×H200 with an 8-bit optimizer: model states ≈ 90 GB a card, seed 000), not the ZeRO FAQ."""

from __future__ import annotations

import pytest

from bot.understand.card_counts import need_asked
from bot.understand.normalize import normalize
from tests.chat_user import conversation, lead_lines

EIGHT_H100_WEEK = "8卡 h100 周租多少"


@pytest.mark.parametrize("turn", ["only need two days, anything cheaper?", "就用三天，有便宜点的吗",
                                  "we just need it for 3 days, any cheaper option?", "其实只需要 36 小时，有更便宜的方案吗"])
def test_a_new_length_reprices_the_last_rental(turn: str) -> None:
    lead = lead_lines(conversation(EIGHT_H100_WEEK, turn), 3)
    assert "8×H100" in lead.replace("× ", "×") and "₮4,172" in lead
    assert ("1 周" in lead or "1 week" in lead) and "outside what I do" not in lead


def test_a_new_length_after_a_sizing_prices_that_length() -> None:
    lead = lead_lines(conversation("7b qlora 用什么卡", "we just need it for 3 days, any cheaper deal?"), 3)
    assert lead.startswith("💰") and "72 h" in lead


def test_a_length_with_a_subject_of_its_own_is_not_a_new_rental() -> None:
    lead = lead_lines(conversation(EIGHT_H100_WEEK, "two days of logs, how do i read the loss curve?"), 3)
    assert "₮4,172" not in lead


@pytest.mark.parametrize(("first", "turn", "said"), [
    ("32b qlora 什么卡", "那要 2 张吗", "不需要 2 张"),
    ("32b qlora 什么卡", "需要两张吗", "不需要 2 张"),
    ("32b qlora which gpu", "do we need two?", "don't need 2 cards"),
    ("14b full fine-tune which gpu", "so 8 cards needed?", "don't need 8 cards"),
    ("72b 全参 8 卡 h200", "是不是得上 4 张", "8 张才够"),
])
def test_a_count_asked_whether_needed_is_answered_first(first: str, turn: str, said: str) -> None:
    lead = lead_lines(conversation(first, turn), 2)
    assert said in lead, lead


def test_enough_still_sizes_that_count() -> None:
    lead = lead_lines(conversation("32b qlora 什么卡", "两张够吗"), 3)
    assert "2 卡" in lead or "2×" in lead
    assert "不需要" not in lead


@pytest.mark.parametrize(("text", "count"), [("那要 2 张吗", 2), ("need two?", 2), ("一定要两张吗", 2),
                                             ("两张够吗", None), ("will two do?", None), ("要几张", None),
                                             ("need it for two days", None)])
def test_the_need_question_is_read(text: str, count: int | None) -> None:
    from bot.understand.parser import parse
    assert need_asked(normalize(text), parse(text).request.num_gpus) == count


@pytest.mark.parametrize("turn", ["每卡显存占多少", "每张卡多少显存", "how much per card?", "what's the per-gpu footprint then"])
def test_the_per_card_figure_of_the_sizing_leads(turn: str) -> None:
    lead = lead_lines(conversation("72b 全参 8 卡 h200", turn), 3)
    assert "90 GB" in lead and "8×H200" in lead.replace("× ", "×")
    assert "ZeRO-1" not in lead


def test_per_card_after_another_sizing_is_that_sizing() -> None:
    lead = lead_lines(conversation("qwen3 32b 全参 8卡 h100", "每张卡大概占多少"), 3)
    assert "64" in lead and "32B" in lead


@pytest.mark.parametrize(("text", "said"), [("8卡 h100 租两天多少钱", "2 天也按 7 天算"),
                                            ("8x h100 for 3 days, cheapest?", "3 d is charged as 7 d")])
def test_the_cheapest_line_says_a_short_span_is_billed_as_the_week(text: str, said: str) -> None:
    reply = conversation(text)
    assert said in reply and "₮4,172" in reply


def test_the_cheapest_line_is_plain_when_billed_by_the_minute() -> None:
    assert "整周" not in conversation("4090 租3天多少钱")
