"""Forged or stale buttons say "out of date" (never the apology with an error id); the owner's double
tap on Confirm says it was already done, even when both taps read the confirmation as open; absurd
numbers in a question get a range message instead of being clamped or dropped."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.clock import FixedClock
from bot.core.router import Core
from bot.messages import Incoming
from bot.store import connect
from bot.store import pending as pending_store
from bot.text.render import render_reply
from bot.understand.parser import parse
from tests.chat_user import counts
from tests.test_wallet_handlers import Chat

FORGED = ["s|qwen3-8b|l|||||m=zz", "s|qwen3-8b|l|||||n=abc", "s|qwen3-8b|l|||||n=0", "s|qwen3-8b|l|||||n=99999999999",
          "s|nosuchmodel|l||||||", "s|qwen3-8b|l||nosuchgpu|||", "s|qwen3-8b|l|||||s=99999999999999999999",
          "s|P1e400|l||||||", "s|Pnan|l||||||", "s|qwen3-8b|l|||||g=zz", "s|qwen3-8b|l||||b0|",
          "s|qwen3-8b|l|||||xyz", "s|qwen3-8b|l||||zq|", "s|||||||", "s|qwen3-8b|l||||b99999999999999|",
          "s|a|b|c", "s|qwen3-8b|l||||r0|cost"]


@pytest.mark.parametrize("payload", FORGED)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_forged_or_stale_sizing_button_is_out_of_date(payload: str, lang: str) -> None:
    reply = Core().handle(Incoming(text="", user_id="1", chat_id="1", button=payload, user_lang=lang))
    assert reply is not None and reply.kind == "error"
    text = render_reply(reply, "plain")
    assert ("out of date" in text) if lang == "en" else ("过期" in text), text
    assert "error id" not in text and "错误编号" not in text


def test_a_real_sizing_button_still_works() -> None:
    core = Core()
    first = core.handle(Incoming(text="/size qwen3-8b lora", user_id="1", chat_id="1"))
    assert first is not None and first.buttons
    for b in first.buttons:
        again = core.handle(Incoming(text="", user_id="1", chat_id="1", button=b.payload))
        assert again is not None and again.kind != "error", (b.payload, render_reply(again, "plain"))


def test_the_owners_double_tap_says_already_done_even_in_a_race() -> None:
    store, clock = connect(":memory:"), FixedClock(datetime(2026, 12, 1, tzinfo=UTC))
    me = Chat(store, clock, user="5", chat="-100", group=True, admin=True)
    me.say("/topup 500 USDT gpuli")
    me.say("/rent 4090 week gpuli")
    assert me.last is not None
    confirm = me.last.buttons[0].payload
    stale = pending_store.pending(store, int(confirm.split(":")[2]))
    me.press(confirm)
    assert me.last.kind == "wallet_done"
    real = pending_store.pending
    reads = iter([stale])  # the second tap reads it as open once (before the first closed it), then as it is

    def racing_read(s: object, i: int) -> object:
        return next(reads, None) or real(s, i)  # type: ignore[arg-type]

    pending_store.pending = racing_read  # type: ignore[assignment]
    try:
        me.press(confirm)
    finally:
        pending_store.pending = real  # type: ignore[assignment]
    assert me.last.kind == "wallet_done" and me.last.data.get("replay") is True, me.text
    assert "isn't yours" not in me.text
    assert counts(store)["rentals"] == 1 and me.balance("gpuli", "USDT", owner="telegram:chat:-100") == 39_100


@pytest.mark.parametrize(("text", "field"), [
    ("qwen3-8b lora 1e20 tokens", "tokens"),
    ("qwen3-8b lora 10^20 tokens", "tokens"),
    ("qwen3-8b lora 100000000000000000000 tokens", "tokens"),
    ("qwen3-8b lora seq 100000000000000000000", "seq_len"),
    ("qwen3-8b lora 99,999,999,999 cards", "num_gpus"),
    ("qwen3-8b lora 99999999999 cards", "num_gpus"),
    ("qwen3-8b lora 5000000 gpus", "num_gpus"),
])
def test_absurd_numbers_get_a_range_message(text: str, field: str) -> None:
    reply = Core().handle(Incoming(text=text, user_id="1", chat_id="1"))
    assert reply is not None and reply.kind == "error", render_reply(reply, "plain") if reply else None
    assert field in render_reply(reply, "plain") and "between" in render_reply(reply, "plain")


def test_ordinary_counts_are_unchanged() -> None:
    assert parse("qwen3-8b lora 8 cards 20M tokens").request.num_gpus == 8
    assert parse("qwen3-8b lora 8 cards 20M tokens").request.tokens == 20_000_000
    assert parse("数据 5000 张图片 qwen3-8b lora").request.num_gpus is None  # pictures, not cards
