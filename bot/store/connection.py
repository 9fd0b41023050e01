"""Opening the database (SQLite or PostgreSQL), and the one place where the two dialects differ.

`KASUAN_DB` picks the store: empty (./data/kasuan.db), a file path or `sqlite:///path` is SQLite,
embedded and needing nothing else; `postgresql://user:pass@host/db` is PostgreSQL, shared by every
process of a deployment. Anything else that looks like a URL is refused with one line
(`StoreURLError`), so a typo never turns into a folder named "postgresql:" holding a SQLite file.

The rest of the store writes its SQL once, with `?` placeholders; `Store` translates them for
psycopg (`%s`) and hands out rows that index by column name on both. Where the dialects really
differ (DDL, the ledger triggers, SKIP LOCKED, the platform of a chat scope) the code asks
`store.dialect`.

Why these settings. SQLite: WAL lets the alert sweeper read while a chat handler writes; a busy
timeout makes a second writer wait its turn; foreign keys stop an entry pointing at a wallet that
does not exist. Every write that moves money runs in `Store.write()`: on SQLite a BEGIN IMMEDIATE
transaction, on PostgreSQL a transaction that first takes one transaction-level advisory lock
(`pg_advisory_xact_lock`). Both give the same rule: a balance read inside the write cannot be
overtaken by another writer, in this process or another, before the entry that depends on it is
written. Work that needs no such order (claiming outbox rows, recording an update id) passes
`serial=False` and relies on row locks (`FOR UPDATE SKIP LOCKED`) and unique keys instead.
"""

from __future__ import annotations

import os
import re
import sqlite3
import stat
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar, Literal, TypeAlias

from bot.runtime.private import private_database, private_dir

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: the thread lock alone
    fcntl = None  # type: ignore[assignment]

DEFAULT_PATH = Path("data") / "kasuan.db"
BUSY_TIMEOUT_MS = 15_000
TIME_FORMAT = "%Y-%m-%dT%H:%M:%SZ"
WRITE_LOCK_KEY = 0x4B53_0001  # the advisory lock every serial PostgreSQL write takes ("KS" 1)
Dialect = Literal["sqlite", "postgresql"]
Row: TypeAlias = Any  # sqlite3.Row or PgRow: both index by column name and by position, and have keys()
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")


class StoreURLError(ValueError):
    """KASUAN_DB is neither a path, sqlite:// nor postgresql://; the message is one line, no password."""


class StoreOpenError(StoreURLError):
    """KASUAN_DB names a store that cannot be opened (a directory, a device, a file that is not a
    SQLite database, a PostgreSQL server that does not answer): one line naming KASUAN_DB and what
    to fix, never a password. A StoreURLError, so every entry point that reports a bad KASUAN_DB
    reports this one the same way (one line, exit code 2)."""


@dataclass(frozen=True)
class Target:
    """Where the store lives: a SQLite file (or ":memory:") or a PostgreSQL URL."""

    dialect: Dialect
    where: str  # the SQLite path, or the PostgreSQL conninfo URL

    @property
    def shown(self) -> str:
        """For logs and errors: the URL without its password."""
        return re.sub(r"(://[^:/@]+):[^@]*@", r"\1:***@", self.where)


def parse_target(raw: str | Path | None) -> Target:
    """Read a KASUAN_DB value. Paths and sqlite:// are SQLite (sqlite:///rel.db, sqlite:////abs.db,
    sqlite:///:memory:); postgresql:// and postgres:// are PostgreSQL; any other scheme is refused."""
    if raw is None or str(raw).strip() == "":
        return Target("sqlite", str(DEFAULT_PATH))
    if isinstance(raw, Path):
        return Target("sqlite", str(raw))
    text = raw.strip()
    if text == ":memory:":
        return Target("sqlite", text)
    m = _SCHEME.match(text)
    if m is None:
        return Target("sqlite", text)
    scheme = m.group(1).lower()
    if scheme in ("postgresql", "postgres", "postgresql+psycopg"):
        if not text.split(":", 1)[1].startswith("//"):
            raise StoreURLError("KASUAN_DB: a PostgreSQL URL looks like postgresql://user:password@host:5432/kasuan")
        return Target("postgresql", "postgresql:" + text.split(":", 1)[1])
    if scheme == "sqlite":
        rest = text.split(":", 1)[1]
        if not rest.startswith("//") or rest == "//":
            raise StoreURLError("KASUAN_DB: a SQLite URL looks like sqlite:///data/kasuan.db (or give a plain path)")
        path = rest[3:] if rest.startswith("///") else rest[2:]
        return Target("sqlite", path or str(DEFAULT_PATH))
    if len(scheme) == 1 and os.name == "nt":  # a Windows drive letter, C:\...
        return Target("sqlite", text)
    shown = Target("sqlite", text).shown
    raise StoreURLError(f"KASUAN_DB: cannot use {shown.split('?')[0]!r}: give a file path, sqlite:///path or"
                        " postgresql://user:password@host/db")


