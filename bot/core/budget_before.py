"""A budget said a turn before the job it is for: "预算 3w 人民币" then "想全参 32b 跑一个月，得唔得"; "we've got 1500 usd
for the month" then "want 14b full ft, doable?".

Why: a budget said alone sets the wallet's monthly budget (or reads as a price question), and the job asked right
after was answered as if no money had been named: the pick ignored it and no verdict against it led. The turn
that said the budget now keeps it (with the span said beside it, "for the month", "one month"), and the job asked
in the very next message, with no budget of its own, is weighed against it as if both had been said at once. That job's turn does not pass the budget on: re-noted by
every job after it, a budget set in a wallet command 50 messages back led a memory question's reply with a verdict
against money nobody had asked about (and cost every message of a long chat a full pricing).
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
    said = before.data.get(SAID) if before is not None else None
    if isinstance(said, list) and said[:2] == [str(amount), currency]:
        return  # the budget this message took from the one before (budget_said_before): it served its one job
    turn.data[SAID] = [str(amount), currency, parsed.rental.duration_days]


def memory_or_count(parsed: Parsed) -> bool:
    """Whether the message asks only memory or a card count ("14b 全参 要多少显存", "7B 全参要几张A100"): money is not
    what it asked, so a budget said before must not lead its reply (its own "多少钱" or "which to rent" would)."""
    a = parsed.asks
    return bool(a.memory_figure or a.per_card_memory or a.count or a.how_many_gpu) and not (a.cost or a.pick or a.cheapest)


def budget_said_before(parsed: Parsed, last: Turn | None) -> Parsed:
    """`parsed` with the budget the message before said, when it asks of a job (a model and a method or size) with no
    dataset of its own, says no money of its own and is no wallet action; with the span said beside the budget when it
    names no length."""
    said = last.data.get(SAID) if last is not None else None
    q, r = parsed.request, parsed.rental
    if not isinstance(said, list) or len(said) != 3 or parsed.asks.budget is not None or parsed.wallet is not None \
            or parsed.intent not in ("size", "cost") or parsed.missing or not (q.model or q.params_b) \
            or r.amount is not None or parsed.follow is not None or q.tokens or q.samples or parsed.asks.how_long \
            or memory_or_count(parsed):
        return parsed  # a run with its own data, or asked how long, stands alone (tests/test_stands_alone_r0b.py)  # a run with its own data, or asked how long, stands alone (tests/test_stands_alone_r0b.py)
    amount, currency, days = said
    asks = replace(parsed.asks, budget=(Decimal(amount), currency))
    if days and not (r.duration_days or r.duration_hours or q.hours or q.days):
        return replace(parsed, intent="cost", asks=asks, rental=replace(r, duration_days=float(days)))
    return replace(parsed, asks=asks)
