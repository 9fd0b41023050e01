"""Opening the database: path, pragmas, migrations, and the write transaction.

Why these settings: WAL lets the alert sweeper read while a chat handler writes; a busy timeout
makes a second writer (another thread, another process) wait its turn instead of failing; foreign
keys stop an entry pointing at a wallet that does not exist. Every write that moves money runs in
`Store.write()`, a BEGIN IMMEDIATE transaction: it takes the write lock up front, so a balance read
inside it cannot be overtaken by another writer before the entry that depends on it is written.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from bot.private import private_database

DEFAULT_PATH = Path("data") / "kasuan.db"
BUSY_TIMEOUT_MS = 15_000
TIME_FORMAT = "%Y-%m-%dT%H:%M:%SZ"


def db_path() -> Path:
    """The database file: $KASUAN_DB, or ./data/kasuan.db."""
    raw = os.environ.get("KASUAN_DB", "").strip()
    return Path(raw) if raw else DEFAULT_PATH


@dataclass
class Store:
    """One connection to the KaSuan database, used by one thread at a time (it may be handed to a
    worker thread, as the front ends' CoreRunner does; two threads writing at once need two Stores)."""

    db: Database
    path: Path | None
    _depth: int = field(default=0, repr=False)

    @contextmanager
    def write(self) -> Iterator[Store]:
        """A write transaction (BEGIN IMMEDIATE); nested calls join the outer one.

        Everything inside commits together or not at all: a ledger entry and the balance it changes,
        a rental and the charge that paid for it, an outbox row and the mark that it was enqueued.
        """
        if self._depth:
            self._depth += 1
            try:
                yield self
            finally:
                self._depth -= 1
            return
        self.db.execute("BEGIN IMMEDIATE")
        self._depth = 1
        try:
            yield self
        except BaseException:
            self._depth = 0
            self.db.rollback()
            raise
        self._depth = 0
        self.db.execute("COMMIT")

    @property
    def in_write(self) -> bool:
        return self._depth > 0

    def rows(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[sqlite3.Row]:
        """Run a read and return every row (rows index by column name)."""
        return list(self.db.execute(sql, params).fetchall())

    def row(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> sqlite3.Row | None:
        found: sqlite3.Row | None = self.db.execute(sql, params).fetchone()
        return found

    def run(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> sqlite3.Cursor:
        """Run one write statement (inside `write()` when it must be atomic with others)."""
        return self.db.execute(sql, params)

    def bulk_insert(self, table: str, columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
        """Insert many rows with one prepared statement (executemany): the benchmark's loader.

        `table` and `columns` come from code, never from a user; call inside `write()` so the load is
        one transaction. Triggers still run, so bulk-loaded ledger entries still move their balances.
        """
        names = ", ".join(columns)
        marks = ", ".join("?" for _ in columns)
        self.db.conn.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", rows)

    def analyze(self) -> None:
        """Refresh the query planner's statistics (after a bulk load)."""
        self.db.execute("ANALYZE")

    def plan(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[str]:
        """SQLite's EXPLAIN QUERY PLAN for `sql`, one line per step (benchmarks show these)."""
        return [str(r["detail"]) for r in self.rows(f"EXPLAIN QUERY PLAN {sql}", params)]

    def close(self) -> None:
        self.db.close()


def connect(path: Path | str | None = None, *, migrate: bool = True, cache_mb: int | None = None) -> Store:
    """Open (creating if needed) the database at `path` (default: `db_path()`), set the pragmas
    and bring the schema up to date. ":memory:" gives a private in-memory database (tests).
    `cache_mb` enlarges the page cache (bulk loads); the default is SQLite's own."""
    from bot.store.migrations import migrate as run_migrations

    target = db_path() if path is None else path
    memory = str(target) == ":memory:"
    if not memory:
        target = Path(target)
        private_database(target)  # 0600 in a 0700 directory, before SQLite creates anything
    conn = sqlite3.connect(str(target), timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    db = Database(conn, execute_plugins=False)
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    if not memory:
        db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")  # durable at each WAL checkpoint; safe against corruption
    db.execute("PRAGMA foreign_keys = ON")
    if cache_mb:
        db.execute(f"PRAGMA cache_size = {-int(cache_mb) * 1024}")
    store = Store(db, None if memory else Path(target))
    if migrate:
        run_migrations(store)
    return store


open_store = connect


def ts(at: datetime) -> str:
    """An aware datetime as the stored text: UTC, to the second, sortable as a string."""
    if at.tzinfo is None:
        raise ValueError("naive datetime stored")
    return at.astimezone(UTC).strftime(TIME_FORMAT)


def from_ts(text: str) -> datetime:
    return datetime.strptime(text, TIME_FORMAT).replace(tzinfo=UTC)


def opt_ts(text: str | None) -> datetime | None:
    return None if text is None else from_ts(text)
