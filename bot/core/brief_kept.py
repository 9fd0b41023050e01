"""The facts of a job told one a message before the question comes: "deadline is friday noon", "100k samples, 512
tokens avg, 2 epochs", "预算 3w 一个月", then "can we finish a 7b qlora on one 4090 in time?".

Why: a dataset said alone was answered "which model?" and forgotten, and a budget was kept only by the very next
turn, so a deadline and a dataset (or a budget and a deadline) said in two messages before the question reached it
one short. The turn of a dataset said alone now keeps it (`DATA`), every turn after it keeps the last one said, as
the deadline is kept (bot.core.deadline_kept), and a budget said alone is kept across the turns that answered no
job (a deadline noted, a dataset noted). A job asked with a deadline in force (its own or one said before) and no
data of its own is timed on the dataset said before it.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.core.budget_before import SAID as BUDGET
from bot.core.deadline_kept import SAID as DEADLINE
from bot.messages import Reply, Turn
from bot.understand.parser import Parsed

DATA = "said_data"  # {"tokens"/"samples"/"avg_len"/"epochs": value}: the dataset said last
_FIELDS = ("tokens", "samples", "avg_len", "epochs")
_NO_JOB = ("deadline", "brief", "wallet")  # turns that answered no job: a budget said before them still stands


def _data(parsed: Parsed | None) -> dict[str, Any]:
    q = parsed.request if parsed is not None else None
    if q is None or not (q.tokens or q.samples):
        return {}
    return {k: v for k in _FIELDS if (v := getattr(q, k)) is not None}


def keep_brief(reply: Reply, parsed: Parsed | None, before: Turn | None) -> None:
    """The turn remembered for `reply` keeps the dataset its message said (a dataset said alone is remembered, not
    only asked its model), else the one the turn before kept; and a budget said before a turn that answered no job."""
    data = _data(parsed)
    if data and reply.kind == "missing" and reply.turn is None:  # "dataset: 100k samples, 2 epochs" alone
        reply.turn = Turn("brief", {"prev": {"kind": before.kind, "data": before.data} if before else None})
        if before is not None and isinstance(before.data.get(DEADLINE), str):
            reply.turn.data[DEADLINE] = before.data[DEADLINE]
    turn = reply.turn
    if turn is None or turn is before:
        return
    if data:
        turn.data[DATA] = data
    elif before is not None and isinstance(before.data.get(DATA), dict) and DATA not in turn.data:
        turn.data[DATA] = before.data[DATA]
    if before is not None and isinstance(before.data.get(BUDGET), list) and BUDGET not in turn.data and turn.kind in _NO_JOB:
        turn.data[BUDGET] = before.data[BUDGET]


def data_said_before(parsed: Parsed, last: Turn | None, now: datetime) -> Parsed:
    """`parsed` timed on the dataset said before, when it asks of a job (a model or a size) with no data of its own
    and a deadline is in force: its own, or one said before that is still ahead; unchanged otherwise."""
    said = last.data.get(DATA) if last is not None else None
    q, a = parsed.request, parsed.asks
    if not isinstance(said, dict) or not said or q.tokens or q.samples or parsed.intent not in ("size", "cost") \
            or parsed.missing or not (q.model or q.params_b) or parsed.follow is not None:
        return parsed
    held = last.data.get(DEADLINE) if last is not None else None
    due = a.deadline or a.until or (datetime.fromisoformat(held) if isinstance(held, str) else None)
    if due is None or due <= now:
        return parsed
    request = q.model_copy(update={k: v for k, v in said.items() if k in _FIELDS})
    return replace(parsed, request=request, asks=a if (a.deadline or a.until) else replace(a, deadline=due))
