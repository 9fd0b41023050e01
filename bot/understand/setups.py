"""One price question put to several setups of one card ("gpuli: 4 x h100 monthly and 8 x h100 monthly?",
"4卡和8卡h100 包月各多少", "gpuli 4卡h100 包月多少，8卡h100 包月多少"): each count of that card is priced.

Why apart: the parser reads one card count per message, so the first (or the last) count was priced and
the other dropped. The joined parts are read one by one; a part that names only a count ("4卡") takes the
card, the place and the length from the part that names them."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from bot.understand.card_counts import takes_back
from bot.understand.clause_marks import MAX_CLAUSE_TEXT, MAX_CLAUSES
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize

if TYPE_CHECKING:
    from bot.understand.parser import Parsed

# what joins two setups: "and", "&", "vs", a comma, "和 / 跟 / 与 / 以及 / 还有"
JOIN = lazy(r"\s*[,，、]\s*(?:and\s+|还有\s*)?|\s+and\s+|\s*[&＆]\s*|和|跟|与|以及|还有", re.IGNORECASE)


def each_setup(text: str, whole: Parsed, now: datetime | None, read: Callable[[str, datetime | None], Parsed]) -> list[Parsed]:
    """The price of each card count asked, in the order named: every joined part names a count of the
    one card the message prices (or only a count, of that card), no two the same count. [] otherwise:
    two cards are a comparison, a job is sized with its own readers."""
    q = whole.request
    if whole.intent != "price" or not q.gpu or whole.missing or whole.versus or whole.asks.cheaper or whole.asks.pooled is not None \
            or whole.asks.difference or whole.cues.instances or q.model or q.params_b:
        return []
    pieces = [c for c in JOIN.split(text[:MAX_CLAUSE_TEXT]) if c.strip()]
    if not 2 <= len(pieces) <= MAX_CLAUSES or any(takes_back(normalize(c)) for c in pieces[1:]):
        return []  # "8 h100s for a week, actually make it four": the later count, one question (card_counts)
    read_pieces = [read(c, now) for c in pieces]
    if any(p.request.gpu not in (None, q.gpu) or p.request.model or p.request.params_b for p in read_pieces):
        return []
    # a piece with no count says what all share ("at gpuli, h100: 4 cards and 8 cards, monthly?"): the whole's
    parts = [p for p in read_pieces if p.request.num_gpus is not None]
    if len(parts) < 2 or any(p.request.gpu and p.request.num_gpus is None for p in read_pieces):
        return []
    if len({p.request.num_gpus for p in parts}) < len(parts):
        return []
    # the part that prices the card whole ("8卡h100 包月各多少"), else the whole message ("h100 4卡跟8卡 一个月分别多少钱")
    full = next((p for p in parts if p.intent == "price" and p.request.gpu), whole)
    provider = next((p.rental.provider for p in parts if p.rental.provider), whole.rental.provider)
    out = []
    for p in parts:
        r = p.rental
        days, hours = (r.duration_days, r.duration_hours) if r.duration_days or r.duration_hours \
            else (whole.rental.duration_days, whole.rental.duration_hours)
        out.append(replace(full, parts=[], request=full.request.model_copy(update={"num_gpus": p.request.num_gpus}),
                           rental=replace(full.rental, provider=r.provider or provider, duration_days=days,
                                          duration_hours=hours)))
    return out
