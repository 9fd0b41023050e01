"""Another card count after a run was timed against a deadline ("周五前能训完吗" then "16 卡呢", "will it finish by
Christmas?" then "and on 16 GPUs?"): the job and its deadline again, on the count now named.

Why: the deadline said before is applied to a message that gives its own dataset (bot.core.deadline_kept); a count
alone gets the dataset only when it is merged with the job, after that step, so it was answered as a memory fit of
the count, and the deadline the team is racing was dropped."""

from __future__ import annotations

from datetime import datetime

from bot.core.deadline_kept import deadline_said_before
from bot.messages import Turn
from bot.understand.parser import Parsed


def count_against_deadline(parsed: Parsed, last: Turn | None, now: datetime, own_count: int | None) -> Parsed:
    """`parsed` (merged with the job before it) timed against the deadline that job was timed against, when the
    message names a card count of its own and asks no fit, budget or deadline; unchanged otherwise."""
    if not own_count or not parsed.follow_up or parsed.intent not in ("size", "cost") or parsed.cues.fit \
            or parsed.asks.budget is not None or parsed.asks.how_many_gpu is not None:
        return parsed
    return deadline_said_before(parsed, last, now)
