"""Dictated numbers (issue 18, blind 50): speech-to-text spells what a typed message writes in digits,
card names included ("eight h one hundreds", "a one hundred eighty gig", "forty ninety", "l forty s").
A spoken message reads as the same message in digits; a reading is a card only when the catalog has it.
Figures from the seeds: CloudGPU RTX 4090 $0.33/h (36 h = $11.88), A800 80G $1.09/h (1000 h = $1,090)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.understand.normalize import normalize
from bot.understand.parser import parse
from tests.chat_user import first_lines, said

ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
TENS = ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def spell(n: int) -> str:
    """An English reading of 0 <= n < 1,000,000, as dictation writes it ("one hundred forty one")."""
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + ("" if n % 10 == 0 else " " + ONES[n % 10])
    if n < 1000:
        return f"{ONES[n // 100]} hundred" + ("" if n % 100 == 0 else " " + spell(n % 100))
    return f"{spell(n // 1000)} thousand" + ("" if n % 1000 == 0 else " " + spell(n % 1000))


def pairs(n: int) -> str:
    """A four-digit card read as two pairs: 4090 "forty ninety"."""
    return f"{spell(n // 100)} {spell(n % 100)}"


@pytest.mark.parametrize(("spoken", "digits"), [
    ("eight h one hundreds", "8 h100s"),
    ("on the h two hundred", "h200"),
    ("a one hundred eighty gig at cloudgpu", "a100 80g"),
    ("the a one hundred forty gig", "a100 40g"),
    ("an a eight hundred", "a800"),
    ("the a hundred at cloudgpu", "a100"),
    ("eight h hundreds", "8 h100s"),
    ("an a six thousand", "a6000"),
    ("one forty ninety", "1 4090"),
    ("and the fifty ninety", "5090"),
    ("the rtx three thousand ninety", "rtx 3090"),
    ("a forty ninety forty eight gig", "4090 48g"),
    ("and the l forty s", "l40s"),
    ("a t four for six months", "t4"),
    ("mi three hundred x weekly", "mi300x"),
    ("a single h two hundred one hundred forty one gigs", "h200 141g"),
    ("qwen three eight b qlora", "qwen3 8 b"),
    ("llama three point one seventy b", "llama3.1 70 b"),
    ("qwen thirty two b", "qwen 32 b"),
    ("with zero three", "zero3"),
    ("twenty million tokens", "20000000 tokens"),
    ("32b 20 million tokens", "20 million tokens"),  # a scale after digits scales them, never "20 1000000"
    ("twenty thousand samples", "20000 samples"),
    ("twelve thousand u", "12000 u"),
    ("two thousand gigs of volume", "2000gb of volume"),
    ("batch size four gradient accumulation four", "batch size 4 gradient accumulation 4"),
    ("sequence length four thousand ninety six", "length 4096"),
    ("two seconds per step", "2 seconds per step"),
    ("an eight bit optimizer", "8 bit"),
    ("so um eight uh h one hundreds", "8 h100s"),
])
def test_a_spoken_number_reads_as_its_digits(spoken: str, digits: str) -> None:
    assert digits in normalize(spoken)


@pytest.mark.parametrize(("spoken", "kept"), [
    ("i want a forty gig card", "a 40gb card"),  # "a" an article: no A40
    ("a ten hour job", "a 10 hour"),  # no A10
    ("a thousand gigs of object storage", "1000gb"),  # no "a1000" card
    ("twenty thirty", "twenty thirty"),  # two pairs that are no card stay words
    ("a one hundred hours", "a 100 hours"),
])
def test_a_reading_that_is_no_card_stays_a_number(spoken: str, kept: str) -> None:
    assert kept in normalize(spoken)


def _reading(text: str) -> tuple[object, ...]:
    p = parse(text)
    return p.intent, sorted((k, str(v)) for k, v in p.fields().items()), p.cards


CARDS = [  # (digits as typed, spoken forms)
    ("h100", ["h " + spell(100)]), ("h200", ["h " + spell(200)]), ("a800", ["a " + spell(800)]),
    ("a6000", ["a " + spell(6000)]), ("4090", [pairs(4090), spell(4090)]), ("3090", [pairs(3090), spell(3090)]),
    ("5090", [pairs(5090)]), ("l40s", ["l forty s"]), ("mi300x", ["mi three hundred x"]), ("t4", ["t four"]),
    ("a100 80g", ["a one hundred eighty gig"]), ("4090 48g", [pairs(4090) + " forty eight gig"]),
]
TEMPLATES = [
    "{count} {card} for {hours} hours at {provider} how much",
    "how much is {count} {card} per month at {provider}",
    "{size} b full fine tune on {count} {card} does that fit",
    "{size} b qlora on {count} {card} for {tokens} tokens {epochs} epochs at {provider} what does it cost",
    "so um like {hours} hours on {count} {card} at {provider} what is the bill",
    "{card}{provider_zh} 跑 {hours} 个小时多少钱",
]


@settings(max_examples=150, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TEMPLATES), st.sampled_from(CARDS), st.integers(0, 1), st.integers(1, 8),
       st.integers(2, 999), st.sampled_from([7, 8, 14, 32, 70, 72]), st.integers(1, 50), st.integers(1, 5),
       st.sampled_from(["gpuli", "cloudgpu"]))
def test_a_dictated_message_reads_as_the_typed_one(template: str, card: tuple[str, list[str]], form: int, count: int,
                                                   hours: int, size: int, millions: int, epochs: int,
                                                   provider: str) -> None:
    digits, spoken = card
    say = spoken[form % len(spoken)]
    typed = template.format(count=count, card=digits, hours=hours, size=size, tokens=f"{millions}m", epochs=epochs,
                            provider=provider, provider_zh=f" 在 {provider}")
    dictated = template.format(count=spell(count), card=say, hours=spell(hours), size=spell(size),
                               tokens=f"{spell(millions)} million", epochs=spell(epochs), provider=provider,
                               provider_zh=f" 在 {provider}")
    assert _reading(dictated) == _reading(typed), (dictated, typed)


def test_thirty_six_hours_on_a_spoken_4090_is_priced() -> None:
    reply = first_lines(said("thirty six hours on a forty ninety at cloudgpu what does that come to"))
    assert "11.88" in reply and "4090" in reply


def test_a_thousand_hours_of_a_spoken_a800() -> None:
    reply = first_lines(said("how much for one thousand hours of an a eight hundred on cloudgpu"))
    assert "1,090" in reply and "A800" in reply


def test_a_spoken_card_in_a_chinese_message() -> None:
    reply = first_lines(said("cloudgpu 上 forty ninety 跑三十六个小时多少钱"))
    assert "11.88" in reply and "4090" in reply


def test_eight_spoken_h100s_for_a_month_with_storage() -> None:
    reply = first_lines(said("how much is eight h one hundreds for a whole month at gpuli including two thousand "
                             "gigs of volume and a thousand gigs of object storage"))
    assert "14,607" in reply


@pytest.mark.parametrize("text", ["i want a forty gig card", "a ten hour job at cloudgpu",
                                  "a forty hour week at cloudgpu", "我们有 a thousand gigs 的数据"])
def test_an_amount_before_a_unit_is_no_card(text: str) -> None:
    assert parse(text).cards == []
