"""A count alone after a rental or a sizing with a count: "gpuli 4x a100 sxm monthly" then "and with eight?",
"what about 8", "那 8 呢", "十六呢" — the same question on that many cards.

Why only after a count: "and 3?" after "4090 for 2 weeks" may be three weeks as well as three cards; after
"4x a100" the count is what a bare number changes. A count with its counter ("八卡呢", "8 cards") is read
by the parser already; this is the number with nothing around it but a follow-up's frame."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.messages import Turn
from bot.understand.parser import Parsed


def _count_of(last: Turn) -> int:
    data: dict[str, Any] = last.data
    request = data.get("request") if isinstance(data.get("request"), dict) else {}
    for value in (data.get("num_gpus"), (request or {}).get("num_gpus"), data.get("cards")):
        if isinstance(value, int | float) and not isinstance(value, bool):
            return int(value)
    return 0


def count_changed(parsed: Parsed, last: Turn) -> Parsed:
    """`parsed` with the card count a bare number gives, when the last answer was on a count of cards
    and the message states nothing else; else `parsed` unchanged."""
    q = parsed.request
    if last.kind not in ("price", "size", "cost") or _count_of(last) < 2 or q.num_gpus or q.gpu or q.model \
            or q.params_b or parsed.rental.duration_days or parsed.rental.duration_hours or parsed.parts:
        return parsed
    count = parsed.cues.lone_count
    if count is None:
        return parsed
    return replace(parsed, request=q.model_copy(update={"num_gpus": count}),
                   rental=replace(parsed.rental, num_gpus=count), follow_up=True)
