"""A count alone after a rental or a sizing with a count: "gpuli 4x a100 sxm monthly" then "and with eight?",
"what about 8", "那 8 呢", "十六呢" — the same question on that many cards.

Why only after a count: "and 3?" after "4090 for 2 weeks" may be three weeks as well as three cards; after
"4x a100" the count is what a bare number changes. A count with its counter ("八卡呢", "8 cards") is read
by the parser already; this is the number with nothing around it but a follow-up's frame."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.messages import Turn
from bot.understand.fields import DAYS, HOURS, MONTHS, WEEKS
from bot.understand.follow_frame import without_frame
from bot.understand.normalize import chinese_to_int, normalize
from bot.understand.number_words import words_value
from bot.understand.parser import Parsed

MAX_CARDS = 64  # more cards than any machine or small cluster rented here: a bare number above it is no count
EXTRA_FRAME = {"make", "do", "please", "pls", "then", "个"}  # "make it eight", "那 8 个呢"


def _count_of(last: Turn) -> int:
    data: dict[str, Any] = last.data
    request = data.get("request") if isinstance(data.get("request"), dict) else {}
    for value in (data.get("num_gpus"), (request or {}).get("num_gpus"), data.get("cards")):
        if isinstance(value, int | float) and not isinstance(value, bool):
            return int(value)
    return 0


def lone_count(text: str) -> int | None:
    """The number a message holds with nothing but a follow-up's frame around it, else None."""
    left = [w for w in without_frame(normalize(text)).split() if w not in EXTRA_FRAME]
    if not left:
        return None
    run = " ".join(left)
    if run.isdigit():
        value: float | None = float(run)
    elif run.isascii():
        value = words_value(run)
    else:
        value = chinese_to_int(run)
    if value is None or value != int(value) or not 1 <= value <= MAX_CARDS:
        return None
    return int(value)


def count_changed(parsed: Parsed, last: Turn, text: str) -> Parsed:
    """`parsed` with the card count a bare number gives, when the last answer was on a count of cards
    and the message states nothing else; else `parsed` unchanged."""
    q = parsed.request
    if last.kind not in ("price", "size", "cost") or _count_of(last) < 2 or q.num_gpus or q.gpu or q.model \
            or q.params_b or parsed.rental.duration_days or parsed.rental.duration_hours or parsed.parts:
        return parsed
    count = lone_count(text)
    if count is None:
        return parsed
    return replace(parsed, request=q.model_copy(update={"num_gpus": count}),
                   rental=replace(parsed.rental, num_gpus=count), follow_up=True)


def weeks_said(text: str) -> int | None:
    """The whole weeks a message asks for ("那 4 周呢", "and for four weeks?", "两个星期呢"), when a count of weeks
    is its only length; else None."""
    norm = normalize(text)
    weeks = WEEKS.findall(norm)
    if len(weeks) != 1 or DAYS.search(norm) or MONTHS.search(norm) or HOURS.search(norm):
        return None
    value = float(weeks[0])
    return int(value) if value == int(value) and value >= 2 else None
