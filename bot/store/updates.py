"""Platform updates already handled, so a redelivered update is recognised and skipped.

Telegram redelivers an update when the bot did not acknowledge it in time (a restart, a slow
handler); behind a balancer the redelivery may reach another process. The front end asks before
acting; the check and the record are one statement, so two workers (or two processes sharing the
store) racing on the same update cannot both see it as new.

Two ways to ask. `seen_update` records the key as handled at once (at-most-once: a crash while
answering loses the answer). `claim_update` records it as being answered by one process for a
while (`hold`); `finish_update` marks it answered. A redelivery meanwhile is told "busy" (answer
it later: the webhook returns 503 so Telegram tries again), and once the hold has passed without
a finish (the process died) the next delivery takes it over: every update is answered, once,
unless a process dies after sending the answer and before marking it, the only double.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Literal

from bot.store.connection import Store, ts

Claim = Literal["new", "done", "busy"]
HOLD = timedelta(seconds=30)


def seen_update(store: Store, key: str, at: datetime) -> bool:
    """Record `key`; True if it had been recorded before (the update was already handled)."""
    cur = store.run(
        "INSERT INTO processed_updates (key, seen_at) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
        (key, ts(at)),
    )
    return cur.rowcount == 0


def claim_update(store: Store, key: str, holder: str, at: datetime, hold: timedelta = HOLD) -> Claim:
    """'new': `holder` now answers it; 'done': answered already; 'busy': another holder is answering it."""
    now = at
    r = store.row(
        "INSERT INTO processed_updates (key, seen_at, holder, done) VALUES (?, ?, ?, 0) ON CONFLICT (key) DO UPDATE"
        " SET seen_at = excluded.seen_at, holder = excluded.holder"
        " WHERE processed_updates.done = 0 AND processed_updates.seen_at <= ? RETURNING holder",
        (key, ts(now), holder, ts(now - hold)),
    )
    if r is not None:
        return "new"
    done = store.row("SELECT done FROM processed_updates WHERE key = ?", (key,))
    return "done" if done is None or done["done"] else "busy"


def finish_update(store: Store, key: str) -> None:
    """The update's answer went out: redeliveries from now on are dropped."""
    store.run("UPDATE processed_updates SET done = 1 WHERE key = ?", (key,))


def prune_updates(store: Store, before: datetime) -> int:
    """Forget update keys recorded before `before` (platforms stop redelivering after a day)."""
    return store.run("DELETE FROM processed_updates WHERE seen_at < ?", (ts(before),)).rowcount
