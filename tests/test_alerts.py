"""Alerts: a simulated month across the three providers gives exactly the expected alerts at the
expected times; a bot that was down sends late (saying so); quiet hours delay; a duplicate sweep
adds nothing; a sender killed between claim and mark-sent redelivers once; retry-after, backoff,
blocked chats and muted kinds behave as documented."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.clock import FixedClock
from bot.messages import Reply
from bot.store import connect
from bot.store import outbox as outbox_store
from bot.store import rentals as rental_store
from bot.store.connection import Store
from bot.text.render import render_reply
from bot.wallet import Delivery, due_alerts, send_due, sweep
from bot.wallet.sender import LEASE, MAX_FAILURES
from tests.chat_user import counts
from tests.test_wallet_handlers import Chat

DEC1 = datetime(2026, 12, 1, tzinfo=UTC)
TICK = timedelta(minutes=15)


class Inbox:
    """A front end that records what it was asked to deliver (and can be told to fail)."""

    def __init__(self, clock: FixedClock) -> None:
        self.clock = clock
        self.got: list[tuple[datetime, str, Reply]] = []
        self.answer: Delivery = Delivery.sent()

    async def deliver(self, chat: str, reply: Reply) -> Delivery:
        self.got.append((self.clock.now(), chat, reply))
        return self.answer

    def summary(self) -> list[tuple[str, str, str]]:
        return [(f"{at:%m-%d %H:%M}", r.kind, _what(r)) for at, _, r in self.got]


def _what(r: Reply) -> str:
    d = r.data
    if r.kind == "alert_expiry":
        return f"#{d['id']} {d['days']}d"
    if r.kind == "alert_budget":
        return f"{'forecast' if d['forecast_kind'] else 'actual'} {d['threshold']}"
    return f"#{d['id']}"


def tick(store: Store, clock: FixedClock, inbox: Inbox) -> None:
    sweep(store, clock.now())
    asyncio.run(send_due(store, clock, inbox.deliver))


def _rent(chat: Chat, command: str) -> int:
    chat.say(command)
    chat.press(0)
    assert chat.last is not None and chat.last.kind == "wallet_done", chat.text
    return int(chat.last.data["rental"]["id"])


def test_a_simulated_month_across_three_providers(db_url: str) -> None:
    """December 2026 in UTC, one tick every 15 minutes.

    Dec 1 00:00  ₮2,000 at gpuli, ¥3,000 at 一万网络, $5 at CloudGPU; budget $1,000 (50/80/100%).
                 gpuli RTX 4090 for a week (₮109, ends Dec 8 00:00), 一万网络 A100 40G for a month
                 (¥2,800 ≈ $394.37, ends Dec 31 00:00). Spend $503.37 = 50.3% -> budget 50% now;
                 the forecast (both renewed to the month's end: + $373.71 + $13.15) is 89.0% -> 80%.
    Dec 2 00:00  CloudGPU RTX 4090, no running time given (8 h planned), $0.33/h on $5: the forecast
                 adds 720 h × $0.33 = $237.60 -> 112.8% -> forecast 100%. The $5 lasts 15.15 h, to
                 15:09:05; 8 h + 1 h buffer before that is 06:09:05 -> runway alert at the 06:15 tick.
                 Under one hour left at 14:09: the last-hour alert at the 14:15 tick.
                 The meter charges each hour; at 15:09 the money is gone (909 minutes cost $5.00, the
                 910th would make $5.01): destroyed at 15:09, alerted at the 15:15 tick.
    gpuli: 3 days before (Dec 5), 1 day before (Dec 7), expired (Dec 8, data until Dec 15).
    一万网络: Dec 28, Dec 30, expired Dec 31 (it states no data retention).
    January 1: the budget month turns, nothing is spent: no alert.
    """
    store = connect(db_url)
    clock = FixedClock(DEC1)
    inbox = Inbox(clock)
    me = Chat(store, clock, user="7")
    me.say("/alerts tz UTC")
    me.say("/budget set 1000 USD thresholds 50,80,100")
    me.say("/topup 2000 USDT")
    me.say("/topup 3000 CNY")
    me.say("/topup 5 USD")
    gpuli = _rent(me, "/rent 4090 week gpuli")
    yiwan = _rent(me, "/rent a100 40g month yiwan")
    while clock.now() < datetime(2027, 1, 1, 6, tzinfo=UTC):
        if clock.now() == datetime(2026, 12, 2, tzinfo=UTC):
            cloud = _rent(me, "/rent 4090 cloudgpu")
        tick(store, clock, inbox)
        clock.advance(TICK)
    assert inbox.summary() == [
        ("12-01 00:00", "alert_budget", "actual 50"),
        ("12-01 00:00", "alert_budget", "forecast 80"),
        ("12-02 00:00", "alert_budget", "forecast 100"),
        ("12-02 06:15", "alert_runway", f"#{cloud}"),
        ("12-02 14:15", "alert_runway", f"#{cloud}"),  # under one hour left (15:09 - 1 h = 14:09)
        ("12-02 15:15", "alert_destroyed", f"#{cloud}"),
        ("12-05 00:00", "alert_expiry", f"#{gpuli} 3d"),
        ("12-07 00:00", "alert_expiry", f"#{gpuli} 1d"),
        ("12-08 00:00", "alert_expired", f"#{gpuli}"),
        ("12-28 00:00", "alert_expiry", f"#{yiwan} 3d"),
        ("12-30 00:00", "alert_expiry", f"#{yiwan} 1d"),
        ("12-31 00:00", "alert_expired", f"#{yiwan}"),
    ]
    assert {chat for _, chat, _ in inbox.got} == {"telegram:chat:7"}
    by_kind = {(r.kind, _what(r)): r for _, _, r in reversed(inbox.got)}  # the first of each kind
    runway = by_kind[("alert_runway", f"#{cloud}")]
    assert runway.data["hours_left"] == "8.9" and runway.data["destroy_at"].startswith("2026-12-02 15:09")
    assert "runs out around 2026-12-02 15:09" in render_reply(runway, "plain")
    destroyed = by_kind[("alert_destroyed", f"#{cloud}")]
    assert destroyed.data["ended"].startswith("2026-12-02 15:09") and destroyed.data["paid"] == "$5.00"
    assert destroyed.data["minutes"] == 909
    expired = by_kind[("alert_expired", f"#{gpuli}")]
    assert expired.data["data_until"] == "2026-12-15" and "2026-12-15" in render_reply(expired, "plain")
    assert "does not say how long" in render_reply(by_kind[("alert_expired", f"#{yiwan}")], "plain")
    assert not any(r.data["late"] for _, _, r in inbox.got)
    assert me.balance("cloudgpu", "USD") == 0  # $5.00 charged by the minute, the hold released
    assert counts(store)["outbox"] == len(inbox.got)
    for _, _, reply in inbox.got:  # every alert renders in every flavor and language
        for lang in ("zh", "en"):
            for flavor in ("plain", "telegram", "discord"):
                text = render_reply(Reply(reply.kind, lang, reply.data), flavor)
                assert f"#{reply.data['id']}" in text if "id" in reply.data else "%" in text


def _month_with_gpuli(tz: str = "UTC") -> tuple[Store, FixedClock, Inbox, Chat, int]:
    store = connect(":memory:")
    clock = FixedClock(DEC1)
    inbox = Inbox(clock)
    me = Chat(store, clock, user="8")
    me.say(f"/alerts tz {tz}")
    me.say("/topup 500 USDT")
    rid = _rent(me, "/rent 4090 week gpuli")
    return store, clock, inbox, me, rid


def test_an_alert_missed_while_the_bot_was_down_is_sent_late_saying_so() -> None:
    store, clock, inbox, _, rid = _month_with_gpuli()
    clock.set(datetime(2026, 12, 6, 12, tzinfo=UTC))  # down from Dec 1 to Dec 6 noon
    tick(store, clock, inbox)
    assert inbox.summary() == [("12-06 12:00", "alert_expiry", f"#{rid} 3d")]
    reply = inbox.got[0][2]
    assert reply.data["late"] is True
    assert "late: it was due at 2026-12-05 00:00" in render_reply(reply, "plain")


def test_a_runway_alert_missed_while_down_names_the_time_it_fell_due(db_url: str) -> None:
    store = connect(db_url)
    clock = FixedClock(DEC1)
    inbox = Inbox(clock)
    me = Chat(store, clock, user="8")
    me.say("/alerts tz UTC")
    me.say("/topup 5 USD")
    rid = _rent(me, "/rent 4090 cloudgpu")  # $5 at $0.33/h: runs out at 15:09:05; 8 h + 1 h before is 06:09:05
    clock.set(datetime(2026, 12, 1, 11, tzinfo=UTC))
    tick(store, clock, inbox)
    assert inbox.summary() == [("12-01 11:00", "alert_runway", f"#{rid}")]
    reply = inbox.got[0][2]
    assert reply.data["late"] is True and reply.data["due"].startswith("2026-12-01 06:09")
    assert reply.data["hours_left"] == "4.2"


def test_several_missed_stages_send_the_latest_and_record_the_rest_as_superseded() -> None:
    store, clock, inbox, _, rid = _month_with_gpuli()
    clock.set(datetime(2026, 12, 7, 6, tzinfo=UTC))  # both the 3-day and the 1-day reminder passed
    tick(store, clock, inbox)
    assert inbox.summary() == [("12-07 06:00", "alert_expiry", f"#{rid} 1d")]
    statuses = {i.key.split("|")[1]: i.status for i in outbox_store.items(store)}
    assert statuses == {"expiry_3d": "superseded", "expiry_1d": "sent"}


def test_quiet_hours_delay_and_never_drop() -> None:
    store, clock, inbox, me, rid = _month_with_gpuli(tz="Asia/Shanghai")
    me.say("/alerts quiet 07:00-09:30")  # the 3-day reminder falls due at 08:00 Shanghai (00:00 UTC)
    while clock.now() < datetime(2026, 12, 5, 3, tzinfo=UTC):
        tick(store, clock, inbox)
        clock.advance(TICK)
    assert inbox.summary() == [("12-05 01:30", "alert_expiry", f"#{rid} 3d")]  # 09:30 local
    assert inbox.got[0][2].data["late"] is False, "waiting out quiet hours is not being late"


def test_a_duplicate_sweep_adds_nothing() -> None:
    store, clock, _, _, _ = _month_with_gpuli()
    clock.set(datetime(2026, 12, 5, tzinfo=UTC))
    first = sweep(store, clock.now())
    before = counts(store)
    second = sweep(store, clock.now())
    assert first.enqueued == 1 and second.enqueued == 0 and counts(store) == before
    # even a sweep that re-reads a rental whose stage was handled cannot queue it twice
    store.run("UPDATE rentals SET alerted_until = NULL, next_check_at = ?", ("2026-12-05T00:00:00Z",))
    sweep(store, clock.now())
    assert counts(store)["outbox"] == before["outbox"]


def test_alerts_due_lists_without_writing_anything() -> None:
    store, _, _, me, _ = _month_with_gpuli()
    me.say("/topup 5 USD")
    _rent(me, "/rent 4090 cloudgpu")
    before = counts(store)
    due = due_alerts(store, datetime(2026, 12, 5, tzinfo=UTC))
    kinds = sorted(i.kind for i in due)
    assert kinds == ["alert_destroyed", "alert_expiry"]  # the $5 ran out on Dec 1; the 3-day reminder
    assert counts(store) == before, "a dry run writes nothing (not even the meter's charges)"


def test_alert_commands_from_the_shell(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """`kasuan alerts due` lists without writing (bad --now: one clear error, nothing written);
    `kasuan alerts run` without a Telegram front end leaves Telegram's alerts queued, says so and
    exits 3; a console wallet's alert is printed here and marked sent; `--dry-run` and a `--now`
    in the future change nothing."""
    import json

    from bot.cli import wallet as wallet_command
    from bot.cli.commands import Parser
    from bot.cli.wallet import add_wallet_parsers
    from engine.errors import KasuanError

    path = tmp_path / "k.db"
    monkeypatch.setenv("KASUAN_DB", str(path))
    monkeypatch.setattr(wallet_command, "REAL_CLOCK", FixedClock(datetime(2026, 12, 6, tzinfo=UTC)))
    store = connect(path)
    me = Chat(store, FixedClock(DEC1), user="8")
    me.say("/alerts tz UTC")
    me.say("/topup 500 USDT")
    _rent(me, "/rent 4090 week gpuli")
    parser = Parser(prog="kasuan")
    add_wallet_parsers(parser.add_subparsers(dest="command", required=True, parser_class=Parser))

    def run(*argv: str) -> int:
        args = parser.parse_args(list(argv))
        return int(args.handler(args))

    before = counts(store)
    with pytest.raises(KasuanError, match="ISO 8601"):
        run("alerts", "due", "--now", "2026-13-45T99:00")
    assert run("alerts", "due", "--now", "2026-12-05T08:00:00+08:00", "--json") == 0
    listed = json.loads(capsys.readouterr().out)
    assert [i["kind"] for i in listed["due"]] == ["alert_expiry"] and "3 day" in listed["due"][0]["text"]
    assert counts(store) == before
    assert run("alerts", "due", "--now", "2026-12-02T00:00:00Z") == 0
    assert "Nothing due" in capsys.readouterr().out
    assert run("alerts", "run", "--dry-run", "--now", "2026-12-05T00:00:00Z") == 0
    out = capsys.readouterr().out
    assert "Dry run" in out and "3 day" in out and counts(store) == before
    assert run("alerts", "run", "--now", "2026-12-09T00:00:00Z") == 0  # after the real clock: simulated
    out = capsys.readouterr().out
    assert "dry run only" in out and "expired" in out
    assert counts(store) == before and rental_store.rental(store, 1).status == "active"  # type: ignore[union-attr]
    assert run("alerts", "run", "--now", "2026-12-05T00:00:00Z") == 3
    out = capsys.readouterr().out
    assert "1 alert for telegram left queued" in out and "0 sent" in out
    assert [i.status for i in outbox_store.items(store)] == ["pending"], "never marked sent undelivered"
    console = Chat(store, FixedClock(DEC1), user="9", platform="console")
    console.say("/alerts tz UTC")
    console.say("/topup 500 USDT")
    _rent(console, "/rent 4090 week gpuli")
    assert run("alerts", "run") == 3  # the real clock: Dec 6
    out = capsys.readouterr().out
    assert "-> to console:chat:9" in out and "1 sent" in out and "telegram left queued" in out
    statuses = {i.chat: i.status for i in outbox_store.items(store) if i.kind == "alert_expiry" and i.data["days"] == 3}
    assert statuses == {"telegram:chat:8": "pending", "console:chat:9": "sent"}
    assert run("db", "check") == 0
    assert "Ledger consistent" in capsys.readouterr().out


# ---------------------------------------------------------------- the sender


def _one_due_alert() -> tuple[Store, FixedClock, Inbox, int]:
    store, clock, inbox, _, rid = _month_with_gpuli()
    clock.set(datetime(2026, 12, 5, tzinfo=UTC))
    sweep(store, clock.now())
    return store, clock, inbox, rid


def test_retry_after_is_honoured() -> None:
    store, clock, inbox, _ = _one_due_alert()
    inbox.answer = Delivery.retry(120, "flood control")
    asyncio.run(send_due(store, clock, inbox.deliver))
    assert len(inbox.got) == 1
    inbox.answer = Delivery.sent()
    clock.advance(seconds=60)
    asyncio.run(send_due(store, clock, inbox.deliver))
    assert len(inbox.got) == 1, "sent again before the platform's retry-after"
    clock.advance(seconds=61)
    asyncio.run(send_due(store, clock, inbox.deliver))
    assert len(inbox.got) == 2 and outbox_store.items(store)[0].status == "sent"


def test_failures_back_off_then_give_up() -> None:
    store, clock, inbox, _ = _one_due_alert()
    inbox.answer = Delivery.failed("network down")
    waits = []
    for _ in range(MAX_FAILURES):
        asyncio.run(send_due(store, clock, inbox.deliver))
        item = outbox_store.items(store)[0]
        if item.status != "pending":
            break
        waits.append(int((item.not_before - clock.now()).total_seconds()))
        clock.set(item.not_before)
    assert waits == [30, 60, 120, 240, 480, 960, 1920]
    assert outbox_store.items(store)[0].status == "failed" and len(inbox.got) == MAX_FAILURES


def test_a_chat_that_blocked_the_bot_is_given_up_and_remembered() -> None:
    store, clock, inbox, me, _ = _month_with_gpuli()
    clock.set(datetime(2026, 12, 5, tzinfo=UTC))
    inbox.answer = Delivery.blocked("Forbidden: bot was blocked by the user")
    tick(store, clock, inbox)
    assert outbox_store.items(store)[0].status == "blocked"
    assert outbox_store.is_blocked(store, "telegram:chat:8")
    clock.set(datetime(2026, 12, 7, tzinfo=UTC))
    inbox.answer = Delivery.sent()
    tick(store, clock, inbox)
    assert len(inbox.got) == 1, "no delivery is attempted to a chat that blocked the bot"
    assert [i.status for i in outbox_store.items(store)] == ["blocked", "blocked"]
    me.say("/wallet")  # the user writes again: the chat is reachable
    assert not outbox_store.is_blocked(store, "telegram:chat:8")
    clock.set(datetime(2026, 12, 8, tzinfo=UTC))
    tick(store, clock, inbox)
    assert [r.kind for _, _, r in inbox.got[1:]] == ["alert_expired"]


def test_muted_kinds_are_recorded_not_sent() -> None:
    store, clock, inbox, me, _ = _month_with_gpuli()
    me.say("/alerts expiry off")
    clock.set(datetime(2026, 12, 5, tzinfo=UTC))
    tick(store, clock, inbox)
    assert inbox.got == [] and [i.status for i in outbox_store.items(store)] == ["muted"]


def test_a_group_that_moved_takes_its_alerts_along() -> None:
    store, clock, inbox, _, _ = _month_with_gpuli()
    inbox.answer = Delivery.sent(moved_to="telegram:chat:-1009")
    clock.set(datetime(2026, 12, 5, tzinfo=UTC))
    tick(store, clock, inbox)
    inbox.answer = Delivery.sent()
    clock.set(datetime(2026, 12, 7, tzinfo=UTC))
    tick(store, clock, inbox)
    assert [chat for _, chat, _ in inbox.got] == ["telegram:chat:8", "telegram:chat:-1009"]


def test_budget_thresholds_fire_once_a_month_and_rearm_after_a_top_up(db_url: str) -> None:
    store = connect(db_url)
    clock = FixedClock(DEC1)
    inbox = Inbox(clock)
    me = Chat(store, clock, user="9")
    me.say("/alerts tz UTC")
    me.say("/topup 1000 USDT")
    me.say("/budget set 200 USDT thresholds 50")
    _rent(me, "/rent 4090 week gpuli")  # ₮109 of ₮200: 54.5%
    tick(store, clock, inbox)
    clock.advance(hours=1)
    _rent(me, "/rent 4090 week gpuli")  # more spend, same threshold: no second alert
    tick(store, clock, inbox)
    assert [k for _, k, _ in inbox.summary()] == ["alert_budget"]
    clock.advance(hours=1)
    me.say("/topup 10 USDT")  # a top-up re-arms: still past 50%, so it fires once more
    tick(store, clock, inbox)
    tick(store, clock, inbox)
    assert [w for _, _, w in inbox.summary()] == ["actual 50", "actual 50"]
    clock.set(datetime(2027, 1, 1, tzinfo=UTC))  # a new month, nothing spent yet
    tick(store, clock, inbox)
    assert [w for _, k, w in inbox.summary() if k == "alert_budget"] == ["actual 50", "actual 50"]


# ---------------------------------------------------------------- crash between claim and mark-sent


def _crashing_sender(path: str, now: str, log: str) -> None:
    """Claim and deliver, then die before marking the row sent (as a kill -9 would)."""
    store = connect(Path(path))
    clock = FixedClock(now)

    async def deliver(chat: str, reply: Reply) -> Delivery:
        with open(log, "a", encoding="utf-8") as f:
            f.write(f"{reply.kind}\n")
        os._exit(9)

    asyncio.run(send_due(store, clock, deliver))


def test_a_sender_killed_between_claim_and_mark_redelivers_once_after_restart(tmp_path: Path) -> None:
    path = tmp_path / "k.db"
    store = connect(path)
    clock = FixedClock(DEC1)
    me = Chat(store, clock, user="8")
    me.say("/alerts tz UTC")
    me.say("/topup 500 USDT")
    _rent(me, "/rent 4090 week gpuli")
    now = datetime(2026, 12, 5, tzinfo=UTC)
    sweep(store, now)
    log = tmp_path / "delivered.txt"
    proc = multiprocessing.get_context("spawn").Process(target=_crashing_sender,
                                                        args=(str(path), now.isoformat(), str(log)))
    proc.start()
    proc.join(60)
    assert proc.exitcode == 9
    assert log.read_text().split() == ["alert_expiry"]
    assert [i.status for i in outbox_store.items(store)] == ["claimed"]
    clock.set(now + timedelta(seconds=30))
    inbox = Inbox(clock)
    asyncio.run(send_due(store, clock, inbox.deliver))
    assert inbox.got == [], "inside the dead sender's lease nothing is sent twice"
    clock.set(now + LEASE + timedelta(seconds=1))
    asyncio.run(send_due(store, clock, inbox.deliver))
    asyncio.run(send_due(store, clock, inbox.deliver))
    clock.advance(hours=1)
    asyncio.run(send_due(store, clock, inbox.deliver))
    assert [r.kind for _, _, r in inbox.got] == ["alert_expiry"], "redelivered exactly once after the restart"
    assert [i.status for i in outbox_store.items(store)] == ["sent"]


def test_two_sweepers_racing_queue_each_alert_once(tmp_path: Path) -> None:
    import threading

    path = tmp_path / "k.db"
    store = connect(path)
    clock = FixedClock(DEC1)
    me = Chat(store, clock, user="8")
    me.say("/topup 2000 USDT")
    for _ in range(5):
        _rent(me, "/rent 4090 week gpuli")
    now = datetime(2026, 12, 8, tzinfo=UTC)

    def run() -> None:
        own = connect(path)
        sweep(own, now)
        own.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    items = outbox_store.items(store)
    assert len(items) == 15 and len({i.key for i in items}) == 15  # 5 rentals × (3d, 1d, expired)
    assert sorted(i.status for i in items).count("pending") == 5  # the latest stage of each; the rest superseded
