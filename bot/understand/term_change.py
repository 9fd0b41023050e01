"""A price asked, then the same price on a term said after it in the same message: "一万网络 a100 40g 年付多少 同账户复购呢",
"yiwan a100 40g annual price, and for a repeat purchase?", "月付多少？复购呢？".

Why two readings: read whole, the term said last is the message's only price (the repeat purchase's ¥25,680) and
the price asked first (the annual ¥26,880) is lost; read clause by clause, the second clause names nothing of its own
and was dropped. It is two questions of one rental: the price first, then that price on the new term (how the
conversation reads "复购呢" after a price, bot.core.price_terms_follow). Split from bot.understand.clauses.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING

from bot.understand.clause_marks import CLAUSES, COMMA, MAX_CLAUSE_TEXT, UNMARKED
from bot.understand.lazy import lazy

# a clause that asks the price again on its term: "复购呢", "那老客户呢", "and for a repeat purchase?", "what about ..."
ASKED_AGAIN = lazy(r"[呢?？]\s*$|^\s*(?:and|what|how)\b|^\s*那", re.IGNORECASE)

if TYPE_CHECKING:
    from bot.understand.parser import Parsed



def term_only(p: Parsed, last: Parsed) -> Parsed | None:
    """`last` (a card's price) bought again on the same account, as the clause read as `p` asks, when `p` names nothing else of its own (no
    card, model, provider, count or length); None otherwise."""
    r, q = p.rental, p.request
    if last.intent != "price" or not last.request.gpu or q.model or q.params_b or q.gpu or r.provider or p.cards \
            or r.duration_days or r.duration_hours or r.num_gpus:
        return None
    if not p.price.repeat_purchase or last.price.repeat_purchase:
        return None
    return replace(last, price=replace(last.price, repeat_purchase=True), parts=[], follow_up=False, faq=[], faq_answers=[])


def term_after(text: str, whole: Parsed, now: datetime | None, read: Callable[[str, datetime | None], Parsed]) -> list[Parsed]:
    """The two readings of a price then a term changed alone, the clauses cut at a mark, a comma or the end of the
    first question ("…年付多少 复购呢"); [] for any other message (read only when the whole message prices a card on
    one of the terms)."""
    if whole.intent != "price" or not whole.request.gpu or not whole.price.repeat_purchase:
        return []
    text = text[:MAX_CLAUSE_TEXT]
    for splitter in (CLAUSES, COMMA, UNMARKED):
        clauses = [c for c in splitter.split(text) if len(c.strip()) >= 2]
        if len(clauses) != 2:
            continue
        if not ASKED_AGAIN.search(clauses[1]):
            continue  # "yiwan a100 40g for a year, repeat purchase": the term stated with the price, one question
        first = read(clauses[0], now)
        if first.intent != "price" or first.price.repeat_purchase:
            continue
        if (changed := term_only(read(clauses[1], now), first)) is not None:
            return [first, changed]
    return []
