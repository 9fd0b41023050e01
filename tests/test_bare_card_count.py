"""A bare count right after the card ("32b 全参 h100，8", "14b lora 4090, 2 够吗") is how many of that
card; a larger bare number after a card is its memory, and a number with a unit is not a count."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse

JOBS = ["32b 全参", "14B lora", "qwen3 8b qlora", "72b full finetune", "7b 全参微调"]
CARDS = {"h100": "h100-sxm", "4090": "rtx-4090", "a100 80g": "a100-80g-sxm", "H200": "h200"}
SEPARATORS = ["，", ", ", " ", "、", "；"]
ENDINGS = ["", " 够吗", " 行不行", " enough?", "?", " 呢"]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(JOBS), st.sampled_from(sorted(CARDS)), st.sampled_from(SEPARATORS),
       st.integers(min_value=1, max_value=8), st.sampled_from(ENDINGS))
def test_a_bare_count_after_the_card_is_its_count(job: str, card: str, sep: str, count: int, ending: str) -> None:
    text = f"{job} {card}{sep}{count}{ending}"
    request = parse(text).request
    assert (request.gpu, request.num_gpus) == (CARDS[card], count), text


def test_the_same_job_with_the_count_written_out_means_the_same() -> None:
    for bare, counted in (("32b 全参 h100，8", "32b 全参 8张 h100"), ("14b lora 4090, 2 够吗", "14b lora 两张4090 够吗")):
        a, b = parse(bare).request, parse(counted).request
        assert (a.gpu, a.num_gpus, a.method, a.params_b) == (b.gpu, b.num_gpus, b.method, b.params_b)


def test_a_memory_size_or_a_duration_after_the_card_is_not_a_count() -> None:
    assert parse("7b lora a100，80").request.num_gpus is None
    assert parse("7b lora v100 16").request.num_gpus is None
    assert parse("4090 8 小时多少钱").request.num_gpus is None
    assert parse("h100 2 hours price").request.num_gpus is None
    assert parse("14b lora 4090，2 epochs").request.num_gpus is None


def test_a_priced_length_is_named_without_zeros_that_say_nothing() -> None:
    from tests.chat_user import ChatUser
    for text, shown, hidden in (("4090 跑 3 小时多少钱", "3 小时", "3.00"), ("4090 for 2.5 hours, price?", "2.5 h", "2.50"),
                                ("a100 跑 12 小时多少钱", "12 小时", "12.0")):
        chat = ChatUser()
        chat.say(text)
        assert shown in chat.lines[0] and hidden not in chat.lines[0], chat.text
