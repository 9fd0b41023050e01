"""Two or three options named for one choice, each its own provider, card or length ("cheaper for 14b qlora: gpuli
4090 weekly, or cloudgpu 3090 for ~20h?", "14b qlora 用 gpuli 4090 包周 还是 cloudgpu 3090 跑 20 小时"): each option
priced exactly as named (with the job, its fit on that card), and the router's comparison says which is cheaper.

Why apart: the parser reads one provider and one length per message, and two cards joined by "or" as a comparison of
the cards at every provider, so "gpuli 4090 weekly" was priced at CloudGPU too and the 3090 for a week; the options
are read one by one. A piece naming no length takes the other's ("gpuli 4090 weekly or cloudgpu 3090?": a week each)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from itertools import pairwise
from typing import TYPE_CHECKING

from bot.understand.clause_marks import MAX_CLAUSE_TEXT, MAX_CLAUSES
from bot.understand.entities import provider_starts
from bot.understand.lazy import lazy

if TYPE_CHECKING:
    from bot.understand.parser import Parsed

# what sets one option against another: "or", "还是", "或者", "vs"
HOURLY = lazy(r"\bhourly\b|\bper\s+hour\b|\ban\s+hour\b|\bby\s+the\s+hour\b|\b/\s*h(?:r|our)?\b|每小时|按小时|小时价|时租|时价", re.IGNORECASE)
OR = lazy(r"\s*[,，;；]?\s*(?:\bor\b|还是|或者|或是|\bvs\.?(?=\s|$)|\bversus\b)\s*", re.IGNORECASE)


def named_options(text: str, whole: Parsed, now: datetime | None, read: Callable[[str, datetime | None], Parsed]) -> list[Parsed]:
    """Each option of `text` as a question of its own, in the order named: a cost of the job named (on that card, at
    that provider, for that length) or, with no job, that rental's price. [] unless every option names a card and a
    provider, and the options differ in provider with a card or length of their own ("gpuli 4090 包月 还是 cloudgpu 4090
    包月": one card at two providers, which the cards' comparison answers)."""
    if whole.intent not in ("price", "cost") or whole.asks.budget is not None or whole.cues.instances:
        return []
    pieces = [c for c in OR.split(text[:MAX_CLAUSE_TEXT]) if c.strip()]
    listed = len(pieces) < 2  # "4090 gpuli 一个月 cloudgpu 一小时 各多少": each provider with its own length, no "or"
    if listed:
        pieces = _listed(text[:MAX_CLAUSE_TEXT], now, read)
    if not 2 <= len(pieces) <= MAX_CLAUSES:
        return []
    read_pieces = [read(c, now) for c in pieces]
    cards = [p.request.gpu or p.rental.gpu for p in read_pieces]
    if len(named := {c for c in cards if c}) == 1:  # "4090: weekly on gpuli vs hourly on cloudgpu": the one card named, each option's
        cards = [c or next(iter(named)) for c in cards]
    places = [p.rental.provider for p in read_pieces]
    # a piece asking its provider's hourly rate ("hourly on cloudgpu", "cloudgpu 按小时") prices one hour there
    # beside terms only ("weekly on gpuli vs hourly on cloudgpu"); beside a run ("a 2-week run … gpuli weekly or cloudgpu hourly") it is how that run is billed
    termed = [p.rental.term for p in read_pieces if any((p.rental.duration_days, p.rental.duration_hours))]
    alone = bool(termed) and all(termed) and not any(p.request.model or p.request.params_b for p in read_pieces)
    rated = [alone and not any((p.rental.duration_days, p.rental.duration_hours)) and bool(HOURLY.search(c)) for p, c in zip(read_pieces, pieces, strict=True)]
    spans = [(None, 1.0) if r else (p.rental.duration_days, p.rental.duration_hours) for p, r in zip(read_pieces, rated, strict=True)]
    if not all(cards) or not all(places) or len(set(places)) < 2:
        return []
    if len(set(cards)) < 2 and len({s for s in spans if any(s)}) < 2:
        return []
    jobs = [p for p in read_pieces if p.request.model or p.request.params_b]
    if len(jobs) > 1 or any(p.parts or p.cues.instances for p in read_pieces):
        return []  # "7b lora on gpuli 4090 or 14b qlora on cloudgpu": two jobs, not options of one
    if not any(rated) and not listed:  # a rate asked beside a term is each provider's own unit, quoted, not a length to weigh
        whole.asks = replace(whole.asks, cheaper=True)  # options set against each other: which is cheaper leads (bot.core.price_pairs)
    said = next((s for s in spans if any(s)), (None, None))
    out = []
    for piece, card, place, span in zip(read_pieces, cards, places, spans, strict=True):
        days, hours = span if any(span) else said
        term = piece.rental.term if any(span) else next((p.rental.term for p, s in zip(read_pieces, spans, strict=True) if any(s)), False)
        count = piece.request.num_gpus or piece.rental.num_gpus
        base = jobs[0] if jobs else piece
        rental = replace(base.rental, provider=place, gpu=card, num_gpus=count, duration_days=days, duration_hours=hours, term=term)
        request = base.request.model_copy(update={"gpu": card, "num_gpus": count}) if jobs or not base.request.gpu else base.request
        out.append(replace(base, intent="cost" if jobs else "price", request=request, rental=rental, parts=[], missing=[], cards=base.cards or ([card] if card else []),
                           follow_up=False, versus=[], asks=replace(base.asks, cheaper=False, both_units=False, cost=bool(jobs))))
    return out


def _listed(text: str, now: datetime | None, read: Callable[[str, datetime | None], Parsed]) -> list[str]:
    """`text` cut into one piece per provider it names, each with a length of its own and no two the same: cut
    before each name ("4090 gpuli 一个月 cloudgpu 一小时"), else after it ("a month at gpuli and 10 hours at
    cloudgpu"); [] when it names fewer than two providers or no cut gives each its own length."""
    starts = provider_starts(text)
    if len(starts) < 2:
        return []
    for cuts in ([0, *(i for i, _ in starts[1:]), len(text)], [0, *(_name_end(text, i) for i, _ in starts[:-1]), len(text)]):
        pieces = [text[a:b] for a, b in pairwise(cuts)]
        own = [(p.rental.duration_days, p.rental.duration_hours) for p in (read(c, now) for c in pieces)]
        if all(c.strip() for c in pieces) and all(any(span) for span in own) and len(set(own)) == len(own):
            return pieces
    return []


def _name_end(text: str, start: int) -> int:
    """Where the provider named at `start` ends: the end of the word there."""
    m = re.compile(r"[\w-]+|\S").match(text, start)
    return m.end() if m else start
