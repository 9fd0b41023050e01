"""Open a store ready for use: connect to the database `KASUAN_DB` names, then migrate it.

Why a module of its own: connecting (bot/store/connection) is below the migrations, which run SQL
through a connection; opening is above both. Keeping `connect` here means connection.py no longer
imports the migrations back (the two used to import each other).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.clock import Clock, SystemClock
from bot.store.connection import (
    Store,
    StoreURLError,
    Target,
    connect_pg,
    connect_sqlite,
    db_target,
    parse_target,
    store_open_error,
)
from bot.store.migrations import migrate as run_migrations


def connect(path: Path | str | None = None, *, migrate: bool = True, cache_mb: int | None = None,
            clock: Clock | None = None) -> Store:
    """Open (creating if needed) the store at `path` (default: $KASUAN_DB), set it up and bring the
    schema up to date. ":memory:" gives a private in-memory SQLite database (tests); a
    postgresql:// URL connects to that server. `cache_mb` enlarges SQLite's page cache (bulk loads);
    `clock` stamps the migrations it applies."""
    target = db_target() if path is None else parse_target(path)
    try:
        store = connect_pg(target) if target.dialect == "postgresql" else connect_sqlite(target, cache_mb)
    except Exception as exc:
        raise _operator_error(target, exc) from exc
    if migrate:
        try:
            run_migrations(store, clock=clock or SystemClock())
        except Exception as exc:
            store.close()
            raise _operator_error(target, exc) from exc
    return store


def _operator_error(target: Target, exc: Exception) -> Exception:
    """A driver's "cannot open / not a database / connection refused" as the one line naming
    KASUAN_DB (StoreOpenError); anything else (a bug, a refused write) is passed on unchanged."""
    if isinstance(exc, StoreURLError):
        return exc
    if isinstance(exc, sqlite3.DatabaseError) and not isinstance(
            exc, sqlite3.IntegrityError | sqlite3.ProgrammingError | sqlite3.InterfaceError):
        return store_open_error(target, exc)
    if target.dialect == "postgresql" and _pg_unreachable(exc):
        return store_open_error(target, exc)
    return exc


def _pg_unreachable(exc: Exception) -> bool:
    import psycopg

    return isinstance(exc, psycopg.OperationalError)


open_store = connect
