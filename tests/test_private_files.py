"""The database, its WAL files and the log are created 0600 in a 0700 directory whatever the umask;
the Docker image and compose file set the same umask (for the backups the sidecar writes)."""

from __future__ import annotations

import logging
import os
import stat
import subprocess
import sys
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


# ---------------------------------------------------------------- only what KaSuan creates or owns


@pytest.fixture
def as_root() -> None:
    if os.geteuid() != 0:  # tests run as root here and in CI; mknod and chown need it
        pytest.skip("making a device node and another user's file needs root")


def stand_in_null(where: Path) -> Path:
    """A character device with /dev/null's numbers (1, 3), mode 0666, in a temp folder."""
    dev = where / "null"
    os.mknod(dev, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    os.chmod(dev, 0o666)
    return dev


def test_a_device_a_fifo_a_symlink_target_and_another_users_file_keep_their_modes(tmp_path: Path,
                                                                                  as_root: None) -> None:
    from bot.runtime.private import private_database, private_file

    dev = stand_in_null(tmp_path)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo, 0o644)
    os.chmod(fifo, 0o644)
    target = tmp_path / "shared.txt"
    target.write_text("x")
    os.chmod(target, 0o644)
    link = tmp_path / "link.log"
    link.symlink_to(target)
    theirs = tmp_path / "theirs.log"
    theirs.write_text("y")
    os.chown(theirs, 12345, 12345)
    os.chmod(theirs, 0o644)
    for path in (dev, fifo, link, theirs):
        private_file(path)
    private_database(dev)
    assert {p.name: oct(mode(p)) for p in (dev, fifo, target, theirs)} == {
        "null": "0o666", "pipe": "0o644", "shared.txt": "0o644", "theirs.log": "0o644"}
    assert stat.S_ISCHR(dev.stat().st_mode) and stat.S_ISFIFO(fifo.stat().st_mode)
    mine = tmp_path / "mine.log"
    mine.write_text("z")
    os.chmod(mine, 0o644)
    private_file(mine)  # a regular file of ours is still tightened
    assert oct(mode(mine)) == "0o600"


def _cli(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], capture_output=True, text=True, timeout=120,
                          cwd=ROOT, env={**os.environ, **env})


def test_kasuan_log_and_db_at_a_device_leave_it_as_it_is(tmp_path: Path, as_root: None) -> None:
    dev = stand_in_null(tmp_path)
    done = _cli({"KASUAN_LOG": str(dev)}, "ask", "--lang", "en", "how much memory for Qwen2.5-7B LoRA")
    assert done.returncode == 0, done.stderr
    assert oct(mode(dev)) == "0o666"
    done = _cli({"KASUAN_LOG": str(dev), "KASUAN_DB": str(dev)}, "db", "check")
    assert done.returncode == 2 and "KASUAN_DB" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert oct(mode(dev)) == "0o666" and stat.S_ISCHR(dev.stat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null"]  # no null-wal / null-shm beside it


def test_kasuan_log_at_a_fifo_works_and_keeps_its_mode(tmp_path: Path) -> None:
    import threading

    fifo = tmp_path / "log.pipe"
    os.mkfifo(fifo, 0o644)
    os.chmod(fifo, 0o644)
    read: list[bytes] = []
    reader = threading.Thread(target=lambda: read.append(fifo.read_bytes()), daemon=True)
    reader.start()
    done = _cli({"KASUAN_LOG": str(fifo), "KASUAN_LOG_LEVEL": "DEBUG", "KASUAN_DB": str(tmp_path / "k.db")},
                "db", "check")
    reader.join(30)
    assert done.returncode == 0, done.stderr
    assert oct(mode(fifo)) == "0o644" and stat.S_ISFIFO(fifo.stat().st_mode)


def test_the_real_dev_null_is_never_chmodded(tmp_path: Path) -> None:
    null = Path("/dev/null")
    before = null.stat().st_mode
    try:
        done = _cli({"KASUAN_LOG": "/dev/null", "KASUAN_DB": "/dev/null"}, "db", "check")
        after = null.stat().st_mode
    finally:
        if null.stat().st_mode != before and os.geteuid() == 0:
            os.chmod(null, stat.S_IMODE(before))  # never leave the machine broken, even when this fails
    assert after == before
    assert done.returncode == 2 and "KASUAN_DB" in done.stderr and "/dev/null" in done.stderr
