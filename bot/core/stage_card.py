"""The first stage of a plan told over two messages ("先用 4090 跑 7b qlora 验证" then "验证两天，然后 8 卡 H100 全参
一个月，总共多少"; "7b qlora pilot on a 4090" then "pilot 3 days, then 8x h100 for a month, total?"): the part that
gives only a length is the card of the answer before, rented for that length, priced beside the stage after it.

Why: split into its parts, the first one named no card (the card was in the message before), so it was read alone
(an FAQ line or nothing) and the sum asked covered the second stage only; priced on the card already named, the
older sum reader (bot.core.price_pairs.total_first) adds both stages (seed 000: gpuli ₮109 for the 4090's week
and ₮14,432 for the eight H100s' month)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.messages import Turn
from bot.understand.parser import Parsed


def stage_of_last(parts: list[Parsed], last: Turn | None) -> list[Parsed]:
    """`parts` with a first part that states a length and nothing else of its own (no card, model or size) priced on
    the card of `last`, where a later part prices a card; `parts` as they are otherwise."""
    card = _card_of(last)
    if card is None or len(parts) < 2 or not any(p.intent == "price" and p.request.gpu for p in parts[1:]):
        return parts
    first = parts[0]
    q, r = first.request, first.rental
    if not (r.duration_days or r.duration_hours) or q.gpu or r.gpu or q.model or q.params_b or first.cues.fresh \
            or first.asks.budget is not None:
        return parts
    gpu, count = card
    rental = replace(r, gpu=gpu, num_gpus=count, provider=r.provider or q.provider)
    priced = replace(first, intent="price", request=type(q)(gpu=gpu, num_gpus=count, provider=rental.provider),
                     rental=rental, missing=[], follow_up=False, faq=[], faq_answers=[], faq_confident=False)
    return [priced, *parts[1:]]


def _card_of(last: Turn | None) -> tuple[str, int] | None:
    """The card and count the answer before settled on: a sizing's pick, else the card its question named."""
    if last is None or last.kind not in ("size", "cost", "price"):
        return None
    data: dict[str, Any] = last.data
    pick = data.get("pick")
    if isinstance(pick, list) and len(pick) == 2 and isinstance(pick[0], str):
        return pick[0], int(pick[1] or 1)
    request = data.get("request")
    gpu = request.get("gpu") if isinstance(request, dict) else data.get("gpu")
    if isinstance(gpu, list):
        gpu = gpu[0] if len(gpu) == 1 else None
    count = (request or {}).get("num_gpus") if isinstance(request, dict) else data.get("num_gpus")
    return (gpu, int(count or 1)) if isinstance(gpu, str) else None
