"""Conversation state in the store: per chat and user, what the last reply left open, with its expiry.

Why in the store: behind a balancer the follow-up to a question ("那换成qlora呢"), or the answer to a
clarifying question ("which provider?" — "gpuli"), may reach another replica than the question did;
kept in one process's memory it was lost there, and a cap on that memory dropped live ones under a
burst of new chats. One row per (chat, user) scope holds the last answered question and the
pending clarification as JSON, and the time it expires; a read never sees an expired row, and
`prune_conversations` deletes them. No cap: the table holds what is live, the new conversations
of one expiry period (30 minutes).
"""

from __future__ import annotations

from datetime import datetime

from bot.store.connection import Store, ts


def load_conversation(store: Store, scope: str, now: datetime) -> tuple[str | None, str | None]:
    """(last turn JSON, awaiting JSON) of `scope`, (None, None) when it has none or it expired."""
    r = store.row("SELECT last_turn, awaiting FROM conversations WHERE scope = ? AND expires_at > ?", (scope, ts(now)))
    return (r["last_turn"], r["awaiting"]) if r is not None else (None, None)


def save_turn(store: Store, scope: str, turn: str, now: datetime, expires: datetime) -> None:
    """The question just answered; an expired row's clarification goes with it."""
    store.run(
        "INSERT INTO conversations (scope, last_turn, awaiting, updated_at, expires_at) VALUES (?, ?, NULL, ?, ?)"
        " ON CONFLICT (scope) DO UPDATE SET last_turn = excluded.last_turn, updated_at = excluded.updated_at,"
        " expires_at = excluded.expires_at,"
        " awaiting = CASE WHEN conversations.expires_at > excluded.updated_at THEN conversations.awaiting END",
        (scope, turn, ts(now), ts(expires)),
    )


def save_awaiting(store: Store, scope: str, awaiting: str, now: datetime, expires: datetime) -> None:
    """A clarifying question now waiting for its answer; an expired row's last turn goes with it."""
    store.run(
        "INSERT INTO conversations (scope, last_turn, awaiting, updated_at, expires_at) VALUES (?, NULL, ?, ?, ?)"
        " ON CONFLICT (scope) DO UPDATE SET awaiting = excluded.awaiting, updated_at = excluded.updated_at,"
        " expires_at = excluded.expires_at,"
        " last_turn = CASE WHEN conversations.expires_at > excluded.updated_at THEN conversations.last_turn END",
        (scope, awaiting, ts(now), ts(expires)),
    )


def clear_awaiting(store: Store, scope: str) -> None:
    """The clarification was answered or abandoned (the expiry stays as it was)."""
    store.run("UPDATE conversations SET awaiting = NULL WHERE scope = ? AND awaiting IS NOT NULL", (scope,))


def prune_conversations(store: Store, now: datetime) -> int:
    """Delete expired conversations; returns how many."""
    return store.run("DELETE FROM conversations WHERE expires_at <= ?", (ts(now),)).rowcount


def live_conversations(store: Store, now: datetime) -> int:
    return int(store.value("SELECT COUNT(*) FROM conversations WHERE expires_at > ?", (ts(now),)) or 0)
