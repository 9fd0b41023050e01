"""A deadline said earlier in the conversation, for a card kept running until it: "kaggle deadline is friday noon"
then "a100 80g on cloudgpu from now until then, cost?"; "比赛还剩 30 小时", "7b qlora 用 4090，cloudgpu", then
"全程开着多少钱".

Why: the deadline was read only in the message that said it, so "until then" / "全程开着" a turn or two later had no
span and was answered with the hourly price. Each remembered turn now keeps the last deadline said (as an instant,
with the zone it was read in), and a message saying the card runs without a break, with no deadline of its own, is
priced for the span from now to that deadline (bot.understand.deadline_rental.until_deadline).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.understand.deadline_rental import until_deadline
from bot.understand.parser import Parsed
from bot.understand.zones import wall_clock

SAID = "said_deadline"


def keep_deadline(reply: Reply, parsed: Parsed | None, before: Turn | None, now: datetime) -> None:
    """The turn remembered for `reply` keeps the deadline its message said, else the one the turn before kept. A
    deadline said alone ("hackathon ends sunday noon", "比赛还剩 30 小时" read as nothing else) is answered with the
    time left to it, and remembered, not turned away."""
    said = (parsed.asks.deadline or parsed.asks.until) if parsed is not None else None
    if said is not None and reply.kind == "unknown" and reply.turn is None and said > now:
        left = f"{(said - now).total_seconds() / 3600:.0f}"
        reply.kind, reply.data = "error", {"message": t("plan.deadline_noted", reply.lang, deadline=wall_clock(said, reply.lang), left=left)}
        reply.turn = Turn("deadline", {"prev": {"kind": before.kind, "data": before.data} if before else None})
    if said is not None and reply.kind == "missing" and reply.turn is None and said > now:
        # "后天前要上线" alone asks for the model; the deadline stays for the job said next
        reply.turn = Turn("deadline", {"prev": {"kind": before.kind, "data": before.data} if before else None})
    turn = reply.turn
    if turn is None or turn is before:
        return
    if said is not None:
        turn.data[SAID] = said.isoformat()
    elif before is not None and isinstance(before.data.get(SAID), str) and SAID not in turn.data:
        turn.data[SAID] = before.data[SAID]


def until_said_before(parsed: Parsed, last: Turn | None, now: datetime) -> Parsed:
    """`parsed` priced for the span from now to the deadline said before, when it keeps the card running without a
    break and says no deadline (or length) of its own; unchanged otherwise."""
    a, r = parsed.asks, parsed.rental
    said = last.data.get(SAID) if last is not None else None
    if not parsed.cues.nonstop or not isinstance(said, str) or a.deadline is not None or a.until is not None \
            or a.budget is not None or r.duration_days or r.duration_hours:
        return parsed
    job = bool(parsed.request.model or parsed.request.params_b)
    kept = until_deadline(a, r, datetime.fromisoformat(said), now, job)
    if kept is None:
        return parsed
    asks, rental = kept
    # "7b qlora on a cloudgpu 3090, running from now till then": the plan's cost for that span, its fit beside it
    intent = "cost" if parsed.intent == "size" else parsed.intent
    return replace(parsed, intent=intent, asks=replace(asks, cost=True), rental=rental)


def deadline_said_before(parsed: Parsed, last: Turn | None, now: datetime) -> Parsed:
    """`parsed` timed against the deadline said in an earlier turn ("deadline is dec 12", then "7b qlora, 40k samples,
    3 epochs on a 4090, ok?"), when it gives the data a run's length is counted from and says no deadline, span or
    budget of its own; unchanged otherwise (a deadline already past, or no data to time the run against it)."""
    a, q = parsed.asks, parsed.request
    said = last.data.get(SAID) if last is not None else None
    if not isinstance(said, str) or a.deadline is not None or a.until is not None or a.deadline_span \
            or a.budget is not None or not (q.tokens or q.samples):
        return parsed
    due = datetime.fromisoformat(said)
    if due <= now:
        return parsed
    return replace(parsed, asks=replace(a, deadline=due))

