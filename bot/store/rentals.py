"""Rentals: what was rented, from whom, how it is billed, and when the sweeper must look again.

Why `next_check_at`: with a million rentals, the alert sweep must not read them all each tick.
Each rental carries the next instant anything can happen to it (an expiry reminder, a meter
reading, its balance running out); the sweep reads only the rows whose instant has come, through
a partial index.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import datetime

from bot.store.connection import Row, Store, opt_ts, ts

ACTIVE = "active"


@dataclass(frozen=True)
class Rental:
    id: int
    wallet_id: int
    account_id: int
    created_by: str
    provider: str
    offer: str
    gpu: str
    num_gpus: int
    region: str | None
    billing: str  # the wallet rule holding it (bot/wallet/rental_rule.py): cycles | per_minute
    status: str  # active | stopped | expired | refunded | destroyed
    created_at: datetime
    started_at: datetime
    ends_at: datetime | None
    term_minutes: int | None
    job_ends_at: datetime | None
    ended_at: datetime | None
    data_until: datetime | None
    paid_minor: int
    term_price_minor: int
    hold_minor: int
    billed_minutes: int
    overdraft: bool
    alerted_until: datetime | None
    runway_seq: int
    next_check_at: datetime | None
    overdraft_limit_minor: int = 0  # how far below zero a confirmed overdraft may go (then: destroyed)
    runway_low_seq: int = -1  # the account topup_seq the "under one hour left" alert fired for


TIME_FIELDS = {"created_at", "started_at", "ends_at", "job_ends_at", "ended_at", "data_until", "alerted_until",
               "next_check_at"}
COLUMNS = [f.name for f in fields(Rental)]


def _rental(r: Row) -> Rental:
    values = {}
    for name in COLUMNS:
        v = r[name]
        if name in TIME_FIELDS:
            v = opt_ts(v)
        elif name == "overdraft":
            v = bool(v)
        values[name] = v
    return Rental(**values)


def _param(name: str, value: object) -> object:
    if name in TIME_FIELDS:
        return None if value is None else ts(value)  # type: ignore[arg-type]
    if isinstance(value, bool):
        return int(value)
    return value


def insert_rental(store: Store, **values: object) -> Rental:
    """Insert a rental row (id assigned); the caller holds the write transaction."""
    unknown = set(values) - set(COLUMNS)
    if unknown:
        raise ValueError(f"unknown rental columns {sorted(unknown)}")
    names = list(values)
    r = store.row(
        f"INSERT INTO rentals ({', '.join(names)}) VALUES ({', '.join('?' for _ in names)}) RETURNING *",
        [_param(n, values[n]) for n in names],
    )
    assert r is not None
    return _rental(r)


def update_rental(store: Store, rental_id: int, **values: object) -> Rental:
    unknown = set(values) - set(COLUMNS) | ({"id"} & set(values))
    if unknown:
        raise ValueError(f"cannot update rental columns {sorted(unknown)}")
    if values:
        sets = ", ".join(f"{n} = ?" for n in values)
        store.run(f"UPDATE rentals SET {sets} WHERE id = ?", [*(_param(n, v) for n, v in values.items()), rental_id])
    found = rental(store, rental_id)
    assert found is not None
    return found


def rental(store: Store, rental_id: int) -> Rental | None:
    r = store.row("SELECT * FROM rentals WHERE id = ?", (rental_id,))
    return _rental(r) if r is not None else None


def wallet_rentals(store: Store, wallet_id: int, *, active: bool | None = None, limit: int = 50) -> list[Rental]:
    """A wallet's rentals, newest first; `active` True/False filters on status."""
    if active is None:
        rows = store.rows("SELECT * FROM rentals WHERE wallet_id = ? ORDER BY id DESC LIMIT ?", (wallet_id, limit))
    elif active:
        rows = store.rows("SELECT * FROM rentals WHERE wallet_id = ? AND status = 'active' ORDER BY id DESC LIMIT ?",
                          (wallet_id, limit))
    else:
        rows = store.rows("SELECT * FROM rentals WHERE wallet_id = ? AND status <> 'active' ORDER BY id DESC LIMIT ?",
                          (wallet_id, limit))
    return [_rental(r) for r in rows]


RUNNING_SQL = ("SELECT * FROM rentals WHERE account_id = ? AND status = 'active' AND billing = 'per_minute'"
               " ORDER BY id")
ACTIVE_SQL = "SELECT * FROM rentals WHERE account_id = ? AND status = 'active'"


def running_per_minute(store: Store, account_id: int) -> list[Rental]:
    """Active per-minute rentals paid from one account (they share its balance)."""
    return [_rental(r) for r in store.rows(RUNNING_SQL, (account_id,))]


def active_of_accounts(store: Store, account_ids: list[int]) -> list[Rental]:
    out: list[Rental] = []
    for account_id in account_ids:
        out.extend(_rental(r) for r in store.rows(ACTIVE_SQL, (account_id,)))
    return out


DUE_SQL = "SELECT * FROM rentals WHERE next_check_at <= ? ORDER BY next_check_at LIMIT ?"


def due_rentals(store: Store, now: datetime, limit: int) -> list[Rental]:
    """Rentals whose next check has come (indexed: rentals_due), earliest first."""
    return [_rental(r) for r in store.rows(DUE_SQL, (ts(now), limit))]
