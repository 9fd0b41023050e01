"""A price question naming several cards and no model ("A800 和 A100 80G 每小时各多少", "3090 vs 4090 for 8
hours"): one price question per card, each with its own count and length. Split from the parser to keep it small."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.understand.classify import PRICE_ASK
from bot.understand.own_lengths import own_lengths

if TYPE_CHECKING:
    from bot.understand.parser import Parsed


def each_card(p: Parsed) -> list[Parsed]:
    """"A800 和 A100 80G 每小时各多少", "3090 跟 4090 差多少钱": a price question naming several cards
    and no model is one price question per card, answered in the order named."""
    own = own_lengths(p.words) if len(p.cards) > 1 else {}  # "3090 跑 8 小时 + 4090 跑 3 小时": each card for its own length
    # a bill: each card rented for its own term, their total or a budget asked, a job named or not ("预算 500U，4090 包月
    #再加一周 L40S 测 14b lora，够吗", "7b qlora on a 4090 for a month plus a week of 5090, within budget?"): the cards
    # are what is paid for, each priced for its term (the job says what runs on them, not what is bought)
    bill = bool(own) and (p.asks.total or p.asks.budget is not None) and p.intent in ("price", "cost", "unknown", "faq")
    if len(p.cards) < 2 or (not bill and (p.request.model or p.request.params_b or p.intent not in ("price", "unknown", "faq"))):
        return []
    # "A100 80G vs A800 80G for 8 hours, what's the difference": a length named makes the difference a price's
    if p.intent != "price" and not bill and not (PRICE_ASK.search(p.words) or p.asks.cheaper or (
            p.asks.difference and (p.rental.duration_days or p.rental.duration_hours))):
        return []
    counts = _counts_forward(p.cards, dict(p.versus) or p.own_counts, p.request.num_gpus)
    days_hours = {g: own.get(g, (p.rental.duration_days, p.rental.duration_hours)) for g in p.cards[:3]}
    # "4090 包月两台 + L40S 周租一台": each card its own count, so the message's machines are no count of every card's
    cues = replace(p.cues, instances=None) if len(set(counts.values())) > 1 else p.cues
    request = type(p.request)() if bill else p.request
    return [replace(p, intent="price", request=request.model_copy(update={"gpu": g, "num_gpus": counts.get(g)}), cues=cues,
                    rental=replace(p.rental, gpu=g, duration_days=days_hours[g][0], duration_hours=days_hours[g][1]),
                    versus=[], parts=[], cards=[g], asks=replace(p.asks, hours=(), both_units=False) if own else p.asks)
            for g in p.cards[:3]]


def _counts_forward(cards: list[str], own: dict[str, int | None], count: int | None) -> dict[str, int | None]:
    """Each card's count: its own, else the message's count unless that count is only a later card's own
    ("先租一周 4090，然后 8 卡 h100 包月": the 4090 is one card, the eight are the H100s; "8 卡 h100 和 h200": eight of each)."""
    out: dict[str, int | None] = {}
    for n, g in enumerate(cards):
        later_only = count is not None and any(own.get(c) == count for c in cards[n + 1:]) \
            and not any(own.get(c) == count for c in cards[:n])
        out[g] = own.get(g) or (None if later_only else count)
    return out
