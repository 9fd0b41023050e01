"""Nothing lost when a polling process dies (issue 23): the fake Bot API's getUpdates semantics, the
inbox's claims on both dialects, and real `kasuan run` processes SIGKILLed mid-burst and restarted:
one on SQLite, two on PostgreSQL under the polling lease."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiohttp

from bot.adapters import CoreRunner, StoreDedup
from bot.adapters.inbox import Inbox
from bot.adapters.shared import StoreWorker
from bot.adapters.telegram import Pace, PacedRateLimiter, TelegramFrontEnd
from bot.core.router import Core
from bot.core.settings import MemorySettings
from bot.store import connect
from bot.store import leases as lease_store
from bot.store.inbox import ALIVE, GIVE_UP_AFTER, Fetched, claim_inbox, still_holds, store_fetched, unanswered
from bot.store.updates import finish_update
from testkit import kill_burst
from testkit.fake_telegram import FakeTelegram
from testkit.pg_server import PgServer

T0 = datetime(2026, 12, 1, 9, tzinfo=UTC)
FAST = Pace(overall_per_second=1000.0, private_interval=0.0, group_interval=0.0, max_retries=3)
SOURCE = "telegram:1000"


# ---------------------------------------------------------------- the fake keeps Telegram's semantics


async def _get(http: aiohttp.ClientSession, server: FakeTelegram, **params: Any) -> tuple[int, Any]:
    async with http.post(f"{server.url}/bot{server.token}/getUpdates", json=params) as r:
        body = await r.json()
        return r.status, body.get("result", body.get("description"))


async def test_an_update_stays_until_a_higher_offset_confirms_it() -> None:
    async with FakeTelegram() as server, aiohttp.ClientSession() as http:
        for i in range(5):
            server.say(7, f"message {i}")
        _, first = await _get(http, server)
        _, again = await _get(http, server)  # not confirmed: handed out again
        assert [u["update_id"] for u in first] == [u["update_id"] for u in again] == [1, 2, 3, 4, 5]
        _, two = await _get(http, server, offset=3, limit=2)  # confirms 1 and 2
        assert [u["update_id"] for u in two] == [3, 4]
        _, rest = await _get(http, server)
        assert [u["update_id"] for u in rest] == [3, 4, 5]
        _, last = await _get(http, server, offset=-1)  # only the last one is kept
        assert [u["update_id"] for u in last] == [5]
        _, none = await _get(http, server, offset=6, timeout=0)
        assert none == [] and not server.updates
        _, capped = await _get(http, server, limit=500)
        assert capped == []


async def test_a_second_concurrent_poll_and_a_poll_beside_a_webhook_get_409() -> None:
    async with FakeTelegram() as server, aiohttp.ClientSession() as http:
        first = asyncio.create_task(_get(http, server, timeout=1))
        await asyncio.sleep(0.2)
        status, description = await _get(http, server, timeout=1)
        assert status == 409 and "terminated by other getUpdates request" in description
        server.say(7, "hello")
        status, result = await first
        assert status == 200 and [u["update_id"] for u in result] == [1]
        server.webhook = {"url": "https://bot.example.org/hook"}
        status, description = await _get(http, server)
        assert status == 409 and "webhook is active" in description


# ---------------------------------------------------------------- claims (both dialects)


def _batch(*pairs: tuple[int, str]) -> list[Fetched]:
    return [Fetched(f"{SOURCE}:{uid}", uid, chat, f'{{"update_id": {uid}}}') for uid, chat in pairs]


def test_a_dead_holders_updates_are_taken_over_a_chat_at_a_time_in_order(db_url: str) -> None:
    a, b = connect(db_url), connect(db_url)
    ttl = timedelta(seconds=30)
    assert store_fetched(a, SOURCE, _batch((1, "7"), (2, "8"), (3, "7")), T0) == 3
    assert store_fetched(b, SOURCE, _batch((1, "7")), T0) == 0, "fetched again after a restart: kept once"
    lease_store.acquire(a, ALIVE + "A", "A", T0, ttl)
    lease_store.acquire(b, ALIVE + "B", "B", T0, ttl)
    got, _ = claim_inbox(a, SOURCE, "A", T0)
    assert [c.update_id for c in got] == [1, 2, 3] and not any(c.taken_over for c in got)
    finish_update(a, f"{SOURCE}:2")
    assert store_fetched(a, SOURCE, _batch((4, "7"), (5, "9")), T0) == 2
    got, _ = claim_inbox(b, SOURCE, "B", T0 + timedelta(seconds=1))
    assert [c.update_id for c in got] == [5], "chat 7 is A's while A lives: B must not answer 4 before 1 and 3"
    got, _ = claim_inbox(b, SOURCE, "B", T0 + timedelta(seconds=31))  # A stopped renewing: dead
    assert [(c.update_id, c.taken_over) for c in got] == [(1, True), (3, True), (4, False)]
    assert not still_holds(a, f"{SOURCE}:1", "A"), "A, back from a stall, leaves 1 to B"
    assert still_holds(b, f"{SOURCE}:1", "B")
    assert unanswered(a, SOURCE) == 4
    a.close()
    b.close()


def test_an_update_that_kills_every_holder_is_given_up(db_url: str) -> None:
    store = connect(db_url)
    store_fetched(store, SOURCE, _batch((1, "7")), T0)
    seen = []
    for i in range(GIVE_UP_AFTER + 1):
        got, gone = claim_inbox(store, SOURCE, f"P{i}", T0 + timedelta(seconds=i))  # each dies without a lease
        seen.append((len(got), len(gone)))
    assert seen == [(1, 0)] * GIVE_UP_AFTER + [(0, 1)], "the first holder and two takeovers, then given up"
    assert unanswered(store, SOURCE) == 0
    store.close()


async def test_a_front_end_with_an_inbox_answers_what_an_earlier_run_left(tmp_path: Path) -> None:
    """What a dead run left in the inbox (fetched, confirmed, never answered) is answered at start."""
    db = str(tmp_path / "k.db")
    store = connect(db)
    payload = FakeTelegram().message(31, "/help")
    store_fetched(store, SOURCE, [Fetched(f"{SOURCE}:77", 77, "31", json.dumps({"update_id": 77, "message": payload}))],
                  T0)
    claim_inbox(store, SOURCE, "dead-run", T0)
    async with FakeTelegram() as server:
        worker = StoreWorker(lambda: connect(db), "inbox")
        runner = CoreRunner(Core(MemorySettings()), StoreDedup(connect(db)))
        front = TelegramFrontEnd(server.token, runner, base_url=server.url, rate_limiter=PacedRateLimiter(FAST),
                                 poll_timeout=0.2, inbox=Inbox(worker, "new-run", exclusive=True))
        await front.start()
        try:
            [sent] = await server.wait_sent(1, chat_id=31)
            server.say(31, "/help")  # and new updates as usual, after it
            await server.wait_sent(2, chat_id=31)
            assert "KaSuan" in sent.params["text"]
        finally:
            await front.stop()
            runner.close()
            worker.close()
    assert unanswered(store, SOURCE) == 0 and not server.updates
    store.close()


# ---------------------------------------------------------------- real processes, SIGKILL mid-burst


async def test_one_polling_process_on_sqlite_killed_mid_burst_loses_and_doubles_nothing(tmp_path: Path) -> None:
    r = await kill_burst.run(str(tmp_path / "k.db"), tmp_path, processes=1, chats=20, kill_at=20)
    assert r.accepted_before_kill == 20, "killed mid-burst: 40 of the 60 still to answer"
    assert (r.lost, r.doubled, r.out_of_order, r.unanswered_rows) == (0, 0, 0, 0), kill_burst.summary(r)
    assert all(names == ["RTX 4090", "H100", "A100"] for names in r.per_chat.values())


async def test_two_polling_processes_on_postgresql_the_holder_killed_lose_and_double_nothing(
        tmp_path: Path, pg_server: PgServer) -> None:
    url = pg_server.new_database()
    try:
        r = await kill_burst.run(url, tmp_path, processes=2, chats=20, kill_at=20)
    finally:
        pg_server.drop_database(url)
    assert r.accepted_before_kill == 20
    assert (r.lost, r.doubled, r.out_of_order, r.unanswered_rows) == (0, 0, 0, 0), kill_burst.summary(r)
    assert all(names == ["RTX 4090", "H100", "A100"] for names in r.per_chat.values())


# ---------------------------------------------------------------- Discord: a RESUME replays events


async def test_discord_events_replayed_by_a_resume_go_through_the_same_dedup(tmp_path: Path) -> None:
    """After a RESUME the gateway replays the events the session missed through the same dispatch
    (MESSAGE_CREATE -> DiscordFrontEnd.on_message), some of which were already answered, in this
    process or in the one before a restart: each message id is answered once."""
    from tests.test_discord import DiscordHarness

    store = connect(tmp_path / "k.db")
    async with DiscordHarness() as h:
        h.runner.dedup = StoreDedup(store)
        data = h.say("/help", guild=False)
        await h.settle(lambda: h.answers())
        h.state.parsers["MESSAGE_CREATE"](data)  # replayed after a RESUME, the same message id
        fresh = h.say("/help", guild=False)
        await h.settle(lambda: len(h.answers()) >= 2)
        await asyncio.sleep(0.1)
        assert len(h.answers()) == 2, "the replayed message is not answered again; the new one is"
    async with DiscordHarness() as h2:  # a new process on the same store gets the replay
        h2.runner.dedup = StoreDedup(store)
        h2.state.parsers["MESSAGE_CREATE"](data)
        h2.state.parsers["MESSAGE_CREATE"](fresh)
        await h2.settle()
        await asyncio.sleep(0.1)
        assert h2.answers() == []
    store.close()
