"""A long-running process loads what replies read before its first message, then freezes it."""

from __future__ import annotations

import gc

from bot.clock import SystemClock
from bot.core.app import build_core
from bot.messages import Incoming
from bot.runtime.settle import settle_long_running
from bot.store import connect
from bot.text.render import render_reply
from engine.catalog import gpus, models


def test_settle_loads_the_catalogs_and_freezes_them() -> None:
    gc.unfreeze()
    try:
        settle_long_running()
        assert gc.get_freeze_count() > 10_000  # the catalogs, the FAQ index, the templates
        assert gpus.cache_info().currsize == 1 and models.cache_info().currsize == 1
        store = connect(":memory:")
        try:
            core = build_core(store, SystemClock())
            reply = core.handle(Incoming(text="qwen3 14b lora 两张4090", user_id="u", chat_id="c"))
        finally:
            store.close()
        assert reply is not None and "4090" in render_reply(reply, "plain")  # the frozen catalogs still answer
    finally:
        gc.unfreeze()


def test_settle_leaves_no_trace_in_the_real_store(tmp_path, monkeypatch) -> None:
    db = tmp_path / "kasuan.db"
    monkeypatch.setenv("KASUAN_DB", str(db))
    gc.unfreeze()
    try:
        settle_long_running()
    finally:
        gc.unfreeze()
    assert not db.exists()
