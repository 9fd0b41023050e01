"""Balance exhaustion follows the per-minute provider's rule (seed 002: when the balance runs out the
instance is destroyed and its disk deleted): the meter charges up to the balance, or to the overdraft
limit the confirmation stated, then ends the rental; runway alerts warn before that, the last one
when the balance covers less than an hour."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from bot.clock import FixedClock
from bot.store import connect
from bot.store import rentals as rental_store
from bot.text.render import render_reply
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


def test_chosen_runway_levels_each_warn_once_between_the_default_ones(db_url: str) -> None:
    store, clock = connect(db_url), FixedClock(T0)
    me = Chat(store, clock)
    me.say("/alerts tz UTC")
    me.say("/alerts runway 12h 4h")
    assert "a warning at 12, 4 h left" in me.text, me.text
    me.say("/topup 5 usd cloudgpu")
    me.say("/rent 4090 cloudgpu")
    me.press(0)
    inbox = Inbox(clock)
    _run(store, clock, inbox, T0 + timedelta(days=1), timedelta(minutes=15))
    got = [(f"{at:%H:%M}", rep.data.get("level_hours"), bool(rep.data.get("last_hour"))) for at, _, rep in inbox.got
           if rep.kind == "alert_runway"]
    # $5 at $0.33/h runs out at 15:09: 12 h left at 03:09, the job's 8 h + 1 h at 06:09, 4 h left at 11:09,
    # the last hour at 14:09 (each seen by the next 15-minute tick)
    assert got == [("03:15", 12, False), ("06:15", None, False), ("11:15", 4, False), ("14:15", None, True)]
    first = render_reply(inbox.got[0][2], "plain")
    assert "under your 12 h level" in first and "15:09" in first


def test_runway_levels_in_chinese_reset_and_refused_without_changing_anything(db_url: str) -> None:
    store, clock = connect(db_url), FixedClock(T0)
    zh = Chat(store, clock, user="7", lang="zh")
    zh.say("/alerts 余额 1天 6小时")
    assert "剩 24, 6 小时时各提醒一次" in zh.text, zh.text
    zh.say("/alerts 余额 半小时")
    assert "看不懂「半小时」" in zh.text, zh.text
    zh.say("/alerts 余额 1小时")
    assert "2 小时到 720 小时之间" in zh.text, zh.text
    zh.say("/alerts")
    assert "剩 24, 6 小时时各提醒一次" in zh.text, "a refused change leaves the levels as they were"
    en = Chat(store, clock)
    en.say("/alerts runway 24h 6h")
    for bad, says in [("/alerts runway 1h", "2 h to 720 h"), ("/alerts runway 1.5h", "whole hours"),
                      ("/alerts runway 5h 4h 3h 2h 10h", "At most 4"), ("/alerts runway soon", "don't understand")]:
        en.say(bad)
        assert says in en.text, (bad, en.text)
    en.say("/alerts")
    assert "a warning at 24, 6 h left" in en.text, "a refused change leaves the levels as they were"
    en.say("/alerts runway default")
    assert "Runway levels: default" in en.text, en.text
