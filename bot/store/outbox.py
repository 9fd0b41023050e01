"""The alert outbox, and the chats that blocked the bot.

Why an outbox: computing an alert and delivering it are separate steps that fail separately. The
sweeper writes each alert once (its key is UNIQUE per subject, kind and period); the sender claims
rows with a lease, delivers, then marks them sent. A sender that dies after claiming leaves the row
claimed; when the lease runs out the row is claimed again and delivered again: at-least-once.
"""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.store.connection import Row, Store, from_ts, opt_ts, ts


@dataclass(frozen=True)
class OutboxItem:
    id: int
    key: str
    wallet_id: int
    chat: str
    kind: str
    data: dict[str, Any]
    due_at: datetime
    intended_at: datetime
    not_before: datetime
    status: str
    attempts: int
    failures: int
    claimed_until: datetime | None
    sent_at: datetime | None
    late: bool
    last_error: str | None
    created_at: datetime


def _item(r: Row) -> OutboxItem:
    return OutboxItem(r["id"], r["key"], r["wallet_id"], r["chat"], r["kind"], json.loads(r["data"]),
                      from_ts(r["due_at"]), from_ts(r["intended_at"]), from_ts(r["not_before"]), r["status"],
                      r["attempts"], r["failures"], opt_ts(r["claimed_until"]), opt_ts(r["sent_at"]), bool(r["late"]),
                      r["last_error"], from_ts(r["created_at"]))


def enqueue(store: Store, *, key: str, wallet_id: int, chat: str, kind: str, data: dict[str, Any], due_at: datetime,
            intended_at: datetime, not_before: datetime, at: datetime, status: str = "pending") -> bool:
    """Add an alert unless one with `key` exists; True if it was added.

    `due_at` is when it fell due, `intended_at` when it should have gone out (after quiet hours),
    `not_before` the earliest it may go out now.
    """
    cur = store.run(
        "INSERT INTO outbox (key, wallet_id, chat, kind, data, due_at, intended_at, not_before, status, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
        (key, wallet_id, chat, kind, json.dumps(data, ensure_ascii=False, sort_keys=True), ts(due_at),
         ts(intended_at), ts(not_before), status, ts(at)),
    )
    return cur.rowcount > 0


# in queue order, ties by id: a chat's alerts stay together (one claim) and in the order they were queued
READY_SQL = ("SELECT id FROM outbox WHERE status = 'pending' AND not_before <= ? ORDER BY not_before, id LIMIT ?")
EXPIRED_CLAIMS_SQL = "SELECT id FROM outbox WHERE status = 'claimed' AND claimed_until <= ? ORDER BY claimed_until LIMIT ?"
PLATFORM = {"sqlite": "substr(chat, 1, instr(chat, ':') - 1)",  # "telegram:chat:42" -> "telegram"
            "postgresql": "split_part(chat, ':', 1)"}


def has(store: Store, key: str) -> bool:
    """Whether an alert with `key` was ever enqueued (sent, waiting, muted or superseded)."""
    return store.row("SELECT 1 FROM outbox WHERE key = ?", (key,)) is not None


def _only(sql: str, platforms: Collection[str] | None) -> tuple[str, tuple[str, ...]]:
    """`sql` restricted to chats of `platforms` (None: every platform); LIKE keeps it one SQL for both."""
    if platforms is None:
        return sql, ()
    likes = " OR ".join("chat LIKE ?" for _ in platforms) or "0 = 1"
    return sql.replace(" ORDER BY", f" AND ({likes}) ORDER BY"), tuple(f"{p}:%" for p in platforms)


def claim(store: Store, now: datetime, lease_until: datetime, limit: int,
          platforms: Collection[str] | None = None) -> list[OutboxItem]:
    """Claim up to `limit` deliverable rows: pending and due, or claimed by a sender whose lease ran out.
    With `platforms`, only rows for chats on those platforms: a process that cannot deliver to
    Telegram leaves Telegram's alerts in the queue for one that can.

    On PostgreSQL the rows are locked as they are picked (FOR UPDATE SKIP LOCKED) in a transaction
    that does not wait for the money writes: two senders claiming at once get disjoint rows."""
    ready_sql, extra = _only(READY_SQL, platforms)
    expired_sql, _ = _only(EXPIRED_CLAIMS_SQL, platforms)
    if store.postgres:
        ready_sql += " FOR UPDATE SKIP LOCKED"
        expired_sql += " FOR UPDATE SKIP LOCKED"
    with store.write(serial=not store.postgres):
        ids = [r["id"] for r in store.rows(ready_sql, (ts(now), *extra, limit))]
        if len(ids) < limit:
            ids += [r["id"] for r in store.rows(expired_sql, (ts(now), *extra, limit - len(ids)))]
        if not ids:
            return []
        marks = ",".join("?" for _ in ids)
        store.run(f"UPDATE outbox SET status = 'claimed', claimed_until = ?, attempts = attempts + 1"
                  f" WHERE id IN ({marks})", (ts(lease_until), *ids))
        rows = store.rows(f"SELECT * FROM outbox WHERE id IN ({marks}) ORDER BY not_before, id", ids)
    return [_item(r) for r in rows]


