"""Owner-only files: the database (with its WAL), the log and backups hold balances and chat ids.

Why explicit modes instead of trusting the umask: a service started from a shell with umask 022
would create a world-readable ledger. Directories KaSuan creates are 0700 and files it creates are
0600, whatever the umask; SQLite gives the -wal and -shm files the database file's own mode, so
creating the database file 0600 first covers them too.

Why only what KaSuan owns: the path comes from the operator (KASUAN_LOG=/dev/null is a common way
to silence a log). Run as root, a chmod of /dev/null to 0600 breaks it for every other program on
the machine. So a mode is changed only on a regular file KaSuan just created, or one that already
belongs to the user KaSuan runs as; a device, a named pipe, a symlink (and what it points to) and a
file of another user are used as they are. The check and the chmod go through one file descriptor
opened without following links (O_PATH: closing it never drops the POSIX locks SQLite holds on the
database through other descriptors of this process), so the file cannot be swapped between them.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

DIR_MODE = 0o700
FILE_MODE = 0o600
SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_PATH: int | None = getattr(os, "O_PATH", None)


def private_dir(path: Path) -> None:
    """Create `path` and any missing parents as 0700 (existing directories are left as they are:
    the operator chose them)."""
    missing: list[Path] = []
    p = path
    while not os.path.lexists(p):
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


def ours(st: os.stat_result) -> bool:
    """A regular file of the user KaSuan runs as: the only kind whose mode it may change."""
    return stat.S_ISREG(st.st_mode) and st.st_uid == os.geteuid()


def private_file(path: Path) -> None:
    """Create `path` (and its directory) owner-only, or make an existing file of ours owner-only.
    Anything else at `path` (a device, a pipe, a symlink, another user's file) is left as it is."""
    if os.path.lexists(path):
        tighten(path)
        return
    private_dir(path.parent)
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY | _NOFOLLOW, FILE_MODE)
    except FileExistsError:  # created by someone else between the check and here
        tighten(path)
        return
    try:
        os.fchmod(fd, FILE_MODE)
    finally:
        os.close(fd)


def tighten(path: Path) -> None:
    """Make an existing regular file of ours owner-only; leave anything else, or nothing, alone."""
    if _PATH is None:  # no O_PATH (not Linux): check, then chmod by name
        try:
            if ours(os.lstat(path)):
                os.chmod(path, FILE_MODE)
        except OSError:
            pass
        return
    try:
        fd = os.open(path, _PATH | _NOFOLLOW)  # a symlink is opened as itself, never followed
    except OSError:  # gone, or not reachable: nothing of ours to change
        return
    try:
        if ours(os.fstat(fd)):  # the file this descriptor holds, so it cannot be swapped after the check
            os.chmod(f"/proc/self/fd/{fd}", FILE_MODE)
    except OSError:
        pass
    finally:
        os.close(fd)  # an O_PATH descriptor: closing it leaves SQLite's POSIX locks on the file alone


def private_database(path: Path) -> None:
    """The database file and whatever SQLite side files exist, owner-only."""
    private_file(path)
    for suffix in SQLITE_SIDE_FILES:
        tighten(path.with_name(path.name + suffix))


__all__ = ["DIR_MODE", "FILE_MODE", "ours", "private_database", "private_dir", "private_file", "tighten"]
