"""Leases: a named job that only one process may do at a time (a platform's alert sender, the
sweeper, the Telegram poller), held for a while and renewed by its holder.

Why leases and not locks held by a connection: a lease row works the same on SQLite (several
processes on one file) and PostgreSQL (several hosts), and a holder that dies simply stops
renewing: after `expires_at` anyone may take the job over. Taking or renewing is one upsert whose
WHERE only lets it through when the row is ours or has lapsed, so two processes racing for a free
lease cannot both get it. The clocks of the hosts must agree to well within the lease length
(NTP does); leases here last tens of seconds.
"""

from __future__ import annotations

import os
import socket
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.store.connection import Store, from_ts, ts


def process_id() -> str:
    """This process, as a lease holder: host, pid and a random part (a pid is reused after a restart)."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


@dataclass(frozen=True)
class Lease:
    name: str
    holder: str
    expires_at: datetime


def acquire(store: Store, name: str, holder: str, now: datetime, ttl: timedelta) -> bool:
    """Take `name` for `holder` until now + ttl, or renew it if `holder` has it; False if another
    holder's lease is still running."""
    r = store.row(
        "INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)"
        " ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at"
        " WHERE leases.holder = excluded.holder OR leases.expires_at <= ? RETURNING holder",
        (name, holder, ts(now + ttl), ts(now)),
    )
    return r is not None and r["holder"] == holder


def release(store: Store, name: str, holder: str) -> bool:
    """Give `name` back (a clean shutdown), so the next process need not wait for it to lapse."""
    return store.run("DELETE FROM leases WHERE name = ? AND holder = ?", (name, holder)).rowcount > 0


def holder_of(store: Store, name: str, now: datetime) -> Lease | None:
    """Who holds `name` now (None when nobody does, or the last holder's lease lapsed)."""
    r = store.row("SELECT * FROM leases WHERE name = ? AND expires_at > ?", (name, ts(now)))
    return Lease(r["name"], r["holder"], from_ts(r["expires_at"])) if r is not None else None
