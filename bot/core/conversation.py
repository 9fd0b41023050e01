"""What the bot remembers of a conversation between two messages: the last question answered (for
follow-ups and the Details button) and a clarifying question still waiting for its answer.

Why: "which provider?" followed by "gpuli" must finish the rental that was asked for, and
"那换成qlora呢" must change one thing of the previous question. Both are per chat *and* user (two
people in one group never complete each other's questions) and expire, so a stale question is not
answered an hour later. Kept in memory, bounded: losing it on a restart only means asking again.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.clock import Clock, SystemClock
from bot.messages import Awaiting, Turn

TTL = timedelta(minutes=30)
MAX_CONVERSATIONS = 10_000


@dataclass
class _State:
    at: datetime
    last: Turn | None = None
    awaiting: Awaiting | None = None


class Conversations:
    """Per (chat, user): the last answered question and a pending clarification, with an expiry."""

    def __init__(self, clock: Clock | None = None, ttl: timedelta = TTL) -> None:
        self.clock = clock or SystemClock()
        self.ttl = ttl
        self._states: OrderedDict[str, _State] = OrderedDict()

    def _get(self, key: str) -> _State | None:
        state = self._states.get(key)
        if state is None:
            return None
        if self.clock.now() - state.at > self.ttl:
            del self._states[key]
            return None
        return state

    def _put(self, key: str) -> _State:
        state = self._get(key) or _State(self.clock.now())
        state.at = self.clock.now()
        self._states[key] = state
        self._states.move_to_end(key)
        while len(self._states) > MAX_CONVERSATIONS:
            self._states.popitem(last=False)
        return state

    def last(self, key: str) -> Turn | None:
        state = self._get(key)
        return state.last if state else None

    def remember(self, key: str, turn: Turn) -> None:
        self._put(key).last = turn

    def awaiting(self, key: str) -> Awaiting | None:
        state = self._get(key)
        return state.awaiting if state else None

    def ask(self, key: str, awaiting: Awaiting) -> None:
        self._put(key).awaiting = awaiting

    def settle(self, key: str) -> None:
        """The clarification was answered (or abandoned for a new question)."""
        state = self._get(key)
        if state is not None:
            state.awaiting = None