def db_target() -> Target:
    """The store named by $KASUAN_DB (raises StoreURLError for one it does not understand)."""
    return parse_target(os.environ.get("KASUAN_DB", ""))


def db_path() -> Path:
    """The SQLite file of $KASUAN_DB (for PostgreSQL there is none: ValueError)."""
    target = db_target()
    if target.dialect != "sqlite":
        raise ValueError("KASUAN_DB is a PostgreSQL URL, not a file")
    return Path(target.where)


class PgRow(tuple):
    """A PostgreSQL row that reads like sqlite3.Row: r["name"], r[0], r.keys()."""

    __slots__ = ()
    _index: ClassVar[dict[str, int]] = {}

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return tuple.__getitem__(self, self._index[key])
        return tuple.__getitem__(self, key)

    def keys(self) -> list[str]:
        return list(self._index)


def _pg_rows(cursor: Any) -> Any:
    """psycopg row factory: one PgRow subclass per result shape, so a row costs one tuple."""
    names = [c.name for c in cursor.description] if cursor.description else []
    kind = type("PgRowOf", (PgRow,), {"__slots__": (), "_index": {n: i for i, n in enumerate(names)}})
    return kind


@lru_cache(maxsize=2048)
def _to_pg(sql: str) -> str:
    """`?` placeholders as psycopg's `%s` (a literal % doubled). Our SQL has no ? inside strings."""
    return sql.replace("%", "%%").replace("?", "%s")


@dataclass
class Result:
    """What a write statement reports on both drivers."""

    rowcount: int


