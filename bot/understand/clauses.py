"""Clauses of one message read against each other: a clause that only asks what the job costs (at
most naming where) is about the job the other clauses state, and one that names only a length asks
the price of the setup the clause before it priced. Split from the parser to keep each module small."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.understand import asks as ask_words
from bot.understand import fields as f
from bot.understand.entities import find_provider
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize

if TYPE_CHECKING:
    from bot.understand.parser import Parsed

MAX_CLAUSES = 4
MAX_CLAUSE_TEXT = 300
# A question ends at its mark or a new line; a comma joined to "and what / also how / 另外 / 顺便问下"
# starts another ("How much VRAM does 14B QLoRA need, and what's a 4090 a week?"). A plain comma, or
# "plus / 还有" adding storage to a rental, does not (COMMA: the parser's second try, for parts of
# different kinds); and the parts must each stand on their own.
CLAUSES = lazy(r"[?？。!！;；\n]+|[,，、]\s*(?:(?:and|also|and\s+also)\s+(?=(?:what|how|which|is|are|can|could|do|does|will|would|should|where|when|why)\b)"
              r"|另外|顺便(?:问一?下)?|再问一?下|还想问)", re.IGNORECASE)
COMMA = lazy(r"[,，]+")
FILLER = lazy(r"\b(?:what|does|do|would|will|it|that|this|the|at|on|in|be|there|is|for)\b|'s\b|[上在的呢]")
BARE_ASK = 10  # characters: "要多少钱", "cost?", "多久": an ask with nothing of its own


def cost_of_it(clause: str, p: Parsed) -> bool:
    """A clause that only asks what it costs (or how long), at most naming where: about the job the
    other clauses state ("…每步 1.2 秒，要训多久？cloudgpu 上多少钱？")."""
    q, norm = p.request, normalize(clause)
    named = find_provider(norm)
    bare = norm[:named.start] + norm[named.end:] if named else clause
    if named:  # "what does it cost at cloudgpu (for 10 hours)": the ask, the place and a length, nothing of its own
        bare = FILLER.sub(" ", ask_words.without_asks(f.without_durations(bare)))
    return len(" ".join(bare.split())) <= BARE_ASK and p.asks.cost and not (q.model or q.params_b or q.gpu)


def of_the_last(parts: list[Parsed]) -> list[Parsed]:
    """A clause naming no card, model or provider, only a length ("hourly price? and what's 8 hours?"),
    asks the price of the setup the clause before it priced, for that length."""
    out = parts[:1]
    for p in parts[1:]:
        last, r = out[-1], p.rental
        own = p.request.model or p.request.params_b or p.request.gpu or r.provider or p.cards
        if not own and last.intent == "price" and last.request.gpu and (r.duration_days or r.duration_hours):
            p = replace(last, rental=replace(last.rental, duration_days=r.duration_days, duration_hours=r.duration_hours),
                        asks=replace(last.asks, hours=(), both_units=False), parts=[])
        out.append(p)
    return out


FITS = lazy(r"够|\bfits?\b|enough|装得下|放得下|塞得下|跑得动|能跑|能训|行吗|行不行|\bok\s*[?？吗]")


def fit_then_cost(clauses: list[str], parts: list[Parsed], whole: Parsed) -> list[Parsed]:
    """"7b qlora 一张4090够吗？gpuli weekly 多少钱？": whether the job fits the card named, then what the
    whole message asks it to cost (the card, where and for how long); [] when no clause asks a fit, so
    the message is the one cost question it reads as."""
    fit = next((p for c, p in zip(clauses, parts, strict=True)
                if p.intent == "size" and not p.missing and p.request.gpu and FITS.search(normalize(c))), None)
    if fit is None or whole.intent != "cost":
        return []
    return [fit, replace(whole, parts=[])]


def with_subject(parts: list[Parsed]) -> list[Parsed]:
    """A FAQ clause naming no card and no provider asks about those of the clause before it ("How much
    is an MI300X per month at gpuli, and does it have NVLink?": the MI300X at gpuli), so its answer can
    lead with that card's and that provider's part."""
    out: list[Parsed] = []
    for p in parts:
        r = p.rental
        before = next((q for q in reversed(out) if q.rental.gpu or q.rental.provider), None)
        if p.intent == "faq" and before is not None and not (r.gpu or r.provider or p.request.gpu):
            p = replace(p, rental=replace(r, gpu=before.rental.gpu, provider=before.rental.provider))
        out.append(p)
    return out
