"""Shared fixtures: sizing helpers that read like the seed tables, and a user talking to the bot."""

from __future__ import annotations

import pytest

from engine.memory import Plan, estimate
from engine.request import TrainingRequest
from engine.resolve import resolve
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
