"""The ledger: append-only money movements, each applied exactly once, each moving its balance.

Why this shape: a balance that is only ever changed by inserting an entry (the trigger in the
schema does the arithmetic in the same statement) can always be re-derived from the entries, and
`check` proves it. The idempotency key is UNIQUE, so a redelivered update that tries to write the
same entry again writes nothing, whichever thread or process gets there second.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.store.connection import Row, Store, from_ts, ts

KINDS = ("topup", "charge", "preauth", "release", "refund", "adjustment")
SPEND_KINDS = ("charge", "refund")  # money spent: charges, less what was refunded


@dataclass(frozen=True)
class Entry:
    id: int
    account_id: int
    kind: str
    amount_minor: int  # signed: + into the balance, - out of it
    currency: str
    rental_id: int | None
    idem_key: str
    actor: str
    memo: str | None
    created_at: datetime
    provider: str = ""


def _entry(r: Row) -> Entry:
    keys = r.keys()
    return Entry(r["id"], r["account_id"], r["kind"], r["amount_minor"], r["currency"], r["rental_id"],
                 r["idem_key"], r["actor"], r["memo"], from_ts(r["created_at"]),
                 r["provider"] if "provider" in keys else "")


def append_entry(
    store: Store,
    *,
    account_id: int,
    kind: str,
    amount_minor: int,
    currency: str,
    key: str,
    actor: str,
    at: datetime,
    rental_id: int | None = None,
    memo: str | None = None,
) -> Entry | None:
    """Append one entry (its account's balance moves with it); None if `key` was already used.

    Call inside `store.write()` when the entry belongs with other writes (a rental, a release).
    """
    if kind not in KINDS:
        raise ValueError(f"unknown ledger kind {kind!r}")
    if isinstance(amount_minor, bool) or not isinstance(amount_minor, int):
        raise TypeError("ledger amounts are integers of minor units")
    r = store.row(
        "INSERT INTO ledger (account_id, kind, amount_minor, currency, rental_id, idem_key, actor, memo, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idem_key) DO NOTHING RETURNING *",
        (account_id, kind, amount_minor, currency, rental_id, key, actor, memo, ts(at)),
    )
    return None if r is None else _entry(r)


def entry_by_key(store: Store, key: str) -> Entry | None:
    r = store.row("SELECT * FROM ledger WHERE idem_key = ?", (key,))
    return _entry(r) if r is not None else None


def entries_of_rental(store: Store, rental_id: int) -> list[Entry]:
    return [_entry(r) for r in store.rows("SELECT * FROM ledger WHERE rental_id = ? ORDER BY id", (rental_id,))]


def wallet_entries(store: Store, wallet_id: int, *, limit: int, offset: int) -> list[Entry]:
    """Entries of every account of the wallet, newest first (for /history pages)."""
    rows = store.rows(
        "SELECT l.*, a.provider AS provider FROM ledger l JOIN accounts a ON a.id = l.account_id"
        " WHERE a.wallet_id = ? ORDER BY l.id DESC LIMIT ? OFFSET ?",
        (wallet_id, limit, offset),
    )
    return [_entry(r) for r in rows]


def count_wallet_entries(store: Store, wallet_id: int) -> int:
    r = store.row(
        "SELECT COUNT(*) AS n FROM ledger WHERE account_id IN (SELECT id FROM accounts WHERE wallet_id = ?)",
        (wallet_id,),
    )
    return int(r["n"]) if r is not None else 0


SPEND_SQL = ("SELECT CAST(COALESCE(-SUM(amount_minor), 0) AS BIGINT) AS spent FROM ledger"
             " WHERE account_id = ? AND created_at >= ? AND created_at < ? AND kind IN ('charge', 'refund')")


def spend_between(store: Store, account_ids: Sequence[int], start: datetime, end: datetime) -> dict[int, int]:
    """Money spent per account in [start, end): charges less refunds, as a positive number."""
    out: dict[int, int] = {}
    for account_id in account_ids:  # one indexed range scan each: (account_id, created_at)
        r = store.row(SPEND_SQL, (account_id, ts(start), ts(end)))
        out[account_id] = int(r["spent"]) if r is not None else 0
    return out


@dataclass(frozen=True)
class Mismatch:
    account_id: int
    balance_minor: int
    entries_minor: int


def check(store: Store) -> tuple[int, int, list[Mismatch]]:
    """(accounts, entries, accounts whose balance is not the sum of their entries)."""
    rows = store.rows(
        "SELECT a.id, a.balance_minor, COALESCE(s.total, 0) AS total FROM accounts a"
        " LEFT JOIN (SELECT account_id, CAST(SUM(amount_minor) AS BIGINT) AS total FROM ledger GROUP BY account_id) s"
        " ON s.account_id = a.id"
    )
    bad = [Mismatch(r["id"], r["balance_minor"], r["total"]) for r in rows if r["balance_minor"] != r["total"]]
    n = store.row("SELECT COUNT(*) AS n FROM ledger")
    return len(rows), int(n["n"]) if n is not None else 0, bad


PG_GUARDS = ("ledger_moves_balance", "ledger_no_update", "ledger_no_delete", "ledger_no_truncate")


def integrity(store: Store) -> list[str]:
    """The database's own checks (empty when all is well). SQLite: page integrity and foreign keys.
    PostgreSQL checks pages and foreign keys on every write; here we prove the ledger's guards (the
    triggers that move balances and refuse edits) are present and enabled, and the key is unique."""
    if store.postgres:
        found = {r["tgname"]: r["tgenabled"] for r in store.rows(
            "SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = 'ledger'::regclass AND NOT tgisinternal")}
        problems = [f"trigger {name} is missing" for name in PG_GUARDS if name not in found]
        problems += [f"trigger {name} is disabled" for name, state in found.items() if state == "D"]
        if not store.row("SELECT 1 FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'ledger' AND indexdef LIKE 'CREATE UNIQUE%'"
                         " AND indexdef LIKE '%(idem_key)%'"):
            problems.append("ledger.idem_key is not unique")
        return problems
    problems = [r[0] for r in store.rows("PRAGMA integrity_check") if r[0] != "ok"]
    problems += [f"foreign key: {tuple(r)}" for r in store.rows("PRAGMA foreign_key_check")]
    return problems
