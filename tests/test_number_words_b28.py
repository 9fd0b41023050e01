"""Number words above ten, read by grammar (issue 18, class A/E): "ninety minutes", "forty-eight hours",
"a hundred bucks", "twelve cards", "one and a half days"; Chinese 十二/四十八/九十 likewise, minutes
included. Figures from the seeds: CloudGPU A800 80G $1.09/h (90 min = $1.635), RTX 4090 $0.33/h."""

from __future__ import annotations

import pytest

from bot.understand import fields, normalize
from bot.understand.number_words import words_value
from tests.chat_user import first_lines, said


@pytest.mark.parametrize(("words", "value"), [
    ("ninety", 90), ("forty-eight", 48), ("forty eight", 48), ("a hundred", 100), ("twelve", 12),
    ("two hundred and fifty", 250), ("three thousand five hundred", 3500), ("sixty-four", 64),
    ("a dozen", 12), ("twenty thirty", None), ("five six", None),
])
def test_a_run_of_number_words_has_one_value(words: str, value: float | None) -> None:
    assert words_value(words) == value


@pytest.mark.parametrize(("text", "digits"), [
    ("ninety minutes on an a800", "90 minutes"),
    ("twenty hours", "20 hours"),
    ("for forty-eight hours", "48 hours"),
    ("seventy two hours", "72 hours"),
    ("a hundred bucks", "100 bucks"),
    ("twelve cards", "12 cards"),
    ("thirty-two gpus", "32 gpus"),
    ("one and a half days", "1.5 days"),
    ("half an hour", "0.5 hour"),
    ("a hundred and twenty hours", "120 hours"),
    ("a800 九十分钟", "90分钟"),
    ("四十八小时", "48小时"),
    ("十二张", "12张"),
])
def test_number_words_before_a_unit_become_digits(text: str, digits: str) -> None:
    assert digits in normalize.normalize(text)


@pytest.mark.parametrize("text", ["one of them is slow", "a hundred reasons", "twenty questions"])
def test_number_words_before_other_words_stay(text: str) -> None:
    assert normalize.normalize(text) == text


def test_forty_eight_hours_is_two_days() -> None:
    assert fields.duration(normalize.normalize("forty-eight hours")) == (None, 48.0)


@pytest.mark.parametrize("text", [
    "ninety minutes on an a800 at cloudgpu",
    "cloudgpu a800 for ninety minutes, how much",
    "a800 九十分钟 cloudgpu 多少钱",
    "cloudgpu 上 a800 跑九十分钟要多少钱",
])
def test_ninety_minutes_is_priced_by_the_minute(text: str) -> None:
    assert "1.635" in first_lines(said(text)) or "1.64" in first_lines(said(text))


@pytest.mark.parametrize("text", [
    "cloudgpu 4090 forty-eight hours how much",
    "rent a 4090 on cloudgpu for forty eight hours, price?",
    "cloudgpu 4090 四十八小时 多少钱",
])
def test_forty_eight_hours_of_a_4090(text: str) -> None:
    assert "$15.84" in first_lines(said(text))  # 48 h × $0.33


@pytest.mark.parametrize("text", [
    "I have a hundred bucks, how long can I rent a 4090 at cloudgpu",
    "预算一百刀 cloudgpu 4090 能租多久",
])
def test_a_hundred_in_words_is_the_budget(text: str) -> None:
    lead = first_lines(said(text))
    assert "$100" in lead and "303" in lead  # $100 / $0.33 an hour
