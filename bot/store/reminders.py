"""Reminders a chat set for a moment it named ("remind me on Friday 6 pm to shut the box down").

Why a table of their own: a reminder belongs to no rental and no budget; it is due at one instant and
fires once. `due_at` is indexed so the sweeper finds the due ones with one look-up; `zone` is the zone the
moment was read in, so the alert names it back the way the user said it; `status` goes from "pending" to
"queued" (its alert is in the outbox) or "cancelled".
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.connection import Row, Store, from_ts, ts


@dataclass(frozen=True)
class Reminder:
    id: int
    wallet_id: int
    chat: str
    user_id: str
    due_at: datetime  # UTC
    zone: str
    lang: str
    what: str
    status: str
    created_at: datetime


def _reminder(r: Row) -> Reminder:
    return Reminder(r["id"], r["wallet_id"], r["chat"], r["user_id"], from_ts(r["due_at"]), r["zone"], r["lang"],
                    r["what"], r["status"], from_ts(r["created_at"]))


def add(store: Store, *, wallet_id: int, chat: str, user_id: str, due_at: datetime, zone: str, lang: str, what: str,
        at: datetime) -> Reminder:
    r = store.row(
        "INSERT INTO reminders (wallet_id, chat, user_id, due_at, zone, lang, what, status, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?) RETURNING *",
        (wallet_id, chat, user_id, ts(due_at), zone, lang, what, ts(at)))
    assert r is not None
    return _reminder(r)


def pending_for(store: Store, wallet_id: int) -> list[Reminder]:
    return [_reminder(r) for r in store.rows(
        "SELECT * FROM reminders WHERE wallet_id = ? AND status = 'pending' ORDER BY due_at, id", (wallet_id,))]


def due(store: Store, now: datetime, limit: int) -> list[Reminder]:
    return [_reminder(r) for r in store.rows(
        "SELECT * FROM reminders WHERE status = 'pending' AND due_at <= ? ORDER BY due_at, id LIMIT ?", (ts(now), limit))]


def cancel(store: Store, wallet_id: int, reminder_id: int) -> bool:
    return store.run("UPDATE reminders SET status = 'cancelled' WHERE id = ? AND wallet_id = ? AND status = 'pending'",
                     (reminder_id, wallet_id)).rowcount > 0


def mark_queued(store: Store, reminder_id: int) -> bool:
    """True for the one caller that marks it (two sweepers racing queue it once)."""
    return store.run("UPDATE reminders SET status = 'queued' WHERE id = ? AND status = 'pending'",
                     (reminder_id,)).rowcount > 0
