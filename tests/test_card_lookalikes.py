"""A card typed with look-alike letters (O for 0, l for 1) and a count glued to a card's name are read
as the card and its count, in both languages."""

from __future__ import annotations

import pytest

from bot.understand.normalize import normalize
from bot.understand.parser import parse


@pytest.mark.parametrize(
    ("text", "gpu", "count"),
    [
        ("qwen 32b 全参微调，8张h1OO够不够", "h100-sxm", 8),
        ("32b 全参 八张 H1OO 行吗", "h100-sxm", 8),
        ("32b full finetune on 8x h1oo, enough?", "h100-sxm", 8),
        ("is 8 H1OOs enough for 32b full", "h100-sxm", 8),
        ("千问 14b 全参，俩h100 够么", "h100-sxm", 2),
        ("14b 全参 两h100 够不够", "h100-sxm", 2),
        ("7b lora on two 4o9os ok?", "rtx-4090", 2),
        ("7b lora 一张 4o9O 够吗", "rtx-4090", 1),
    ],
)
def test_card_and_count_read(text: str, gpu: str, count: int) -> None:
    req = parse(text).request
    assert req.gpu == gpu
    assert req.num_gpus == count


@pytest.mark.parametrize("text", ["lol 1o0k", "hello 1o", "two 1ol", "a lol moment"])
def test_words_that_are_no_card_stay(text: str) -> None:
    assert normalize(text) == text


def test_a_count_of_hours_stays_glued() -> None:
    assert normalize("两h跑完") == "2h跑完"


@pytest.mark.parametrize("text", ["8x a100 80g, budget ¥30000", "rent 8x a100 80g, budget is 30k rmb",
                                  "a100 80g budget ¥30000 一个月够吗"])
def test_a_card_name_never_runs_into_the_next_word(text: str) -> None:
    """"a100 80g budget": the card is the A100 80GB, and "budget" stays the budget word (¥30,000)."""
    p = parse(text)
    assert p.request.gpu == "a100-80g-sxm"
    assert p.asks.budget is not None and p.asks.budget[0] == 30000


@pytest.mark.parametrize("text, count", [("full fine-tune qwen3 14b on four H100 SXMs — does that fit", 4),
                                         ("14b 全参 两台 a100 80gbs 够吗", None)])
def test_a_plural_card_name_stays_the_card(text: str, count: int | None) -> None:
    p = parse(text)
    assert p.request.gpu in ("h100-sxm", "a100-80g-sxm")
    if count:
        assert p.request.num_gpus == count
