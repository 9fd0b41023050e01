"""The cards a team already holds, asked whether they are enough.

Why here: a message that names its own cards with the time they are held for ("one H100 reserved for a
month", "财务只批了一台 4 卡 H100 的月租", "IT set aside two 4090s", "机器是两张 A100 80G") and asks whether
they will do reads, by its card and its length, as a rental's cost; the answer was a rental search for
that setup ("nobody rents 1× H100") instead of the verdict asked. The fit of the job on those very cards
is the answer (with the least count that holds it when they are not enough); a price asked beside it
("…and what that node costs per month") comes after the verdict."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.understand.lazy import lazy

if TYPE_CHECKING:
    from bot.understand.parser import Parsed


# the cards asked whether they run the job ("能跑吗", "跑得起来吗", "can they run it"), not whether it finishes in time ("能跑完")
RUNS_ON = lazy(r"(?:能跑|跑得动|跑得起来|带得动)\s*(?:吗|么|不)|\b(?:can|will|would|could)\s+(?:it|they|that|this|these|those)\s+(?:run|handle)\b")


def fit_of_held_cards(whole: Parsed) -> Parsed | list[Parsed] | None:
    """The job asked of cards named with their count, whether they are enough, read as a cost (a length or a
    token count beside them): the sizing of the job on those cards, its verdict leading (a count asked too,
    "不够的话最少要几张", is said by the sizing's own least setup), or [fit, cost] when a price is asked as well.
    None for anything else: a budget or an amount, a deadline, a runway or a dataset each weigh a cost of their own, and a
    question with no fit asked is the cost it reads as."""
    q, a, c = whole.request, whole.asks, whole.cues
    if whole.intent != "cost" or whole.missing or not q.gpu or not (q.model or q.params_b) or whole.versus:
        return None
    if whole.parts and not _held_then_asked(whole.parts):
        return None
    if a.budget is not None or a.deadline is not None or a.runway or a.how_long or whole.rental.amount is not None or a.both_units \
            or a.cheapest or a.cheaper or a.wallet or q.samples or q.step_seconds or q.tokens or q.hours or q.days:
        return None
    if not (c.fit or a.enough or RUNS_ON.search(whole.words)):  # "够不够", "is that sufficient", "能跑吗", "will they do"
        return None
    fit = replace(whole, intent="size", parts=[], missing=[], asks=replace(a, cost=False, sizing=True),
                  rental=replace(whole.rental, duration_days=None, duration_hours=None, term=False),
                  request=q.model_copy(update={"hours": None, "days": None}))
    if not (a.cost or c.how_much):
        return fit  # "IT set aside two 4090s, is that sufficient?": the verdict, nothing to rent
    return [fit, replace(whole, parts=[])]


def _held_then_asked(parts: list[Parsed]) -> bool:
    """"2 h100 booked for two weeks; will a 14b lora fit on them?": a clause that only names the cards held (a
    price reading that asks no amount) and a clause asking the job's fit are one question."""
    return any(p.intent == "size" for p in parts) and all(
        p.intent == "size" or (p.intent == "price" and not (p.asks.cost or p.cues.how_much) and not p.request.model) for p in parts)
