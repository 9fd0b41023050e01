"""A budget said a turn before the job it is for: "预算 3w 人民币" then "想全参 32b 跑一个月，得唔得"; "we've got 1500 usd
for the month" then "want 14b full ft, doable?".

Why: a budget said alone sets the wallet's monthly budget (or reads as a price question), and the job asked right
after was answered as if no money had been named: the pick ignored it and no verdict against it led. The turn
that said the budget now keeps it (with the span said beside it, "for the month", "one month"), and the job asked
in the very next message, with no budget of its own, is weighed against it as if both had been said at once.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from bot.messages import Reply, Turn
from bot.understand.parser import Parsed

SAID = "said_budget"  # [amount, currency or None, days said with it or None]; on the turn of the message that said it


def note_budget(reply: Reply, parsed: Parsed | None, before: Turn | None) -> None:
    """The turn remembered for `reply` keeps the budget its own message said, for the job asked next."""
    turn = reply.turn
    if turn is None or turn is before or parsed is None or parsed.asks.budget is None or parsed.rental.provider:
        return  # a budget placed at a provider ("一万网络 预算 3w") is the money held there (bot/core/held_budget.py)
    amount, currency = parsed.asks.budget
    turn.data[SAID] = [str(amount), currency, parsed.rental.duration_days]


def budget_said_before(parsed: Parsed, last: Turn | None) -> Parsed:
    """`parsed` with the budget the message before said, when it asks of a job (a model and a method or size) with no
    dataset of its own, says no money of its own and is no wallet action; with the span said beside the budget when it
    names no length."""
    said = last.data.get(SAID) if last is not None else None
    q, r = parsed.request, parsed.rental
    if not isinstance(said, list) or len(said) != 3 or parsed.asks.budget is not None or parsed.wallet is not None \
            or parsed.intent not in ("size", "cost") or parsed.missing or not (q.model or q.params_b) \
            or r.amount is not None or parsed.follow is not None or q.tokens or q.samples or parsed.asks.how_long:
        return parsed  # a run with its own data, or asked how long, stands alone (tests/test_stands_alone_r0b.py)
    amount, currency, days = said
    asks = replace(parsed.asks, budget=(Decimal(amount), currency))
    if days and not (r.duration_days or r.duration_hours or q.hours or q.days):
        return replace(parsed, intent="cost", asks=asks, rental=replace(r, duration_days=float(days)))
    return replace(parsed, asks=asks)
