"""Two card counts, one asked whether it is enough ("要两张 4090 吗，一张够不够", "do I need four H100s or
will two do?"): the count asked is sized, and the reply says whether the other count is needed.

Generated over models, methods, cards, counts, both languages and both orders (the count asked
first or second), so no phrasing of ours is special.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from tests.chat_user import ChatUser

NUM_EN = {1: "one", 2: "two", 4: "four", 8: "eight"}
NUM_ZH = {1: "一", 2: "两", 4: "四", 8: "八"}
JOBS = ["7b qlora", "qwen3 8b lora", "14B QLoRA", "llama 3.1 8b qlora", "32b qlora", "qwen2.5 14b lora"]
CARDS = ["4090", "a100 80g", "h100", "l40s", "a6000"]


def _zh(job: str, card: str, big: int, small: int, asked_first: bool) -> str:
    if asked_first:
        return f"{job} {NUM_ZH[small]}张{card}够不够，还是得{NUM_ZH[big]}张"
    return f"{job} 真的要{NUM_ZH[big]}张 {card} 吗，{NUM_ZH[small]}张就够了吧"


def _en(job: str, card: str, big: int, small: int, asked_first: bool) -> str:
    if asked_first:
        word = "a single" if small == 1 else NUM_EN[small]
        return f"is {word} {card} enough for {job}, or do I need {NUM_EN[big]}?"
    return f"do I really need {NUM_EN[big]} {card}s for {job} or is {NUM_EN[small]} fine?"


PAIRS = st.sampled_from([(2, 1), (4, 2), (8, 4), (4, 1)])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(job=st.sampled_from(JOBS), card=st.sampled_from(CARDS), pair=PAIRS, asked_first=st.booleans(),
       zh=st.booleans())
def test_the_count_asked_about_is_sized_and_the_other_named(job: str, card: str, pair: tuple[int, int],
                                                            asked_first: bool, zh: bool) -> None:
    big, small = pair
    p = parse((_zh if zh else _en)(job, card, big, small, asked_first))
    assert p.intent == "size"
    assert p.request.num_gpus == small
    assert p.asks.count_versus == big


def test_one_count_alone_is_not_a_comparison() -> None:
    for msg in ["8b full ft 一张 h200 141g 够吗", "8卡 a100 够吗 32b 全参", "is one 4090 enough for 7b qlora?",
                "batch 4 on 2 4090s enough for 7b lora?"]:
        assert parse(msg).asks.count_versus is None, msg


def test_fewer_cards_enough_leads_with_the_smaller_count_and_says_the_larger_is_not_needed() -> None:
    u = ChatUser()
    u.say("7b qlora 真的要两张4090吗 一张够不够")
    first, second = u.text.splitlines()[:2]
    assert first.startswith("✅") and "1×RTX 4090" in first
    assert "不需要 2 张" in second and "1 张就装得下" in second
    assert "1×RTX 4090:" in u.text and "₮109/周" in u.text  # the price is the one card's
    u = ChatUser()
    u.say("do I really need two 4090s for an 8B QLoRA or is one fine?")
    first, second = u.text.splitlines()[:2]
    assert "fits 1× RTX 4090" in first
    assert "don't need 2 cards" in second


def test_the_larger_count_is_named_when_the_smaller_does_not_hold_it() -> None:
    u = ChatUser()
    u.say("qwen3 14b 全参 两张 h100 够吗 还是要 8 张")
    lines = u.text.splitlines()
    assert "2×H100 SXM" in lines[0] and "装不下" in lines[0]
    line = next(ln for ln in lines if "8 张才稳" in ln)
    assert "8×H100 SXM" in line
    u = ChatUser()
    u.say("would two H100s be enough for qwen3 14b full fine-tuning, or do I need eight?")
    assert "2 is not safe, 8 are" in u.text


def test_other_sufficiency_words() -> None:
    for msg, asked, other in [("7b lora 用一张 4090 就行还是要两张", 1, 2),
                              ("is one 4090 sufficient for 8b qlora or do I need two", 1, 2),
                              ("32b qlora 要 4 张 a6000 吗？两张可以吗", 2, 4)]:
        p = parse(msg)
        assert (p.request.num_gpus, p.asks.count_versus) == (asked, other), msg


# a second card asked beside the first ("…还是直接上 MI300X", "顺便问 5090"): both cards are sized side by side; a card
# named without a count is one card where one holds the job (72B bf16 LoRA: about 165 GB on a 192 GB MI300X)
SECOND_CARD = [
    ("72b bf16 lora 两张 h100 行吗？还是直接上 mi300x", ("2×H100", "1×MI300X")),
    ("72b lora: are two h100s enough, or just go with an mi300x?", ("2× H100", "1× MI300X")),
    ("14b qlora 4090 够吗 顺便问下 5090", ("1×RTX 4090", "1×RTX 5090")),
    ("7b lora 4090 够不够 顺便看看 a6000", ("1×RTX 4090", "1×RTX A6000")),
]


@pytest.mark.parametrize(("text", "setups"), SECOND_CARD)
def test_a_second_card_asked_is_sized_beside_the_first(text: str, setups: tuple[str, str]) -> None:
    me = ChatUser()
    me.say(text)
    for setup in setups:
        assert any(setup in line and "GB" in line for line in me.lines), me.text
