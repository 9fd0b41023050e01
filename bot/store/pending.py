"""Quoted actions waiting for the user's confirmation button (rent, stop, renew).

Why in SQLite: the button payload carries only the id ("w:ok:17"), so it fits Telegram's 64 bytes
and cannot be forged into a different price; what was quoted, for whom and in which chat lives here.
Closing a pending action is a conditional update, so a double tap confirms it once.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.store.connection import Row, Store, from_ts, ts


@dataclass(frozen=True)
class Pending:
    id: int
    key: str
    wallet_id: int
    user: str
    chat: str
    action: str
    data: dict[str, Any]
    status: str
    result: dict[str, Any] | None
    created_at: datetime
    expires_at: datetime


def _pending(r: Row) -> Pending:
    return Pending(r["id"], r["key"], r["wallet_id"], r["user"], r["chat"], r["action"], json.loads(r["data"]),
                   r["status"], json.loads(r["result"]) if r["result"] else None, from_ts(r["created_at"]),
                   from_ts(r["expires_at"]))


def create_pending(store: Store, *, key: str, wallet_id: int, user: str, chat: str, action: str,
                   data: dict[str, Any], at: datetime, expires_at: datetime) -> Pending:
    """The pending action for `key`: created now, or the one a redelivered command created before."""
    store.run(
        "INSERT INTO pending_actions (key, wallet_id, \"user\", chat, action, data, status, created_at, expires_at)"
        " VALUES (?, ?, ?, ?, ?, ?, 'open', ?, ?) ON CONFLICT (key) DO NOTHING",
        (key, wallet_id, user, chat, action, json.dumps(data, sort_keys=True), ts(at), ts(expires_at)),
    )
    r = store.row("SELECT * FROM pending_actions WHERE key = ?", (key,))
    assert r is not None
    return _pending(r)


def pending(store: Store, pending_id: int) -> Pending | None:
    r = store.row("SELECT * FROM pending_actions WHERE id = ?", (pending_id,))
    return _pending(r) if r is not None else None


def close_pending(store: Store, pending_id: int, status: str, result: dict[str, Any] | None) -> bool:
    """Move an open action to `status` (done | cancelled); False if it was no longer open."""
    cur = store.run("UPDATE pending_actions SET status = ?, result = ? WHERE id = ? AND status = 'open'",
                    (status, None if result is None else json.dumps(result, sort_keys=True), pending_id))
    return cur.rowcount > 0