@dataclass
class Store:
    """One connection to the KaSuan database, used by one thread at a time (it may be handed to a
    worker thread, as the front ends' CoreRunner does; two threads writing at once need two Stores)."""

    conn: Any
    path: Path | None
    dialect: Dialect = "sqlite"
    url: str | None = None
    _depth: int = field(default=0, repr=False)
    _savepoints: int = field(default=0, repr=False)

    @property
    def postgres(self) -> bool:
        return self.dialect == "postgresql"

    @property
    def integrity_error(self) -> type[Exception]:
        """The driver's error for a refused write (constraint, unique key, append-only trigger)."""
        if self.postgres:
            import psycopg

            return psycopg.IntegrityError
        return sqlite3.IntegrityError

    @contextmanager
    def write(self, *, serial: bool = True) -> Iterator[Store]:
        """A write transaction; nested calls join the outer one.

        Everything inside commits together or not at all: a ledger entry and the balance it changes,
        a rental and the charge that paid for it, an outbox row and the mark that it was enqueued.
        `serial` (the default) orders it after every other serial write (see the module doc).
        """
        if self._depth:
            self._depth += 1
            try:
                yield self
            finally:
                self._depth -= 1
            return
        if self.postgres:
            self._exec("BEGIN")
            self._depth = 1
            if serial:
                try:
                    self._exec("SELECT pg_advisory_xact_lock(?)", (WRITE_LOCK_KEY,))
                except BaseException:
                    self._depth = 0
                    self._exec("ROLLBACK")
                    raise
        else:
            self._exec("BEGIN IMMEDIATE" if serial else "BEGIN")
            self._depth = 1
        try:
            yield self
        except BaseException:
            self._depth = 0
            self._savepoints = 0
            self._exec("ROLLBACK")
            raise
        self._depth = 0
        self._exec("COMMIT")

    @contextmanager
    def savepoint(self) -> Iterator[Store]:
        """A savepoint inside `write()`: a failure inside rolls back only what was done here."""
        if not self._depth:
            raise RuntimeError("savepoint outside a write transaction")
        self._savepoints += 1
        name = f"ks_sp{self._savepoints}"
        self._exec(f"SAVEPOINT {name}")
        try:
            yield self
        except BaseException:
            self._exec(f"ROLLBACK TO SAVEPOINT {name}")
            self._exec(f"RELEASE SAVEPOINT {name}")
            raise
        finally:
            self._savepoints -= 1
        self._exec(f"RELEASE SAVEPOINT {name}")

    def _exec(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Any:
        if self.postgres:
            return self.conn.execute(_to_pg(sql), params) if params else self.conn.execute(sql)
        return self.conn.execute(sql, params)

    def rows(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[Row]:
        """Run a read and return every row (rows index by column name)."""
        return list(self._exec(sql, params).fetchall())

    def row(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Row | None:
        cur = self._exec(sql, params)
        found = cur.fetchone()
        cur.close()  # finishes the statement now: an INSERT ... RETURNING commits here, not at garbage collection
        return found

    def value(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Any:
        """The first column of the first row (None when there is no row)."""
        r = self.row(sql, params)
        return None if r is None else r[0]

    def run(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> Result:
        """Run one write statement (inside `write()` when it must be atomic with others)."""
        return Result(self._exec(sql, params).rowcount)

    def script(self, sql: str) -> None:
        """Run several statements (DDL from the migrations) inside the current transaction."""
        if self.postgres:
            self.conn.execute(sql)
            return
        for statement in split_statements(sql):
            self.conn.execute(statement)

    def table_names(self) -> list[str]:
        if self.postgres:
            return [r[0] for r in self.rows("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
                                             " ORDER BY tablename")]
        return [r[0] for r in self.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]

    def bulk_insert(self, table: str, columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> None:
        """Insert many rows with one prepared statement (executemany): the benchmark's loader.

        `table` and `columns` come from code, never from a user; call inside `write()` so the load is
        one transaction. Triggers still run, so bulk-loaded ledger entries still move their balances.
        """
        names = ", ".join(columns)
        marks = ", ".join("?" for _ in columns)
        sql = f"INSERT INTO {table} ({names}) VALUES ({marks})"
        if self.postgres:
            with self.conn.cursor() as cur:
                cur.executemany(_to_pg(sql), list(rows))
            if "id" in columns:  # explicit ids: move the identity past them
                self._exec(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                           f" (SELECT COALESCE(MAX(id), 1) FROM {table}))")
        else:
            self.conn.executemany(sql, rows)

    def analyze(self) -> None:
        """Refresh the query planner's statistics (after a bulk load)."""
        self._exec("ANALYZE")

    def plan(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[str]:
        """The query plan of `sql`, one line per step (benchmarks show these)."""
        if self.postgres:
            return [str(r[0]) for r in self.rows(f"EXPLAIN {sql}", params)]
        return [str(r["detail"]) for r in self.rows(f"EXPLAIN QUERY PLAN {sql}", params)]

    def ping(self) -> bool:
        """True when the database answers (for /readyz)."""
        try:
            return self.value("SELECT 1") == 1
        except Exception:
            return False

    def close(self) -> None:
        self.conn.close()


def split_statements(sql: str) -> list[str]:
    """SQLite DDL split into statements; a trigger body (BEGIN ... END;) stays whole."""
    out: list[str] = []
    buf: list[str] = []
    for piece in sql.split(";"):
        buf.append(piece)
        candidate = ";".join(buf)
        if not candidate.strip():
            buf = []
            continue
        if sqlite3.complete_statement(candidate + ";"):
            out.append(candidate.strip())
            buf = []
    if "".join(buf).strip():
        out.append(";".join(buf).strip())
    return out


_OPENING = threading.Lock()


@contextmanager
def _opening(path: Path) -> Iterator[None]:
    """Hold while a SQLite file is created and switched to WAL: one opener at a time, in this
    process (a thread lock) and across processes (flock on the file's directory, never on the file:
    closing any descriptor of the database drops the POSIX locks SQLite holds through another).

    Why: switching a database to WAL reads its header under a shared lock and then upgrades to an
    exclusive one; SQLite answers an upgrade that could deadlock with "database is locked" at once,
    without waiting out the busy timeout. Two connections switching a new database together hit
    exactly that (the flaky test_many_threads_opening_a_new_database_migrate_it_once)."""
    with _OPENING:
        try:
            fd = os.open(path.parent if str(path.parent) else Path("."), os.O_RDONLY)
        except OSError:
            fd = None
        try:
            if fd is not None and fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            if fd is not None:
                os.close(fd)  # releases the flock


def connect_sqlite(target: Target, cache_mb: int | None) -> Store:
    memory = target.where == ":memory:"
    if memory:
        conn = _sqlite_conn(target.where)
    else:
        path = Path(target.where)
        _check_sqlite_path(path)
        try:
            private_dir(path.parent)
        except OSError as exc:
            raise StoreOpenError(f"KASUAN_DB: cannot create the folder {str(path.parent)!r}:"
                                 f" {exc.strerror or exc}; give a path in a folder KaSuan may write") from None
        with _opening(path):
            private_database(path)  # 0600 in a 0700 directory, before SQLite creates anything
            conn = _sqlite_conn(target.where)
            if str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
                conn.execute("PRAGMA journal_mode = WAL")  # persistent: later openers find it set
    conn.execute("PRAGMA synchronous = NORMAL")  # durable at each WAL checkpoint; safe against corruption
    conn.execute("PRAGMA foreign_keys = ON")
    if cache_mb:
        conn.execute(f"PRAGMA cache_size = {-int(cache_mb) * 1024}")
    return Store(conn, None if memory else Path(target.where), "sqlite")


def _check_sqlite_path(path: Path) -> None:
    """A SQLite path must be a regular file (or not exist yet): a directory or a device refused."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StoreOpenError(f"KASUAN_DB: cannot read {str(path)!r}: {exc.strerror or exc}") from None
    if stat.S_ISDIR(st.st_mode):
        raise StoreOpenError(f"KASUAN_DB: {str(path)!r} is a folder; give a database file in it,"
                             f" such as {str(path / 'kasuan.db')!r}")
    if not stat.S_ISREG(st.st_mode):
        raise StoreOpenError(f"KASUAN_DB: {str(path)!r} is not a regular file (a device or a pipe);"
                             " give a database file path such as data/kasuan.db")


def store_open_error(target: Target, exc: BaseException) -> StoreOpenError:
    """The one line for a store the driver could not open or read (no password: `target.shown`)."""
    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0].strip()
    if target.dialect == "postgresql":
        password = re.search(r"://[^:/@]+:([^@]*)@", target.where)
        if password and password.group(1):
            first = first.replace(password.group(1), "***")
        return StoreOpenError(f"KASUAN_DB: cannot use the PostgreSQL database {target.shown!r}: {first};"
                              " check that the server is running and the URL, user and password are right")
    return StoreOpenError(f"KASUAN_DB: cannot use {target.where!r} as a SQLite database: {first};"
                          " point KASUAN_DB at a KaSuan database file or at a new path")


def _sqlite_conn(where: str) -> sqlite3.Connection:
    conn = sqlite3.connect(where, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False, isolation_level=None)
    conn.row_factory = sqlite3.Row
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    return conn


def connect_pg(target: Target) -> Store:
    import psycopg

    conn = psycopg.connect(target.where, autocommit=True, row_factory=_pg_rows, connect_timeout=10)
    conn.execute("SET TIME ZONE 'UTC'")
    return Store(conn, None, "postgresql", target.where)



def ts(at: datetime) -> str:
    """An aware datetime as the stored text: UTC, to the second, sortable as a string."""
    if at.tzinfo is None:
        raise ValueError("naive datetime stored")
    return at.astimezone(UTC).strftime(TIME_FORMAT)


def from_ts(text: str) -> datetime:
    return datetime.strptime(text, TIME_FORMAT).replace(tzinfo=UTC)


def opt_ts(text: str | None) -> datetime | None:
    return None if text is None else from_ts(text)
