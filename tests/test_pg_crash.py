"""PostgreSQL with fsync on, killed with SIGKILL (the postmaster and every backend) while a writer
commits top-ups and another transaction is open: restarted on the same data folder, every top-up
whose COMMIT returned is there, the open one is not, and `kasuan db check` is clean."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import threading
import time
from pathlib import Path

import pytest

from bot.cli.wallet import cmd_db_check
from bot.store import connect
from bot.wallet import operations as ops
from testkit.pg_server import start
from tests.test_ledger import T0, _wallet


def children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(entry.name))
    return out


@pytest.mark.skipif(bool(os.environ.get("KASUAN_TEST_PG_URL")), reason="needs a server of its own to kill")
def test_sigkill_mid_transaction_loses_nothing_committed(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    server = start(durable=True, max_connections=20)
    try:
        url = server.new_database()
        setup = connect(url)
        _wallet(setup)
        setup.close()
        acknowledged: list[int] = []
        stop = threading.Event()

        def writer() -> None:
            store = connect(url)
            w = _wallet(store)
            n = 0
            with contextlib.suppress(Exception):  # the server dies under it
                while not stop.is_set():
                    n += 1
                    ops.topup(store, T0, w, "gpuli", "USDT", 100 + n, f"k{n}", "u")
                    acknowledged.append(n)  # COMMIT returned

        th = threading.Thread(target=writer)
        th.start()
        while len(acknowledged) < 50:
            time.sleep(0.01)
        open_tx = connect(url)
        w = _wallet(open_tx)
        with contextlib.suppress(Exception), open_tx.write():
            ops.topup(open_tx, T0, w, "gpuli", "USDT", 999_999, "in-flight", "u")
            assert server.process is not None
            pids = [server.process.pid, *children(server.process.pid)]
            for pid in pids:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            server.process.wait(10)
            time.sleep(0.5)
            open_tx.value("SELECT 1")  # the connection is gone: the transaction never commits
        stop.set()
        th.join(30)
        with contextlib.suppress(Exception):
            open_tx.close()
        done = list(acknowledged)
        again = start(durable=True, max_connections=20, reuse=server.root)
        server.process = again.process
        url2 = again.url(url.rsplit("/", 1)[1])
        store = connect(url2)
        keys = {r["idem_key"] for r in store.rows("SELECT idem_key FROM ledger")}
        total = store.value("SELECT balance_minor FROM accounts")
        store.close()
        assert "in-flight" not in keys
        assert {f"k{n}" for n in done} <= keys, "a top-up whose COMMIT returned was lost"
        assert len(keys - {f"k{n}" for n in done}) <= 1  # at most the one whose COMMIT had no answer
        assert total == sum(100 + int(k[1:]) for k in keys)
        monkeypatch.setenv("KASUAN_DB", url2)
        capsys.readouterr()
        assert cmd_db_check(argparse.Namespace(json=False, lang="en")) == 0
        assert "Ledger consistent" in capsys.readouterr().out
        print(f"acknowledged before the kill: {len(done)}; found after restart: {len(keys)}")
    finally:
        server.stop()
