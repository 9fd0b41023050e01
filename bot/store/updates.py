"""Platform updates already handled, so a redelivered update is recognised and skipped.

Telegram redelivers an update when the bot did not acknowledge it in time (a restart, a slow
handler); the front end asks `seen_update` before acting. The check and the record are one
statement, so two workers racing on the same update cannot both see it as new.
"""

from __future__ import annotations

from datetime import UTC, datetime

from bot.store.connection import Store, ts


def seen_update(store: Store, key: str, at: datetime | None = None) -> bool:
    """Record `key`; True if it had been recorded before (the update was already handled)."""
    cur = store.run(
        "INSERT INTO processed_updates (key, seen_at) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
        (key, ts(at or datetime.now(UTC))),
    )
    return cur.rowcount == 0


def prune_updates(store: Store, before: datetime) -> int:
    """Forget update keys recorded before `before` (platforms stop redelivering after a day)."""
    return store.run("DELETE FROM processed_updates WHERE seen_at < ?", (ts(before),)).rowcount
