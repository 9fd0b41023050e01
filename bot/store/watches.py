"""Price watches: a chat's "tell me when <count> × <card> per <unit> is under <amount>", checked after
each price refresh; `fired_at` marks the one time it fires (its alert goes through the outbox)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from bot.store.connection import Row, Store, from_ts, opt_ts, ts


@dataclass(frozen=True)
class Watch:
    id: int
    wallet_id: int
    chat: str
    user_id: str
    gpu: str
    count: int
    unit: str
    currency: str
    below: Decimal
    created_at: datetime
    fired_at: datetime | None


def _watch(r: Row) -> Watch:
    return Watch(r["id"], r["wallet_id"], r["chat"], r["user_id"], r["gpu"], r["count"], r["unit"], r["currency"],
                 Decimal(r["below"]), from_ts(r["created_at"]), opt_ts(r["fired_at"]))


def add(store: Store, *, wallet_id: int, chat: str, user_id: str, gpu: str, count: int, unit: str, currency: str,
        below: Decimal, at: datetime) -> Watch:
    r = store.row(
        "INSERT INTO price_watches (wallet_id, chat, user_id, gpu, count, unit, currency, below, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *",
        (wallet_id, chat, user_id, gpu, count, unit, currency, str(below), ts(at)))
    assert r is not None
    return _watch(r)


def for_wallet(store: Store, wallet_id: int) -> list[Watch]:
    return [_watch(r) for r in store.rows("SELECT * FROM price_watches WHERE wallet_id = ? ORDER BY id", (wallet_id,))]


def active(store: Store) -> list[Watch]:
    return [_watch(r) for r in store.rows("SELECT * FROM price_watches WHERE fired_at IS NULL ORDER BY id")]


def remove(store: Store, wallet_id: int, watch_id: int) -> bool:
    return store.run("DELETE FROM price_watches WHERE id = ? AND wallet_id = ?", (watch_id, wallet_id)).rowcount > 0


def mark_fired(store: Store, watch_id: int, at: datetime) -> bool:
    """True for the one caller that marks it (a second sweep racing the first adds nothing)."""
    return store.run("UPDATE price_watches SET fired_at = ? WHERE id = ? AND fired_at IS NULL",
                     (ts(at), watch_id)).rowcount > 0
