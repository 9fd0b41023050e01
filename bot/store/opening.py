"""Open a store ready for use: connect to the database `KASUAN_DB` names, then migrate it.

Why a module of its own: connecting (bot/store/connection) is below the migrations, which run SQL
through a connection; opening is above both. Keeping `connect` here means connection.py no longer
imports the migrations back (the two used to import each other).
"""

from __future__ import annotations

from pathlib import Path

from bot.clock import Clock, SystemClock
from bot.store.connection import Store, connect_pg, connect_sqlite, db_target, parse_target
from bot.store.migrations import migrate as run_migrations


def connect(path: Path | str | None = None, *, migrate: bool = True, cache_mb: int | None = None,
            clock: Clock | None = None) -> Store:
    """Open (creating if needed) the store at `path` (default: $KASUAN_DB), set it up and bring the
    schema up to date. ":memory:" gives a private in-memory SQLite database (tests); a
    postgresql:// URL connects to that server. `cache_mb` enlarges SQLite's page cache (bulk loads);
    `clock` stamps the migrations it applies."""
    target = db_target() if path is None else parse_target(path)
    store = connect_pg(target) if target.dialect == "postgresql" else connect_sqlite(target, cache_mb)
    if migrate:
        run_migrations(store, clock=clock or SystemClock())
    return store


open_store = connect
