"""Past one machine: the store URL, leases, outbox claims, updates in flight and shared pacing on
both dialects (a real PostgreSQL through `db_url`), the multi-replica configuration rules, health
endpoints, platform independence and the polling lease with the fake Bot API."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.adapters import CoreRunner, Delivery, MemoryDedup, StoreDedup
from bot.adapters.config import Config, ConfigError
from bot.adapters.health import StatusServer
from bot.adapters.shared import LeaseKeeper, SharedPacer, StoreWorker
from bot.adapters.telegram import Pace, PacedRateLimiter, TelegramFrontEnd
from bot.cli import main as cli_main
from bot.core.router import Core
from bot.core.settings import MemorySettings
from bot.messages import Reply
from bot.runtime.run import Deliverer, Supervisor, alert_loop, run_all
from bot.store import connect, outbox
from bot.store import leases as lease_store
from bot.store import pace as pace_store
from bot.store.connection import StoreURLError, parse_target
from bot.store.ledger import integrity
from bot.store.updates import claim_update, finish_update
from bot.store.wallets import ensure_wallet
from testkit.fake_telegram import FakeTelegram

T0 = datetime(2026, 12, 1, 9, tzinfo=UTC)
FAST = Pace(overall_per_second=1000.0, private_interval=0.0, group_interval=0.0, max_retries=3)


# ---------------------------------------------------------------- the store URL


def test_the_store_url_picks_the_dialect_and_refuses_what_it_does_not_know() -> None:
    assert parse_target("data/k.db").dialect == "sqlite"
    assert parse_target("sqlite:///data/k.db").where == "data/k.db"
    assert parse_target("sqlite:////srv/k.db").where == "/srv/k.db"
    pg = parse_target("postgresql://kasuan:s3cret@db:5432/kasuan")
    assert pg.dialect == "postgresql" and pg.shown == "postgresql://kasuan:***@db:5432/kasuan"
    assert parse_target("postgres://db/kasuan").where == "postgresql://db/kasuan"
    for bad in ("mysql://db/kasuan", "postgresql:kasuan", "sqlite:", "redis://x"):
        with pytest.raises(StoreURLError):
            parse_target(bad)


def test_a_bad_store_url_is_one_line_and_creates_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KASUAN_DB", "postgresq://kasuan@db/kasuan")  # a typo
    assert cli_main(["db", "check"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "KASUAN_DB" in err and "postgresql://" in err
    made = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*"))
    assert made == ["data", "data/kasuan.log"], "the log file only: no folder named after the URL, no database"
    with pytest.raises(ConfigError, match="KASUAN_DB"):
        Config.from_env({"KASUAN_DB": "mysql://x/y", "TELEGRAM_BOT_TOKEN": "1:x"})


def test_the_database_password_is_a_secret() -> None:
    config = Config.from_env({"KASUAN_DB": "postgresql://kasuan:hunter2-long@db/kasuan"})
    assert "hunter2-long" in config.secrets and config.shared_store


# ---------------------------------------------------------------- multi-replica configuration


def test_more_than_one_replica_needs_a_fixed_webhook_secret() -> None:
    hook = {"KASUAN_WEBHOOK_URL": "https://bot.example.org/tg", "TELEGRAM_BOT_TOKEN": "1:x"}
    with pytest.raises(ConfigError, match="KASUAN_WEBHOOK_SECRET must be set when KASUAN_REPLICAS > 1"):
        Config.from_env({**hook, "KASUAN_REPLICAS": "2"})
    one = Config.from_env(hook)  # one replica: a random secret is fine
    two = Config.from_env({**hook, "KASUAN_REPLICAS": "2", "KASUAN_WEBHOOK_SECRET": "same-on-every-replica"})
    assert one.webhook is not None and len(one.webhook.secret) >= 32
    assert two.webhook is not None and two.webhook.secret == "same-on-every-replica" and two.shared_store
    with pytest.raises(ConfigError, match="KASUAN_REPLICAS"):
        Config.from_env({"KASUAN_REPLICAS": "0"})


def test_discord_shard_ranges() -> None:
    env = {"DISCORD_SHARD_COUNT": "6"}
    assert Config.from_env({**env, "DISCORD_SHARD_IDS": "0-2"}).discord_shard_ids == (0, 1, 2)
    assert Config.from_env({**env, "DISCORD_SHARD_IDS": "3, 5"}).discord_shard_ids == (3, 5)
    for bad in ("6", "a-b", "2-9"):
        with pytest.raises(ConfigError, match="DISCORD_SHARD_IDS"):
            Config.from_env({**env, "DISCORD_SHARD_IDS": bad})
    with pytest.raises(ConfigError, match="needs DISCORD_SHARD_COUNT"):
        Config.from_env({"DISCORD_SHARD_IDS": "0"})


def test_discord_takes_only_its_shards_and_sends_to_unknown_channels_over_rest() -> None:
    from bot.adapters.discord_bot import DiscordFrontEnd

    front = DiscordFrontEnd("x" * 60, CoreRunner(Core(MemorySettings()), threaded=False), shard_count=4,
                            shard_ids=(2, 3), sync=False)
    assert front.bot.shard_ids == [2, 3] and front.bot.shard_count == 4
    channel = front.bot.get_partial_messageable(1234)  # what deliver() uses for a channel not in this cache
    assert channel.id == 1234


# ---------------------------------------------------------------- leases, claims, pacing (both dialects)


def test_a_lease_has_one_holder_until_it_lapses_or_is_given_back(db_url: str) -> None:
    a, b = connect(db_url), connect(db_url)
    ttl = timedelta(seconds=30)
    assert lease_store.acquire(a, "sender:telegram", "A", T0, ttl)
    assert not lease_store.acquire(b, "sender:telegram", "B", T0 + timedelta(seconds=10), ttl)
    assert lease_store.acquire(a, "sender:telegram", "A", T0 + timedelta(seconds=20), ttl)  # renewed to T0+50
    assert not lease_store.acquire(b, "sender:telegram", "B", T0 + timedelta(seconds=45), ttl)
    assert lease_store.acquire(b, "sender:telegram", "B", T0 + timedelta(seconds=50), ttl), "A stopped renewing"
    holder = lease_store.holder_of(a, "sender:telegram", T0 + timedelta(seconds=51))
    assert holder is not None and holder.holder == "B"
    assert not lease_store.release(a, "sender:telegram", "A"), "only the holder gives it back"
    assert lease_store.release(b, "sender:telegram", "B")
    assert lease_store.acquire(a, "sender:telegram", "A", T0 + timedelta(seconds=52), ttl)


def test_racing_processes_get_a_free_lease_once(db_url: str) -> None:
    connect(db_url).close()
    winners: list[str] = []
    barrier = threading.Barrier(6)

    def race(name: str) -> None:
        store = connect(db_url)
        barrier.wait()
        if lease_store.acquire(store, "sweeper", name, T0, timedelta(seconds=30)):
            winners.append(name)
        store.close()

    threads = [threading.Thread(target=race, args=(f"p{i}",)) for i in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert len(winners) == 1


def _queue_alerts(store: Any, n: int) -> None:
    w = ensure_wallet(store, "telegram:user:1", "personal", "telegram:chat:1", T0, "UTC", "en")
    with store.write():
        for i in range(n):
            outbox.enqueue(store, key=f"a{i}", wallet_id=w.id, chat=f"telegram:chat:{i % 7}", kind="alert_expiry",
                           data={"i": i, "days": 1}, due_at=T0, intended_at=T0, not_before=T0, at=T0)


def test_concurrent_senders_claim_disjoint_rows_and_all_of_them(db_url: str) -> None:
    store = connect(db_url)
    _queue_alerts(store, 300)
    claimed: list[list[int]] = []
    barrier = threading.Barrier(4)

    def sender() -> None:
        own = connect(db_url)
        mine: list[int] = []
        barrier.wait()
        while batch := outbox.claim(own, T0, T0 + timedelta(minutes=2), 25, {"telegram"}):
            mine += [item.id for item in batch]
        claimed.append(mine)
        own.close()

    threads = [threading.Thread(target=sender) for _ in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    every = [i for mine in claimed for i in mine]
    assert len(every) == 300 and len(set(every)) == 300, "no row claimed twice, none left behind"
    # a dead sender's claims come back after the lease, to whoever asks next
    again = outbox.claim(store, T0 + timedelta(minutes=3), T0 + timedelta(minutes=5), 1000, {"telegram"})
    assert len(again) == 300 and all(item.attempts == 2 for item in again)
    assert outbox.claim(store, T0 + timedelta(minutes=3), T0 + timedelta(minutes=5), 1000, {"discord"}) == []


def test_an_update_in_flight_is_busy_elsewhere_and_taken_over_when_its_holder_dies(db_url: str) -> None:
    a, b = connect(db_url), connect(db_url)
    assert claim_update(a, "telegram:1:500", "A", T0) == "new"
    assert claim_update(b, "telegram:1:500", "B", T0 + timedelta(seconds=5)) == "busy"
    assert claim_update(b, "telegram:1:500", "B", T0 + timedelta(seconds=31)) == "new", "A died: B takes it"
    finish_update(b, "telegram:1:500")
    assert claim_update(a, "telegram:1:500", "A", T0 + timedelta(seconds=90)) == "done"
    assert claim_update(a, "telegram:1:501", "A", T0) == "new"
    finish_update(a, "telegram:1:501")
    assert claim_update(b, "telegram:1:501", "B", T0 + timedelta(seconds=1)) == "done"


def test_shared_pacing_spaces_slots_across_connections(db_url: str) -> None:
    a, b = connect(db_url), connect(db_url)
    now = 1_000_000.0
    slots = [pace_store.reserve(store, "telegram:all", now, 0.25) for store in (a, b, a, b, a)]
    assert slots == [now, now + 0.25, now + 0.5, now + 0.75, now + 1.0]
    assert pace_store.reserve(b, "telegram:chat:5", now, 1.05) == now  # another bucket: free at once
    assert pace_store.reserve(a, "telegram:all", now + 10, 0.25) == now + 10, "an idle bucket starts now"
    assert pace_store.forget_idle(a, now + 5) == 1  # the chat bucket, idle since now + 1.05
    # an alert takes a slot only when no reply has reserved past now: it never queues ahead of one
    assert pace_store.take_if_free(b, "telegram:all", now + 10.1, 0.25) is False
    assert pace_store.take_if_free(b, "telegram:all", now + 10.3, 0.25) is True
    assert pace_store.reserve(a, "telegram:all", now + 10.3, 0.25) == now + 10.55


def test_db_check_on_postgresql_sees_a_disabled_ledger_guard(pg_server: Any) -> None:
    url = pg_server.new_database()
    store = connect(url)
    assert integrity(store) == []
    store.run("ALTER TABLE ledger DISABLE TRIGGER ledger_no_update")
    assert integrity(store) == ["trigger ledger_no_update is disabled"]
    store.run("DROP TRIGGER ledger_no_delete ON ledger")
    assert "trigger ledger_no_delete is missing" in integrity(store)
    store.close()
    pg_server.drop_database(url)


# ---------------------------------------------------------------- health and metrics


async def _get(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, await response.text()


async def test_health_ready_and_metrics() -> None:
    states = {"telegram": "starting", "discord": "down"}
    store_ok = [True]

    async def ping() -> bool:
        return store_ok[0]

    server = StatusServer(0, ping, lambda: dict(states), host="127.0.0.1")
    await server.start()
    base = f"http://127.0.0.1:{server.bound_port}"
    try:
        assert await _get(f"{base}/healthz") == (200, "ok\n")
        status, body = await _get(f"{base}/readyz")
        assert status == 503 and '"discord": "down"' in body
        states["telegram"] = "connected"  # one platform up is enough to take traffic
        assert (await _get(f"{base}/readyz"))[0] == 200
        store_ok[0] = False
        status, body = await _get(f"{base}/readyz")
        assert status == 503 and '"store": "unreachable"' in body
        runner = CoreRunner(Core(MemorySettings()), threaded=False)
        from bot.messages import Incoming

        await runner.handle(Incoming(text="/help", user_id="1", chat_id="1", platform="telegram"))
        status, text = await _get(f"{base}/metrics")
        assert status == 200
        handled = [line for line in text.splitlines() if line.startswith('kasuan_messages_handled_total{platform="telegram"}')]
        assert handled and float(handled[0].split()[-1]) >= 1
        for name in ("kasuan_reply_seconds_bucket", "kasuan_outbox_depth", "kasuan_oldest_due_alert_age_seconds",
                     'kasuan_front_end_up{platform="discord"} 0.0'):
            assert name in text
    finally:
        await server.stop()


# ---------------------------------------------------------------- platform independence


class FlakyFront:
    """A front end whose connection dies (like Discord during an outage) and comes back on restart."""

    platform = "discord"

    def __init__(self, fail_starts: int, fatal: bool = False) -> None:
        self.fail_starts = fail_starts
        self.is_fatal = fatal
        self.starts = 0
        self.task: asyncio.Task[None] | None = None
        self.stopped = False

    async def start(self) -> None:
        self.starts += 1

        async def gateway() -> None:
            if self.starts <= self.fail_starts:
                raise ConnectionError("gateway unreachable")
            await asyncio.Event().wait()

        self.task = asyncio.create_task(gateway())

    async def restart(self) -> None:
        await self.start()

    def fatal(self, exc: BaseException) -> bool:
        return self.is_fatal

    async def stop(self) -> None:
        self.stopped = True
        if self.task is not None:
            self.task.cancel()

    async def deliver(self, scope: str, reply: Reply) -> Delivery:
        return Delivery("ok")


async def test_telegram_keeps_answering_while_the_other_platform_reconnects(tmp_path: Path) -> None:
    server = FakeTelegram()
    await server.start()
    runner = CoreRunner(Core(MemorySettings()), MemoryDedup())
    telegram = TelegramFrontEnd(server.token, runner, base_url=server.url, rate_limiter=PacedRateLimiter(FAST),
                                poll_timeout=0.3)
    flaky = FlakyFront(fail_starts=3)
    stop = asyncio.Event()

    async def no_alerts(store: Any, clock: Any, deliver: Any) -> None:
        return None

    task = asyncio.create_task(run_all(Config(db_path=str(tmp_path / "k.db")), fronts=[telegram, flaky],
                                       runner=runner, send_due=no_alerts, stop=stop, handle_signals=False,
                                       backoff=(0.05, 0.2)))
    try:
        await server.wait_for(lambda: server.sent("getUpdates", ok=False), timeout=10)
        server.say(31, "/help")
        await server.wait_for(lambda: server.sent(chat_id=31), timeout=10)  # answered while discord is down
        await asyncio.wait_for(_until(lambda: flaky.starts >= 4), 10)  # retried with backoff, now connected
        assert not task.done()
        server.say(31, "/help")
        await server.wait_for(lambda: len(server.sent(chat_id=31)) >= 2, timeout=10)
        stop.set()
        assert await asyncio.wait_for(task, 10) == 0
        assert flaky.stopped
    finally:
        if not task.done():
            task.cancel()
        await server.stop()


async def _until(predicate: Any) -> None:
    while not predicate():
        await asyncio.sleep(0.02)


async def test_the_process_exits_only_when_every_front_end_failed_for_good() -> None:
    stop = asyncio.Event()
    broken, lasting = FlakyFront(fail_starts=99, fatal=True), FlakyFront(fail_starts=0)
    supervisor = Supervisor([broken, lasting], stop, backoff=(0.01, 0.02))
    await supervisor.start_all()
    waiting = asyncio.create_task(supervisor.wait())
    await asyncio.wait_for(_until(lambda: supervisor.states()["discord"] in ("failed", "connected")), 5)
    await asyncio.sleep(0.1)
    assert not waiting.done(), "one front end is still up"
    assert lasting.task is not None
    lasting.is_fatal = True
    lasting.task.cancel()  # its connection ends with an error nothing can fix
    assert await asyncio.wait_for(waiting, 5) == 1
    assert len(supervisor.failures) == 2
    await supervisor.close()


# ---------------------------------------------------------------- one poller, one sender


async def test_a_second_poller_waits_for_the_lease_and_takes_over(tmp_path: Path) -> None:
    db = str(tmp_path / "k.db")
    connect(db).close()
    server = FakeTelegram()
    await server.start()
    fronts, workers = [], []
    for name in ("A", "B"):
        worker = StoreWorker(lambda: connect(db), f"lease-{name}")
        workers.append(worker)
        runner = CoreRunner(Core(MemorySettings()), StoreDedup(connect(db), name))
        fronts.append(TelegramFrontEnd(server.token, runner, base_url=server.url, rate_limiter=PacedRateLimiter(FAST),
                                       poll_timeout=0.2, leases=LeaseKeeper(worker, name, ttl=3.0)))
    a, b = fronts
    try:
        await a.start()
        await asyncio.wait_for(_until(lambda: a.state == "connected"), 5)
        await b.start()
        await asyncio.sleep(0.5)
        assert (a.state, b.state) == ("connected", "standby") and b.ready
        server.say(41, "/help")
        await server.wait_for(lambda: server.sent(chat_id=41), timeout=10)
        await a.stop()  # gives the lease back on the way out
        await asyncio.wait_for(_until(lambda: b.state == "connected"), 5)
        server.say(41, "/help")
        await server.wait_for(lambda: len(server.sent(chat_id=41)) == 2, timeout=10)
        assert len(server.sent(chat_id=41)) == 2
    finally:
        for front in fronts:
            with_suppressed = front.stop()
            with contextlib.suppress(Exception):
                await with_suppressed
        for worker in workers:
            worker.close()
        await server.stop()


async def test_two_alert_loops_one_sender_each_alert_once(db_url: str) -> None:
    from bot.clock import FixedClock
    from bot.wallet import send_due

    store = connect(db_url)
    _queue_alerts(store, 40)
    delivered: list[tuple[str, str]] = []

    class Front:
        platform = "telegram"
        ready = True

        def __init__(self, name: str) -> None:
            self.name = name

        async def start(self) -> None: ...

        async def stop(self) -> None: ...

        async def deliver(self, scope: str, reply: Reply) -> Delivery:
            delivered.append((self.name, scope))
            return Delivery("ok")

    stop = asyncio.Event()
    loops, workers = [], []
    for name in ("A", "B"):
        worker = StoreWorker(lambda: connect(db_url), f"sender-{name}")
        workers.append(worker)
        leases = LeaseKeeper(worker, name, ttl=30)
        loops.append(asyncio.create_task(alert_loop(None, send_due, connect(db_url), FixedClock(T0 + timedelta(hours=1)),
                                                    Deliverer([Front(name)]), 0.05, stop, leases, True)))
    await asyncio.wait_for(_until(lambda: len(delivered) >= 40), 10)
    await asyncio.sleep(0.2)
    stop.set()
    await asyncio.gather(*loops)
    for worker in workers:
        worker.close()
    assert len(delivered) == 40 and len({who for who, _ in delivered}) == 1, "one sender, each alert once"
    assert len(outbox.items(store, status="sent")) == 40


async def test_shared_pacer_holds_the_rate_for_two_processes(tmp_path: Path) -> None:
    db = str(tmp_path / "k.db")
    connect(db).close()
    workers = [StoreWorker(lambda: connect(db), f"pace-{i}") for i in range(2)]
    pacers = [SharedPacer(w) for w in workers]
    sent: list[tuple[float, float]] = []

    async def send(pacer: SharedPacer) -> None:
        slot = await pacer.wait("telegram:all", 0.05)
        sent.append((slot, time.time()))

    await asyncio.gather(*(send(pacers[i % 2]) for i in range(20)))
    for w in workers:
        w.close()
    slots = sorted(slot for slot, _ in sent)
    # the two processes' slots interleave one interval apart (each pacing itself would hand out the
    # same instants twice), and no send goes before its slot; how late a busy host wakes it is not
    # the pacer's to decide, so wall-clock gaps between sends are not asserted
    assert len(slots) == 20 and min(b - a for a, b in itertools.pairwise(slots)) >= 0.05 - 1e-6
    assert slots[-1] - slots[0] >= 19 * 0.05 - 1e-6
    assert all(at >= slot - 0.002 for slot, at in sent), "a send went before its slot"


async def test_two_webhook_replicas_answer_an_update_once_and_say_busy_meanwhile(tmp_path: Path) -> None:
    from bot.adapters.config import WebhookConfig

    db = str(tmp_path / "k.db")
    connect(db).close()
    server = FakeTelegram()
    await server.start()
    hook = WebhookConfig(url="https://bot.example.org/tg", secret="same-secret", listen="127.0.0.1", port=0)
    fronts = []
    for name in ("A", "B"):
        core = Core(MemorySettings())
        original = core.handle

        def slowly(inc: Any, original: Any = original) -> Reply | None:
            time.sleep(0.6)  # long enough for the redelivery to arrive while it is answered
            return original(inc)

        core.handle = slowly  # type: ignore[method-assign]
        runner = CoreRunner(core, StoreDedup(connect(db), name))
        fronts.append(TelegramFrontEnd(server.token, runner, base_url=server.url, webhook=hook,
                                       rate_limiter=PacedRateLimiter(FAST)))
    try:
        for front in fronts:
            await front.start()
        update = {"update_id": 777, "message": server.message(51, "/help")}
        headers = {"X-Telegram-Bot-Api-Secret-Token": "same-secret"}
        async with aiohttp.ClientSession() as http:

            async def post(front: TelegramFrontEnd, delay: float) -> int:
                await asyncio.sleep(delay)
                async with http.post(f"http://127.0.0.1:{front.webhook_port}/tg", json=update,
                                     headers=headers) as r:
                    return r.status

            first, second = await asyncio.gather(post(fronts[0], 0), post(fronts[1], 0.2))
            assert (first, second) == (200, 503), "B must not answer what A is answering"
            assert len(server.sent(chat_id=51)) == 1, "A answered before its 200"
            assert await post(fronts[1], 0) == 200  # Telegram's retry: answered already, dropped
            assert await post(fronts[0], 0) == 200
        assert len(server.sent(chat_id=51)) == 1
    finally:
        for front in fronts:
            await front.stop()
            front.runner.close()
        await server.stop()
