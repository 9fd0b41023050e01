"""An operator's mistake in the configuration is one line naming what to fix, and exit code 2:
never the apology with an error id, never a traceback. Run as the operator runs it, in a subprocess
(`python -m bot.cli ...` and the `kasuan run` entry, `python -m bot run`)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def kasuan(tmp_path: Path, env: dict[str, str], *args: str, module: str = "bot.cli") -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith(("KASUAN_", "TELEGRAM_", "DISCORD_"))}
    base.update({"KASUAN_LOG": str(tmp_path / "kasuan.log"), "KASUAN_ENV_FILE": str(tmp_path / "none.env")})
    return subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True, timeout=120,
                          cwd=ROOT, env={**base, **env}, stdin=subprocess.DEVNULL)


def one_line(done: subprocess.CompletedProcess[str], *needles: str) -> str:
    err = done.stderr.strip()
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert len(err.splitlines()) == 1, err
    assert "Traceback" not in err and "error id" not in err and "出错" not in err
    for needle in needles:
        assert needle in err, err
    return err


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # closed once the socket is: nothing listens there


@pytest.fixture
def garbage(tmp_path: Path) -> Path:
    path = tmp_path / "garbage.db"
    path.write_bytes(b"this is not a database, just some bytes that look like nothing at all" * 20)
    return path


@pytest.mark.parametrize("entry", [("db", "check"), ("alerts", "due"), ("chat",), ("run",)])
def test_a_folder_as_kasuan_db(tmp_path: Path, entry: tuple[str, ...]) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    one_line(kasuan(tmp_path, {"KASUAN_DB": str(folder)}, *entry), "KASUAN_DB", "is a folder", "kasuan.db")


def test_a_garbage_file_as_kasuan_db(tmp_path: Path, garbage: Path) -> None:
    before = garbage.read_bytes()
    one_line(kasuan(tmp_path, {"KASUAN_DB": str(garbage)}, "db", "check"), "KASUAN_DB", "not a database")
    one_line(kasuan(tmp_path, {"KASUAN_DB": str(garbage)}, "run"), "KASUAN_DB", "not a database")
    assert garbage.read_bytes() == before  # nothing written into the operator's file


def test_an_unreachable_postgresql_names_kasuan_db_without_the_password(tmp_path: Path) -> None:
    url = f"postgresql://kasuan:hunter2secret@127.0.0.1:{closed_port()}/kasuan"
    for entry in (("db", "check"), ("run",)):
        err = one_line(kasuan(tmp_path, {"KASUAN_DB": url}, *entry), "KASUAN_DB", "PostgreSQL", "server is running")
        assert "hunter2secret" not in err and "***" in err


def test_the_run_entry_with_a_token_and_a_bad_store(tmp_path: Path, garbage: Path) -> None:
    env = {"KASUAN_DB": str(garbage), "TELEGRAM_BOT_TOKEN": "123456789:" + "A" * 35,
           "TELEGRAM_API_BASE_URL": f"http://127.0.0.1:{closed_port()}/bot"}
    err = one_line(kasuan(tmp_path, env, "run", module="bot"), "kasuan run: KASUAN_DB", "not a database")
    assert "A" * 35 not in err


@pytest.mark.parametrize("entry", [("db", "check"), ("size", "Qwen2.5-7B LoRA"), ("run",)])
def test_an_unknown_log_level(tmp_path: Path, entry: tuple[str, ...]) -> None:
    env = {"KASUAN_LOG_LEVEL": "LOUD", "KASUAN_DB": str(tmp_path / "k.db")}
    one_line(kasuan(tmp_path, env, *entry), "KASUAN_LOG_LEVEL", "DEBUG, INFO, WARNING", "'LOUD'")


def test_a_known_log_level_in_any_case_is_accepted(tmp_path: Path) -> None:
    done = kasuan(tmp_path, {"KASUAN_LOG_LEVEL": "warn", "KASUAN_DB": str(tmp_path / "k.db")}, "db", "check")
    assert done.returncode == 0, done.stderr


def test_an_env_file_with_nul_bytes(tmp_path: Path) -> None:
    env_file = tmp_path / "bad.env"
    env_file.write_bytes(b"KASUAN_DB=data/k.db\nTELEGRAM_BOT_TOKEN=12\x003\n")
    err = one_line(kasuan(tmp_path, {"KASUAN_ENV_FILE": str(env_file)}, "run"), "bad.env", "NUL byte", "line 2")
    assert "12" not in err.split("line 2")[1]  # the value is not echoed


def test_an_env_file_that_is_not_utf8(tmp_path: Path) -> None:
    env_file = tmp_path / "latin.env"
    env_file.write_bytes(b"KASUAN_DB=caf\xe9.db\n")
    one_line(kasuan(tmp_path, {"KASUAN_ENV_FILE": str(env_file)}, "run"), "latin.env", "UTF-8")


def test_a_good_env_file_is_still_read(tmp_path: Path) -> None:
    env_file = tmp_path / "good.env"
    folder = tmp_path / "adir"
    folder.mkdir()
    env_file.write_text(f"# comment\nexport KASUAN_DB={folder}\n")
    # the .env's KASUAN_DB (a folder) is what `run` then refuses: proof the file was read
    one_line(kasuan(tmp_path, {"KASUAN_ENV_FILE": str(env_file)}, "run"), "KASUAN_DB", "is a folder")
