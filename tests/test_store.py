"""The store (SQLite and PostgreSQL, through the `db_url` fixture): versioned migrations at open, WAL and busy timeout, the database path, the
generic settings table, update de-duplication, and the ledger's append-only guarantees."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.clock import FixedClock
from bot.store import (
    MIGRATIONS,
    connect,
    current_version,
    db_path,
    delete_setting,
    get_settings,
    prune_updates,
    seen_update,
    set_setting,
)
from bot.store import migrations as migrations_module
from bot.store.connection import from_ts, ts
from bot.store.ledger import append_entry, check
from bot.store.wallets import ensure_account, ensure_wallet

T0 = datetime(2026, 12, 1, tzinfo=UTC)


def test_fresh_database_is_migrated_to_the_latest_version(empty_db_url: str) -> None:
    store = connect(empty_db_url, clock=FixedClock(T0))
    assert current_version(store) == MIGRATIONS[-1].version
    rows = store.rows("SELECT version, name, applied_at FROM schema_version ORDER BY version")
    assert [r["version"] for r in rows] == [m.version for m in MIGRATIONS]
    assert {r["applied_at"] for r in rows} == {"2026-12-01T00:00:00Z"}  # stamped by the clock it was given
    tables = set(store.table_names())
    assert {"settings", "processed_updates", "wallets", "accounts", "ledger", "rentals", "budgets", "alert_prefs",
            "outbox", "blocked_chats", "pending_actions"} <= tables


def test_reopening_does_not_reapply_and_a_new_step_runs_once(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    path = db_url
    connect(path).close()
    calls: list[int] = []
    nxt = len(MIGRATIONS) + 1

    def v2(store: object) -> None:
        calls.append(nxt)
        connect_store = store
        connect_store.run("CREATE TABLE extra (id INTEGER PRIMARY KEY)")  # type: ignore[attr-defined]

    monkeypatch.setattr(migrations_module, "MIGRATIONS", [*MIGRATIONS, (nxt, "extra table", v2)])
    store = connect(path)
    assert calls == [nxt] and current_version(store) == nxt and "extra" in store.table_names()
    store.close()
    store = connect(path)
    assert calls == [nxt], "an applied migration must not run again"
    assert [r["version"] for r in store.rows("SELECT version FROM schema_version")] == list(range(1, nxt + 1))


def test_a_failing_migration_leaves_the_version_where_it_was(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    path = db_url
    connect(path).close()

    def broken(store: object) -> None:
        store.run("CREATE TABLE half_done (id INTEGER)")  # type: ignore[attr-defined]
        raise RuntimeError("boom")

    monkeypatch.setattr(migrations_module, "MIGRATIONS", [*MIGRATIONS, (len(MIGRATIONS) + 1, "broken", broken)])
    with pytest.raises(RuntimeError):
        connect(path)
    monkeypatch.setattr(migrations_module, "MIGRATIONS", list(MIGRATIONS))
    store = connect(path)
    assert current_version(store) == len(MIGRATIONS)
    assert "half_done" not in store.table_names(), "the failed step is rolled back with its version row"


def test_many_threads_opening_a_new_database_migrate_it_once(empty_db_url: str) -> None:
    path = empty_db_url
    errors: list[BaseException] = []

    def open_it() -> None:
        try:
            connect(path).close()
        except BaseException as exc:  # pragma: no cover - the assertion below reports it
            errors.append(exc)

    threads = [threading.Thread(target=open_it) for _ in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert connect(path).row("SELECT COUNT(*) AS n FROM schema_version")["n"] == len(MIGRATIONS)  # type: ignore[index]


def test_new_databases_opened_by_many_threads_at_once_are_never_locked(tmp_path: Path) -> None:
    """Switching a new file to WAL upgrades a shared lock to an exclusive one, which SQLite refuses
    at once ("database is locked", no busy wait) when two connections do it together; connect
    serializes the switch, so 12 new databases opened by 8 threads each all open, in WAL mode."""
    errors: list[BaseException] = []
    for n in range(12):
        path = tmp_path / f"k{n}.db"
        barrier = threading.Barrier(8)

        def open_it(path: Path = path, barrier: threading.Barrier = barrier) -> None:
            try:
                barrier.wait(10)
                connect(path).close()
            except BaseException as exc:  # pragma: no cover - the assertion below reports it
                errors.append(exc)

        threads = [threading.Thread(target=open_it) for _ in range(8)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert connect(path).row("PRAGMA journal_mode")[0] == "wal"  # type: ignore[index]
    assert errors == []


def test_pragmas_wal_busy_timeout_foreign_keys(tmp_path: Path) -> None:
    store = connect(tmp_path / "k.db")
    assert store.row("PRAGMA journal_mode")[0] == "wal"  # type: ignore[index]
    assert store.row("PRAGMA busy_timeout")[0] == 15_000  # type: ignore[index]
    assert store.row("PRAGMA foreign_keys")[0] == 1  # type: ignore[index]


def test_wal_lets_a_reader_read_while_a_writer_holds_the_lock(tmp_path: Path) -> None:
    path = tmp_path / "k.db"
    writer, reader = connect(path), connect(path)
    set_setting(writer, "telegram:user:1", "lang", "zh", T0)
    with writer.write():
        set_setting(writer, "telegram:user:1", "lang", "en", T0)
        # the writer's transaction is open: a reader still sees the last committed value, at once
        assert get_settings(reader, "telegram:user:1") == {"lang": "zh"}
    assert get_settings(reader, "telegram:user:1") == {"lang": "en"}


def test_path_comes_from_kasuan_db_and_parents_are_created(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "deep" / "er" / "kasuan.db"
    monkeypatch.setenv("KASUAN_DB", str(target))
    assert db_path() == target
    store = connect()
    assert store.path == target and target.exists()
    monkeypatch.delenv("KASUAN_DB")
    assert db_path() == Path("data") / "kasuan.db"


def test_settings_per_scope(db_url: str) -> None:
    store = connect(db_url)
    assert get_settings(store, "telegram:user:42") == {}
    set_setting(store, "telegram:user:42", "lang", "zh", T0)
    set_setting(store, "telegram:user:42", "currency", "CNY", T0)
    set_setting(store, "telegram:chat:-100", "lang", "en", T0)
    set_setting(store, "telegram:user:42", "lang", "en", T0)  # replaces
    assert get_settings(store, "telegram:user:42") == {"lang": "en", "currency": "CNY"}
    assert get_settings(store, "telegram:chat:-100") == {"lang": "en"}
    delete_setting(store, "telegram:user:42", "currency")
    assert get_settings(store, "telegram:user:42") == {"lang": "en"}
    # persisted: another connection sees them
    assert get_settings(connect(db_url), "telegram:user:42") == {"lang": "en"}
    stamped = store.row("SELECT updated_at FROM settings WHERE scope = ? AND key = ?", ("telegram:user:42", "lang"))
    assert stamped is not None and stamped["updated_at"] == "2026-12-01T00:00:00Z"  # the caller's clock, not the wall's


def test_seen_update_records_and_recognises_a_redelivery(db_url: str) -> None:
    store = connect(db_url)
    assert seen_update(store, "telegram:1001", T0) is False
    assert seen_update(store, "telegram:1001", T0) is True
    assert seen_update(store, "telegram:1002", T0) is False
    assert seen_update(connect(db_url), "telegram:1001", T0) is True  # survives a restart
    old = datetime(2026, 1, 1, tzinfo=UTC)
    seen_update(store, "telegram:9", old)
    assert prune_updates(store, datetime(2026, 6, 1, tzinfo=UTC)) == 1
    assert seen_update(store, "telegram:9", T0) is False


def test_seen_update_is_race_free_across_threads(db_url: str) -> None:
    path = db_url
    connect(path).close()
    news: list[bool] = []
    lock = threading.Lock()

    def worker() -> None:
        store = connect(path)
        for i in range(50):
            fresh = not seen_update(store, f"u{i}", T0)
            with lock:
                news.append(fresh)

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sum(news) == 50, "each update id is new exactly once, whoever sees it first"


def test_ledger_is_append_only_and_moves_its_balance(db_url: str) -> None:
    store = connect(db_url)
    w = ensure_wallet(store, "telegram:user:1", "personal", "telegram:chat:1", T0, "UTC", "en")
    acct = ensure_account(store, w.id, "gpuli", "USDT")
    e = append_entry(store, account_id=acct.id, kind="topup", amount_minor=50_000, currency="USDT", key="k1",
                     actor="u", at=T0)
    assert e is not None and e.amount_minor == 50_000
    assert append_entry(store, account_id=acct.id, kind="topup", amount_minor=50_000, currency="USDT", key="k1",
                        actor="u", at=T0) is None, "a used key writes nothing"
    assert store.row("SELECT balance_minor FROM accounts WHERE id = ?", (acct.id,))["balance_minor"] == 50_000  # type: ignore[index]
    with pytest.raises(store.integrity_error, match="append-only"):
        store.run("UPDATE ledger SET amount_minor = 1")
    with pytest.raises(store.integrity_error, match="append-only"):
        store.run("DELETE FROM ledger")
    with pytest.raises(store.integrity_error):  # a charge must take money out
        append_entry(store, account_id=acct.id, kind="charge", amount_minor=100, currency="USDT", key="k2",
                     actor="u", at=T0)
    with pytest.raises(store.integrity_error):  # no such account
        append_entry(store, account_id=999, kind="topup", amount_minor=100, currency="USDT", key="k3",
                     actor="u", at=T0)
    with pytest.raises(TypeError):
        append_entry(store, account_id=acct.id, kind="topup", amount_minor=1.5, currency="USDT",  # type: ignore[arg-type]
                     key="k4", actor="u", at=T0)
    assert check(store) == (1, 1, [])


def test_times_are_stored_as_utc_text() -> None:
    local = datetime(2026, 12, 1, 9, 30, tzinfo=UTC).astimezone()
    assert ts(local) == "2026-12-01T09:30:00Z"
    assert from_ts("2026-12-01T09:30:00Z") == datetime(2026, 12, 1, 9, 30, tzinfo=UTC)
    with pytest.raises(ValueError):
        ts(datetime(2026, 12, 1))
