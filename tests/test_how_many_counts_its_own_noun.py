""""How many" counts the noun after it ("how many FLOPs … on 8 H100" asks FLOPs and time, not how many
H100s), and a filler never turns a rental into a sizing ("那能租 4090 一周吗" is a price)."""

from __future__ import annotations

import pytest

from bot.understand.parser import parse
from tests.chat_user import first_lines, said


@pytest.mark.parametrize("text", ["32b full ft 20M tokens 3 epochs, how many FLOPs and how long on 8 H100",
                                  "how many tokens per second and how long for 7b lora on a 4090, 10M tokens"])
def test_how_many_of_something_else_is_not_a_card_count(text: str) -> None:
    assert parse(text).asks.how_many_gpu is None


def test_the_flops_question_gets_its_time_first() -> None:
    lead = first_lines(said("32b full ft 20M tokens 3 epochs, how many FLOPs and how long on 8 H100"), 1)
    assert "1.5 h" in lead and "FLOPs" in lead


@pytest.mark.parametrize("text, card", [("how many 4090s do I need for 14b lora", "rtx-4090"),
                                        ("14b full, how many h100 cards", "h100-sxm"),
                                        ("qwen3 32b 全参 需要多少张 h100", "h100-sxm")])
def test_how_many_of_a_card_still_asks_its_count(text: str, card: str) -> None:
    assert parse(text).asks.how_many_gpu == card


@pytest.mark.parametrize("text", ["那能租 4090 一周吗", "能租 4090 一周吗", "那 a100 能租一个月吗"])
def test_renting_a_card_for_a_length_is_a_price_whatever_the_filler(text: str) -> None:
    """"那" opens many follow-ups, but a rent verb with a length asks the rental's price, never a model."""
    parsed = parse(text)
    assert parsed.intent == "price" and "model" not in parsed.missing
