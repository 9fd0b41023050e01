"""What an earlier turn said that the message now answered depends on: a deadline (bot.core.deadline_kept), a
budget (bot.core.budget_before) and a dataset (bot.core.brief_kept), applied in one place before the message is routed."""

from __future__ import annotations

from datetime import datetime

from bot.core.brief_kept import data_said_before
from bot.core.budget_before import budget_said_before
from bot.core.count_deadline_follow import count_against_deadline
from bot.core.deadline_kept import deadline_said_before, until_said_before
from bot.messages import Turn
from bot.understand.parser import Parsed

__all__ = ["count_against_deadline", "said_before"]  # the count's deadline is applied after the merge


def said_before(parsed: Parsed, last: Turn | None, now: datetime) -> Parsed:
    """`parsed` with the deadline and the budget said before applied where it says none of its own."""
    budget = budget_said_before(deadline_said_before(until_said_before(parsed, last, now), last, now), last)
    return data_said_before(budget, last, now)  # the dataset said before, timed against the deadline in force
