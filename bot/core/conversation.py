"""What the bot remembers of a conversation between two messages: the last question answered (for
follow-ups and the Details button) and a clarifying question still waiting for its answer.

Why: "which provider?" followed by "gpuli" must finish the rental that was asked for, and
"那换成qlora呢" must change one thing of the previous question. Both are per chat *and* user (two
people in one group never complete each other's questions) and expire, so a stale question is not
answered an hour later.

Two keepers with one interface: `Conversations` in memory (the CLI, tests, a core without a
store) and `StoreConversations` in the store (bot.store.conversations), which every `kasuan run`
replica shares, so any replica continues any conversation and a restart forgets nothing live.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from typing import Any

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


PRUNE_EVERY = timedelta(minutes=5)


class StoreConversations:
    """The same as `Conversations`, kept in the store: one row per (chat, user) with its expiry.

    A message costs a read or two (one indexed row) and a write when its reply asks or answers
    something; nothing is cached, so what another replica wrote is what the next message sees.
    Expired rows are never read and are deleted every `PRUNE_EVERY` by whichever replica writes then."""

    def __init__(self, store: Any, clock: Clock | None = None, ttl: timedelta = TTL) -> None:
        self.store = store
        self.clock = clock or SystemClock()
        self.ttl = ttl
        self._pruned_at: datetime | None = None

    def _load(self, key: str) -> tuple[Turn | None, Awaiting | None]:
        from bot.store.conversations import load_conversation

        turn_json, awaiting_json = load_conversation(self.store, key, self.clock.now())
        turn = Turn(**json.loads(turn_json)) if turn_json else None
        awaiting = Awaiting(**json.loads(awaiting_json)) if awaiting_json else None
        return turn, awaiting

    def _written(self) -> None:
        from bot.store.conversations import prune_conversations

        now = self.clock.now()
        if self._pruned_at is None or now - self._pruned_at >= PRUNE_EVERY:
            self._pruned_at = now
            prune_conversations(self.store, now)

    def last(self, key: str) -> Turn | None:
        return self._load(key)[0]

    def remember(self, key: str, turn: Turn) -> None:
        from bot.store.conversations import save_turn

        now = self.clock.now()
        save_turn(self.store, key, _dumps(turn), now, now + self.ttl)
        self._written()

    def awaiting(self, key: str) -> Awaiting | None:
        return self._load(key)[1]

    def ask(self, key: str, awaiting: Awaiting) -> None:
        from bot.store.conversations import save_awaiting

        now = self.clock.now()
        save_awaiting(self.store, key, _dumps(awaiting), now, now + self.ttl)
        self._written()

    def settle(self, key: str) -> None:
        from bot.store.conversations import clear_awaiting

        clear_awaiting(self.store, key)


def _dumps(state: Turn | Awaiting) -> str:
    """JSON of a turn or a clarification (their data is what the parser stated: JSON's own types)."""
    return json.dumps(asdict(state), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
