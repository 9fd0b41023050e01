"""The database, its WAL files and the log are created 0600 in a 0700 directory whatever the umask;
the Docker image and compose file set the same umask (for the backups the sidecar writes)."""

from __future__ import annotations

import logging
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.store import connect

ROOT = Path(__file__).resolve().parents[1]


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture(params=[0o022, 0o000, 0o002])
def loose_umask(request: pytest.FixtureRequest) -> Iterator[int]:
    old = os.umask(request.param)
    try:
        yield int(request.param)
    finally:
        os.umask(old)


def test_database_and_wal_files_are_owner_only(tmp_path: Path, loose_umask: int) -> None:
    db = tmp_path / "data" / "deep" / "kasuan.db"
    store = connect(db)
    with store.write():
        store.run("INSERT INTO settings (scope, key, value, updated_at) VALUES ('a', 'b', 'c', 'd')")
    files = [db, db.with_name("kasuan.db-wal"), db.with_name("kasuan.db-shm")]
    assert all(f.exists() for f in files)
    assert {f.name: oct(mode(f)) for f in files} == {f.name: "0o600" for f in files}
    assert oct(mode(db.parent)) == "0o700" and oct(mode(db.parent.parent)) == "0o700"
    store.close()


def test_an_existing_world_readable_database_is_tightened(tmp_path: Path, loose_umask: int) -> None:
    db = tmp_path / "k.db"
    connect(db).close()
    os.chmod(db, 0o644)
    connect(db).close()
    assert oct(mode(db)) == "0o600"


def test_the_log_file_is_owner_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, loose_umask: int) -> None:
    from bot.cli.commands import setup_logging

    log = tmp_path / "logs" / "kasuan.log"
    monkeypatch.setenv("KASUAN_LOG", str(log))
    root = logging.getLogger()
    before = list(root.handlers)
    setup_logging()
    for h in root.handlers:
        if h not in before:
            root.removeHandler(h)
            h.close()
    assert oct(mode(log)) == "0o600" and oct(mode(log.parent)) == "0o700"


def test_docker_and_compose_set_umask_077() -> None:
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text()
    compose = (ROOT / "deploy" / "docker-compose.yml").read_text()
    assert "umask 077" in dockerfile and "chmod 700 /data /backups" in dockerfile
    assert compose.count("umask 077") >= 1 and "UMask=0077" in (ROOT / "deploy" / "kasuan.service").read_text()