def mark_sent(store: Store, item_id: int, at: datetime, late: bool) -> None:
    store.run("UPDATE outbox SET status = 'sent', sent_at = ?, late = ?, claimed_until = NULL WHERE id = ?",
              (ts(at), int(late), item_id))


def release(store: Store, item_id: int, not_before: datetime, *, failed: bool = False, error: str | None = None) -> None:
    """Give a claimed row back to the queue, to be tried at `not_before` (a failure counts if `failed`)."""
    store.run("UPDATE outbox SET status = 'pending', not_before = ?, claimed_until = NULL,"
              " failures = failures + ?, last_error = COALESCE(?, last_error) WHERE id = ?",
              (ts(not_before), int(failed), error, item_id))


def give_up(store: Store, item_id: int, status: str, error: str | None) -> None:
    """Stop trying a row: 'failed' after too many failures, 'blocked' when the chat blocked the bot."""
    store.run("UPDATE outbox SET status = ?, claimed_until = NULL, last_error = ? WHERE id = ?",
              (status, error, item_id))


def items(store: Store, *, status: str | None = None, wallet_id: int | None = None) -> list[OutboxItem]:
    """Rows for inspection (tests, `kasuan alerts due`), oldest first."""
    where: list[str] = []
    params: list[object] = []
    if status is not None:
        where.append("status = ?")
        params.append(status)
    if wallet_id is not None:
        where.append("wallet_id = ?")
        params.append(wallet_id)
    clause = f" WHERE {' AND '.join(where)}" if where else ""
    return [_item(r) for r in store.rows(f"SELECT * FROM outbox{clause} ORDER BY due_at, id", params)]


def waiting_by_platform(store: Store, now: datetime) -> dict[str, int]:
    """How many alerts may go out at `now` (pending and due, or with a lapsed claim), per platform."""
    rows = store.rows(f"SELECT {PLATFORM[store.dialect]} AS platform, COUNT(*) AS n FROM outbox WHERE (status = 'pending'"
                      " AND not_before <= ?) OR (status = 'claimed' AND claimed_until <= ?) GROUP BY platform",
                      (ts(now), ts(now)))
    return {str(r["platform"]): int(r["n"]) for r in rows}


def ready(store: Store, now: datetime, limit: int = 1000) -> list[OutboxItem]:
    """Rows a sender would claim at `now`, without claiming them."""
    ids = [r["id"] for r in store.rows(READY_SQL, (ts(now), limit))]
    ids += [r["id"] for r in store.rows(EXPIRED_CLAIMS_SQL, (ts(now), limit))]
    if not ids:
        return []
    marks = ",".join("?" for _ in ids)
    return [_item(r) for r in store.rows(f"SELECT * FROM outbox WHERE id IN ({marks}) ORDER BY due_at, id", ids)]


def move_chat(store: Store, old: str, new: str) -> None:
    """A chat changed its id (a Telegram group became a supergroup): everything of it follows."""
    from bot.store.chats import migrate_chat

    migrate_chat(store, old, new)


def block_chat(store: Store, chat: str, at: datetime, reason: str | None) -> None:
    """Remember that `chat` blocked the bot, and stop every alert still queued for it."""
    store.run("INSERT INTO blocked_chats (chat, blocked_at, reason) VALUES (?, ?, ?) ON CONFLICT (chat) DO NOTHING",
              (chat, ts(at), reason))
    store.run("UPDATE outbox SET status = 'blocked', claimed_until = NULL WHERE chat = ? AND status = 'pending'",
              (chat,))


def unblock_chat(store: Store, chat: str) -> bool:
    """The chat talks to the bot again: deliver to it again. True if it had been blocked."""
    return store.run("DELETE FROM blocked_chats WHERE chat = ?", (chat,)).rowcount > 0


def is_blocked(store: Store, chat: str) -> bool:
    return store.row("SELECT 1 FROM blocked_chats WHERE chat = ?", (chat,)) is not None


def backlog(store: Store, now: datetime) -> tuple[int, datetime | None]:
    """(alerts queued or being delivered, when the oldest one that may go out now became deliverable)."""
    r = store.row("SELECT COUNT(*) AS n, MIN(CASE WHEN not_before <= ? THEN not_before END) AS oldest FROM outbox"
                  " WHERE status IN ('pending', 'claimed')", (ts(now),))
    if r is None:
        return 0, None
    return int(r["n"]), opt_ts(r["oldest"])
