"""Owner-only files: the database (with its WAL), the log and backups hold balances and chat ids.

Why explicit modes instead of trusting the umask: a service started from a shell with umask 022
would create a world-readable ledger. Directories KaSuan creates are 0700 and files it creates are
0600, whatever the umask; SQLite gives the -wal and -shm files the database file's own mode, so
creating the database file 0600 first covers them too.
"""

from __future__ import annotations

import os
from pathlib import Path

DIR_MODE = 0o700
FILE_MODE = 0o600
SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")


def private_dir(path: Path) -> None:
    """Create `path` and any missing parents as 0700 (existing directories are left as they are:
    the operator chose them)."""
    missing: list[Path] = []
    p = path
    while not p.exists():
        missing.append(p)
        if p.parent == p:
            break
        p = p.parent
    for d in reversed(missing):
        try:
            d.mkdir(mode=DIR_MODE)
        except FileExistsError:
            continue
        os.chmod(d, DIR_MODE)  # mkdir's mode is masked by the umask; chmod is not


def private_file(path: Path) -> None:
    """Create `path` (and its directory) owner-only, or make an existing file owner-only."""
    private_dir(path.parent)
    fd = os.open(path, os.O_CREAT | os.O_APPEND | os.O_WRONLY, FILE_MODE)
    try:
        os.fchmod(fd, FILE_MODE)
    finally:
        os.close(fd)


def private_database(path: Path) -> None:
    """The database file and whatever SQLite side files exist, owner-only."""
    private_file(path)
    for suffix in SQLITE_SIDE_FILES:
        side = path.with_name(path.name + suffix)
        if side.exists():
            os.chmod(side, FILE_MODE)


__all__ = ["DIR_MODE", "FILE_MODE", "private_database", "private_dir", "private_file"]
