"""The Telegram inbox: polled updates kept in the store from the moment they are fetched until answered.

Why: getUpdates confirms a batch when the next call passes a higher offset, so whatever a process
fetched and has not answered yet lives only in its memory once it asks again. Here each batch is
written (one row per update, in `processed_updates` beside the de-duplication keys) before the
poller asks again; a SIGKILL then leaves the unanswered rows behind instead of losing them.

Who answers a row: a process claims it (`holder`), answers it and marks it done (bot.store.updates'
`finish_update`). A holder proves it is alive by renewing its lease "alive:<holder>"; rows of a
holder whose lease lapsed are taken over by whoever claims next. Claims go a chat at a time, in
update order: a chat with a row held by another live process is left to that process, so one
chat's updates are never answered by two processes at once or out of order. Claiming is one
short serial transaction (SQLite's write lock; on PostgreSQL an advisory lock of its own, so it
never waits for money writes). A row whose holders died `GIVE_UP_AFTER` times is marked done
unanswered (logged): an update that kills every process that touches it must not kill them all.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.store.connection import Store, ts

ALIVE = "alive:"  # the lease every inbox holder renews
INBOX_LOCK_KEY = 0x4B53_0002  # PostgreSQL advisory lock taken by a claim ("KS" 2)
GIVE_UP_AFTER = 3


@dataclass(frozen=True)
class Fetched:
    """One update as fetched: its key (the de-duplication key), id, chat and the JSON Telegram sent."""

    key: str
    update_id: int
    chat: str
    payload: str


@dataclass(frozen=True)
class Claimed:
    key: str
    update_id: int
    payload: str
    taken_over: bool  # it had a holder who died


def store_fetched(store: Store, source: str, updates: Sequence[Fetched], at: datetime) -> int:
    """Write a fetched batch, unclaimed; an update stored before (fetched again after a restart,
    answered or not) is left as it is. Returns how many were new. One transaction: all or none."""
    new = 0
    with store.write(serial=not store.postgres):
        for u in updates:
            cur = store.run(
                "INSERT INTO processed_updates (key, seen_at, holder, done, source, update_id, chat, payload)"
                " VALUES (?, ?, NULL, 0, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
                (u.key, ts(at), source, u.update_id, u.chat, u.payload),
            )
            new += cur.rowcount
    return new


def live_holders(store: Store, now: datetime) -> set[str]:
    """Holders whose "alive:" lease is running."""
    rows = store.rows("SELECT name FROM leases WHERE name LIKE ? AND expires_at > ?", (f"{ALIVE}%", ts(now)))
    return {str(r["name"])[len(ALIVE):] for r in rows}


def claim_inbox(store: Store, source: str, holder: str, now: datetime, *, others_alive: bool = True,
                limit: int = 500) -> tuple[list[Claimed], list[str]]:
    """Claim for `holder` the unanswered rows of `source` that nobody alive holds, whole chats at a
    time, oldest first. Returns (claimed rows in update order, keys given up).

    `others_alive=False` (one process by configuration) takes any other holder's rows at once: they
    can only be from an earlier run of this process."""
    with store.write(serial=not store.postgres):
        if store.postgres:
            store.value("SELECT pg_advisory_xact_lock(?)", (INBOX_LOCK_KEY,))
        rows = store.rows(
            "SELECT key, chat, holder, update_id, attempts FROM processed_updates"
            " WHERE source = ? AND done = 0 AND (holder IS NULL OR holder <> ?) ORDER BY update_id LIMIT ?",
            (source, holder, limit),
        )
        if not rows:
            return [], []
        live = live_holders(store, now) - {holder} if others_alive else set()
        busy = {r["chat"] for r in rows if r["holder"] is not None and r["holder"] in live}
        take = [r for r in rows if r["chat"] not in busy]
        gone = [str(r["key"]) for r in take if r["holder"] is not None and int(r["attempts"]) + 1 >= GIVE_UP_AFTER]
        keep = [r for r in take if str(r["key"]) not in set(gone)]
        fresh = [str(r["key"]) for r in keep if r["holder"] is None]
        taken = [str(r["key"]) for r in keep if r["holder"] is not None]
        _update_keys(store, "holder = ?", (holder,), fresh)
        _update_keys(store, "holder = ?, attempts = attempts + 1", (holder,), taken)
        _update_keys(store, "done = 1, attempts = attempts + 1", (), gone)
        payloads = _payloads(store, [str(r["key"]) for r in keep])
    return [Claimed(str(r["key"]), int(r["update_id"]), payloads[str(r["key"])], r["holder"] is not None)
            for r in keep], gone


def _update_keys(store: Store, assignments: str, params: tuple[str, ...], keys: list[str]) -> None:
    """One UPDATE per 200 keys (a claim is a few round trips, however many rows it takes)."""
    for i in range(0, len(keys), 200):
        chunk = keys[i:i + 200]
        marks = ",".join("?" for _ in chunk)
        store.run(f"UPDATE processed_updates SET {assignments} WHERE key IN ({marks})", (*params, *chunk))


def still_holds(store: Store, key: str, holder: str) -> bool:
    """Whether `holder` still holds `key`, unanswered: checked right before answering, so a holder
    that stalled past its lease (and was taken over) leaves the update to the process that took it."""
    r = store.row("SELECT holder, done FROM processed_updates WHERE key = ?", (key,))
    return r is not None and r["holder"] == holder and not r["done"]


def _payloads(store: Store, keys: Iterable[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    keys = list(keys)
    for i in range(0, len(keys), 200):
        chunk = keys[i:i + 200]
        marks = ",".join("?" for _ in chunk)
        for r in store.rows(f"SELECT key, payload FROM processed_updates WHERE key IN ({marks})", chunk):
            out[str(r["key"])] = str(r["payload"])
    return out


def unanswered(store: Store, source: str) -> int:
    """Rows of `source` not answered yet (for /metrics and the tests)."""
    return int(store.value("SELECT COUNT(*) FROM processed_updates WHERE source = ? AND done = 0", (source,)) or 0)
