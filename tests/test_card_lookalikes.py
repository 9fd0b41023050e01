"""A card typed with look-alike letters (O for 0, l for 1) and a count glued to a card's name are read
as the card and its count, in both languages."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.normalize import normalize
from bot.understand.parser import parse
from testkit.variants import garbled


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


# ---------------------------------------------------------------- look-alike glyphs, more shapes (name_glyphs)
@pytest.mark.parametrize(
    ("text", "gpu"),
    [
        ("AI00 一张 跑 13b lora 行不行", "a100-80g-sxm"),  # a capital I for the one
        ("does 13b lora fit on one AIOO", "a100-80g-sxm"),  # every digit a letter
        ("L4OS 两张 租一周 多少钱", "l40s"),  # the letter before and after the number stay letters
        ("what does an MI3OOX cost per month", "mi300x"),
        ("rTx5O9O 跑 13b qlora 稳吗", "rtx-5090"),  # the maker's prefix glued on
        ("13b lora on a h-2OO, fits?", "h200"),  # a hyphen inside the name
        ("a1oo-80g 一个月多少", "a100-80g-sxm"),
        ("13b lora on two 3O9Os?", "rtx-3090"),
    ],
)
def test_more_lookalike_shapes_read_as_the_card(text: str, gpu: str) -> None:
    assert parse(text).request.gpu == gpu


@pytest.mark.parametrize(("text", "gpu"), [("A1OO 4OG 跑 13b 全参 要几张", "a100-40g-sxm"),
                                          ("13b full on a100 4og cards, how many", "a100-40g-sxm")])
def test_a_lookalike_in_the_memory_names_that_variant(text: str, gpu: str) -> None:
    assert parse(text).request.gpu == gpu


@pytest.mark.parametrize(("text", "size"), [("7Ob 的模型 qlora 两张 h100 够不够", 70.0), ("a 3Ob model, qlora on two h100s?", 30.0)])
def test_a_lookalike_in_the_parameter_size_reads_as_the_size(text: str, size: float) -> None:
    assert parse(text).request.params_b == size


@pytest.mark.parametrize("text", ["1OO块 够跑几天", "my budget is 1OO dollars", "a 1OO hours run", "oil and lol",
                                  "aloha 1o", "alo 4o", "we loo 7"])
def test_numbers_amounts_and_words_are_no_card(text: str) -> None:
    """Only a word that turns into exactly one catalog card is repaired: amounts and words stay as typed."""
    from bot.understand.name_glyphs import repaired

    assert repaired(text.lower()) == text.lower()


def test_a_word_that_could_be_two_cards_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """A word that reads as two different cards is not picked silently: it stays as typed, for the
    catalog's own answer; with one reading it is repaired."""
    from types import SimpleNamespace

    from bot.understand import entities, name_glyphs

    one = SimpleNamespace(by_key={"l40s": "l40s"})
    two = SimpleNamespace(by_key={"l40s": "l40s", "140s": "other-card"})  # "l4os": l40s, or 140 plural
    monkeypatch.setattr(entities, "gpu_table", lambda: one)
    assert name_glyphs.repaired("rent l4os now") == "rent l40s now"
    monkeypatch.setattr(entities, "gpu_table", lambda: two)
    assert name_glyphs.repaired("rent l4os now") == "rent l4os now"


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("can Owen3-14B QLoRA fit on one 4090?", "qwen3-14b"),  # a misspelt family after other words
        ("will 0wen3 8b lora fit a 4090", "qwen3-8b"),  # a zero for the O
        ("we plan Lama3.1 8b qlora on an l40s", "llama-3.1-8b"),
        ("our team wants Quen2.5 7b lora on a 4090", "qwen2.5-7b"),
        ("想在 4090 上 lora 一下 Qwne3 8b", "qwen3-8b"),
        ("老板说 L1ama3.1 8b 全参 要几张 H1OO", "llama-3.1-8b"),
        ("qwen3 l4b qlora 一张 4090 够吗", "qwen3-14b"),  # an l for the one of the size
    ],
)
def test_misspelt_model_names_read_as_the_model(text: str, model: str) -> None:
    assert parse(text).request.model == model


@pytest.mark.parametrize("text", ["Owen told me 7b qlora fits a 4090", "Owen 说 7b qlora 一张 4090 就够"])
def test_a_person_called_owen_names_no_model(text: str) -> None:
    req = parse(text).request
    assert req.model is None and req.params_b == 7.0


SPELLINGS = ["h100", "H200", "A100", "a800", "rtx 4090", "RTX3090", "5090", "L40S", "MI300X", "v100", "a6000", "B200",
             "a100 80g", "H100 SXM"]


