"""Shared fixtures: sizing helpers that read like the seed tables, a user talking to the bot, and a
fresh database of each dialect (`db_url`: SQLite, and a real PostgreSQL started for the session)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.memory import Plan, estimate
from engine.request import TrainingRequest
from engine.resolve import resolve
from testkit.pg_server import PgServer
from testkit.pg_server import start as start_pg
from tests.chat_user import ChatUser


def states_gb(method: str = "full", num_gpus: int = 1, zero: int = 0, offload: str = "none", **fields: object) -> float:
    """Model states per card (weights + gradients + master + optimizer), GB."""
    r = resolve(TrainingRequest(method=method, **fields))  # type: ignore[arg-type]
    return estimate(r, Plan(num_gpus, zero, offload)).model_states_gb


@pytest.fixture
def states():
    return states_gb


@pytest.fixture
def chat() -> ChatUser:
    """A user in a private chat with the whole bot (router, wallet, SQLite in memory, fixed clock)."""
    return ChatUser()


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """One real PostgreSQL for the whole run (see testkit/pg_server.py: started as an unprivileged
    user when the suite runs as root), stopped at the end."""
    server = start_pg()
    try:
        yield server
    finally:
        server.stop()


def _database(request: pytest.FixtureRequest, tmp_path: Path, *, migrated: bool) -> Iterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "k.db")
        return
    server: PgServer = request.getfixturevalue("pg_server")
    url = server.new_database(migrated=migrated)
    try:
        yield url
    finally:
        server.drop_database(url)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database of each dialect: a new SQLite file, or a PostgreSQL database cloned from a
    migrated template (see testkit/pg_server.py), so each test starts from the same schema quickly."""
    yield from _database(request, tmp_path, migrated=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database of each dialect, for the tests of the migrations themselves."""
    yield from _database(request, tmp_path, migrated=False)


@pytest.fixture(autouse=True, scope="session")
def _no_stored_price_lists(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Price lists imported on this machine (./data/prices) never leak into a test: the suite reads
    an empty folder of its own unless a test points KASUAN_PRICES_DIR elsewhere."""
    import os

    before = os.environ.get("KASUAN_PRICES_DIR")
    os.environ["KASUAN_PRICES_DIR"] = str(tmp_path_factory.mktemp("prices"))
    yield
    if before is None:
        os.environ.pop("KASUAN_PRICES_DIR", None)
    else:
        os.environ["KASUAN_PRICES_DIR"] = before
