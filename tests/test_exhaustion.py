"""Balance exhaustion follows the per-minute provider's rule (seed 002: when the balance runs out the
instance is destroyed and its disk deleted): the meter charges up to the balance, or to the overdraft
limit the confirmation stated, then ends the rental; runway alerts warn before that, the last one
when the balance covers less than an hour."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from bot.clock import FixedClock
from bot.render import render_reply
from bot.store import connect
from bot.store import rentals as rental_store
from bot.wallet import send_due, sweep
from tests.test_alerts import Inbox
from tests.test_wallet_handlers import Chat

T0 = datetime(2026, 12, 1, tzinfo=UTC)


def _run(store: object, clock: FixedClock, inbox: Inbox, until: datetime, step: timedelta) -> None:
    while clock.now() < until:
        clock.advance(seconds=int(step.total_seconds()))
        sweep(store, clock.now())  # type: ignore[arg-type]
        asyncio.run(send_due(store, clock, inbox.deliver))  # type: ignore[arg-type]


def test_an_overdraft_rental_is_destroyed_at_the_limit_its_confirmation_stated(db_url: str) -> None:
    store, clock = connect(db_url), FixedClock(T0)
    me = Chat(store, clock)
    me.say("/alerts tz UTC")
    me.say("/topup 0.10 usd cloudgpu")
    me.say("/rent 4090 cloudgpu")
    assert me.last is not None and me.last.buttons[0].payload.startswith("w:od:")
    assert "down to -$0.23" in me.text, me.text  # the overdraft's limit, stated before confirming
    me.press(0)
    assert me.last.kind == "wallet_done"
    rid = int(me.last.data["rental"]["id"])
    inbox = Inbox(clock)
    _run(store, clock, inbox, T0 + timedelta(days=2), timedelta(minutes=15))
    clock.advance(days=365)  # a year later nothing more is charged
    sweep(store, clock.now())
    r = rental_store.rental(store, rid)
    assert r is not None and r.status == "destroyed" and r.data_until == r.ended_at
    assert r.ended_at == T0 + timedelta(minutes=60) and r.paid_minor == 33
    assert me.balance("cloudgpu", "USD") == -23, "never below the limit the user confirmed"
    kinds = [(rep.kind, bool(rep.data.get("last_hour"))) for _, _, rep in inbox.got]
    assert kinds == [("alert_runway", True), ("alert_destroyed", False)]


def test_runway_warns_at_its_level_and_in_the_last_hour_then_the_instance_is_destroyed(db_url: str) -> None:
    store, clock = connect(db_url), FixedClock(T0)
    me = Chat(store, clock)
    me.say("/alerts tz UTC")
    me.say("/topup 5 usd cloudgpu")
    me.say("/rent 4090 cloudgpu")
    me.press(0)
    inbox = Inbox(clock)
    _run(store, clock, inbox, T0 + timedelta(days=1), timedelta(minutes=15))
    got = [(f"{at:%H:%M}", rep.kind, bool(rep.data.get("last_hour"))) for at, _, rep in inbox.got]
    # $5 at $0.33/h lasts to 15:09: the 8 h + 1 h level at 06:09, the last hour at 14:09, gone at 15:09
    assert got == [("06:15", "alert_runway", False), ("14:15", "alert_runway", True),
                   ("15:15", "alert_destroyed", False)]
    last = render_reply(inbox.got[1][2], "plain")
    assert "less than an hour" in last and "15:09" in last
    assert me.balance("cloudgpu", "USD") == 0