@settings(max_examples=150, derandomize=True, deadline=None)
@given(st.sampled_from(SPELLINGS), st.integers(0, 2**32), st.sampled_from(["{} 租一周多少钱", "how much is a {} per week"]))
def test_any_lookalike_swap_names_the_same_card(spelling: str, seed: int, frame: str) -> None:
    """Whichever 0s and 1s of a card's number are typed as O, o, l or I, the card found is the one meant."""
    from bot.understand.entities import find_gpus

    def card(text: str) -> str | None:
        found = find_gpus(normalize(text))
        return found[0].ident if found else None

    typed = garbled(spelling, random.Random(seed))
    assert card(frame.format(typed)) == card(frame.format(spelling)) is not None, typed


@pytest.mark.parametrize(("text", "asked"), [("Owen3-9b lora 一张 4090 够吗", "qwen3-9b"),
                                            ("can Lama3 9b qlora fit on one 4090?", "llama3 9b")])
def test_a_misspelt_family_with_no_such_size_gets_the_did_you_mean(text: str, asked: str) -> None:
    """The misspelling is read as the family it is close to, so a size the catalog lacks is answered with
    the same suggestions as the family spelt right (never an estimate under the misspelt name)."""
    from bot.understand.entities import unknown_model
    from bot.understand.normalize import normalize

    found = unknown_model(normalize(text))
    assert found is not None and found.ident == asked
    assert parse(text).request.model == asked


# a card's number cut to its last two digits after a count or a rent word: 3090, 4090 and 5090 all end in 90
@pytest.mark.parametrize(("text", "count"), [
    ("两张90 跑14b bf16 lora 得不得行", 2), ("2x90 for 7b lora, enough?", None), ("4 张 90 跑 32b qlora", 4),
])
def test_a_shortened_card_number_is_asked_back_never_a_count_or_memory(text: str, count: int | None) -> None:
    from tests.chat_user import ChatUser

    p = parse(text)
    assert p.unknown_card is not None and len(p.unknown_card.choices) == 3, p.unknown_card
    assert p.request.num_gpus != 90 and p.request.gpu is None  # never 90 cards, never a 90 GB card
    assert count is None or p.request.num_gpus == count
    me = ChatUser()
    me.say(text)
    assert all(card in me.text for card in ("RTX 3090", "RTX 4090", "RTX 5090")), me.text
    assert ("哪一张" in me.text) == ("张" in text) and ("Which card" in me.text) == ("张" not in text), me.text


@pytest.mark.parametrize("text", ["租一张90 一个月好多钱", "rent 1x90 for a month, price?"])
def test_a_shortened_card_number_asked_its_price_is_asked_which_card(text: str) -> None:
    from tests.chat_user import ChatUser

    me = ChatUser()
    me.say(text)
    first = me.text.splitlines()[0]
    assert all(card in first for card in ("RTX 3090", "RTX 4090", "RTX 5090")) and "₮" not in me.text, me.text


@pytest.mark.parametrize("text", ["2张90g 的卡 跑 14b lora", "租90天 4090 多少钱", "8x80 够吗 70b qlora", "2 张 4090 跑 14b lora"])
def test_numbers_that_are_amounts_or_whole_names_are_no_shortened_card(text: str) -> None:
    p = parse(text)
    assert p.unknown_card is None or not p.unknown_card.choices


@pytest.mark.parametrize(("job", "asked"), [("qwen2.5 7b lora 要多少显存 不量化", "90 够不"),
                                            ("7b lora in bf16, how much vram?", "90 ok?")])
def test_two_digits_asked_alone_after_a_sizing_are_asked_back_as_a_card(job: str, asked: str) -> None:
    """"90 够不" after a sizing asks about a card ending in 90: which one is asked back, never "outside what I do"."""
    from tests.chat_user import ChatUser

    me = ChatUser()
    me.say(job)
    me.say(asked)
    assert all(card in me.text for card in ("RTX 3090", "RTX 4090", "RTX 5090")), me.text


@pytest.mark.parametrize(("text", "gpu"), [("两张 h-2oo q lora 70b 能训吗", "h200"), ("a-1oo q lora 14b 够吗", "a100-80g-sxm"),
                                           ("l4o s 一张 够吗", "l40s")])
def test_a_lone_letter_after_a_card_is_its_own_word_when_no_card_takes_it(text: str, gpu: str) -> None:
    # "l4o s" is the L40S, but no card is "h200q": the q is QLoRA's, and the card before it is still repaired
    assert parse(text).request.gpu == gpu, normalize(text)
