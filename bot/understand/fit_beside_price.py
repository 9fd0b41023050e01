"""A card's price and, in the same message, whether a job fits it, the job named only in the fit clause ("l40s 包月
多少，能跑 14b lora 不", "how much is an A6000 a week, can it take 32b qlora?"): read whole, the message was the job's
cost on that card and the fit asked went unanswered; it is the fit on that card, then the price. Split from
bot.understand.clauses, which calls these when it weighs a fit clause against a cost clause."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.understand.clause_marks import FITS
from bot.understand.normalize import normalize

if TYPE_CHECKING:
    from bot.understand.parser import Parsed


def card_priced(p: Parsed) -> bool:
    """A clause asking a card's price and naming no job ("l40s monthly 多少", "a6000 weekly 多少钱")."""
    q = p.request
    return (p.intent == "price" or p.asks.cost) and bool(q.gpu or p.rental.gpu) and not (q.model or q.params_b or q.method)


def job_fit_on_card(clauses: list[str], parts: list[Parsed], whole: Parsed) -> Parsed | None:
    """The fit of the message's job on the message's card, when a clause asks whether a job it names fits and
    names no card or length of its own (the card is the price clause's); None otherwise (a budget is weighed
    by its own answer)."""
    if whole.intent != "cost" or whole.missing or not whole.request.gpu or whole.asks.budget is not None:
        return None
    if not any(card_priced(p) for p in parts) or not any(
            (p.request.model or p.request.params_b) and not (p.request.gpu or p.rental.duration_days or p.rental.duration_hours)
            and FITS.search(normalize(c)) for c, p in zip(clauses, parts, strict=True)):
        return None
    return replace(whole, intent="size", parts=[], missing=[], asks=replace(whole.asks, cost=False, sizing=True),
                   rental=replace(whole.rental, duration_days=None, duration_hours=None, term=False),
                   request=whole.request.model_copy(update={"hours": None, "days": None}))


def priced_first(clauses: list[str], parts: list[Parsed]) -> bool:
    """Whether the message asks the card's price before the job's fit: the answers come in the order asked."""
    priced = next((i for i, p in enumerate(parts) if card_priced(p)), None)
    fits = next((i for i, (c, p) in enumerate(zip(clauses, parts, strict=True))
                 if (p.request.model or p.request.params_b) and FITS.search(normalize(c))), None)
    return priced is not None and fits is not None and priced < fits
