"""`kasuan run`: every configured front end and the alert sender, in one asyncio loop.

With TELEGRAM_BOT_TOKEN and/or DISCORD_BOT_TOKEN set, each of those front ends starts on the
shared core; the alert sender delivers the wallet's outbox through them every
KASUAN_ALERT_INTERVAL seconds. With no token, the console chat starts instead (as `make run` did).

Why one loop: both front ends and the sender are network-bound; one loop with one core worker
thread (bot.adapters.CoreRunner) keeps every SQLite write from chat handling on one thread and
needs no locks. The sender has its own connection on the loop thread (SQLite's WAL lets them
work side by side).

Several processes may run at once on one store (KASUAN_REPLICAS, a postgresql:// KASUAN_DB): then
the sweeper and each platform's sender run under leases (one process at a time), Telegram polls
under a lease and paces its sends through the store, and each front end is supervised on its own
(`Supervisor`): one platform failing never stops the other. /healthz, /readyz and /metrics are on
KASUAN_STATUS_PORT (bot.adapters.health). Polling, Telegram keeps what it fetched in the store's inbox until
it is answered (bot.adapters.inbox), on a connection of its own, whatever the number of processes.

Shutdown on SIGINT/SIGTERM is in this order, each step waiting for the one before:
1. the alert sender finishes the delivery round it is in and starts no other (a claimed outbox
   row is always marked sent, released or given up before we go), and gives its leases back;
2. each front end stops taking updates and finishes the ones it has (Telegram: the queue and the
   handlers in flight; Discord: events in flight, up to 15 s);
3. the core's worker thread finishes, then the database connections close.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import signal
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime, timedelta
from typing import Any, Protocol

from bot.adapters import CoreRunner, Delivery, StoreDedup, split_scope
from bot.adapters.config import Config, ConfigError, load_env_file, redact, setup_logging
from bot.adapters.health import LEASES, OLDEST_DUE, OUTBOX_DEPTH, StatusServer, count_send
from bot.adapters.inbox import Inbox
from bot.adapters.shared import LeaseKeeper, SharedPacer, StoreWorker
from bot.clock import Clock, SystemClock
from bot.core.app import build_core
from bot.core.router import Core
from bot.messages import Reply
from bot.runtime.settle import settle_long_running
from bot.store import Store, connect
from bot.store import migrate_chat as store_migrate_chat
from bot.store.connection import StoreURLError
from bot.store.leases import process_id
from bot.store.outbox import backlog as outbox_backlog
from bot.store.price_lists import price_loop, refresh_interval
from bot.store.price_lists import sources as price_sources
from bot.wallet import send_due as wallet_send_due
from bot.wallet import sweep as wallet_sweep
from bot.wallet.watch import check_watches

log = logging.getLogger("kasuan.run")
SendDue = Callable[[Any, Clock, Callable[[str, Reply], Awaitable[Delivery]]], Awaitable[Any]]
Sweep = Callable[[Any, datetime], Any]
PRUNE_EVERY = timedelta(hours=6)
# One delivery round of the process's sender: up to ALERT_BATCH alerts, ALERT_CONCURRENCY chats at a
# time. Each chat gets one message per 1.05 s, so filling Telegram's 27/s takes about 30 chats in
# flight; 8 (the sender's own default) capped a backlog at about 8/s.
ALERT_BATCH = 500
ALERT_CONCURRENCY = 48
KEEP_UPDATE_KEYS = timedelta(days=3)  # Telegram redelivers for at most a day


class FrontEnd(Protocol):
    """What run_all needs from a front end."""

    platform: str

    async def start(self) -> None: ...

    async def stop(self) -> None: ...

    async def deliver(self, scope: str, reply: Reply) -> Delivery: ...


class Deliverer:
    """The sender's `deliver`: routes an alert to the front end of its chat's platform."""

    def __init__(self, fronts: Sequence[FrontEnd], up: Callable[[], set[str]] | None = None) -> None:
        self.fronts = {f.platform: f for f in fronts}
        self._up = up

    @property
    def platforms(self) -> set[str]:
        """The platforms this process can deliver to now (the sender claims only their alerts):
        a front end that is down or reconnecting leaves its alerts queued for a process that can."""
        return set(self.fronts) if self._up is None else self._up() & set(self.fronts)

    async def __call__(self, scope: str, reply: Reply) -> Delivery:
        try:
            platform, _, _ = split_scope(scope)
        except ValueError:
            return Delivery("blocked", detail=f"not a chat: {scope}")
        front = self.fronts.get(platform)
        if front is None or platform not in self.platforms:
            return Delivery("retry_after", retry_after=60, detail=f"the {platform} front end is not running here")
        result = await front.deliver(scope, reply)
        count_send(platform, "alert", str(getattr(result, "status", "failed")))
        return result


def open_store(config: Config) -> Store:
    """A connection to KASUAN_DB, migrated to the current schema."""
    return connect(config.db_path) if config.db_path else connect()


def make_core(store: Store, clock: Clock) -> Core:
    """The chat core every front end shares (see bot.core.app)."""
    return build_core(store, clock)


def migrate_chat(store: Store, old: str, new: str) -> None:
    """A Telegram group became a supergroup: its wallet, alerts, settings and pending actions follow."""
    store_migrate_chat(store, old, new)
    log.info("chat %s moved to %s (wallet, alerts and settings follow)", old, new)


def build_front_ends(config: Config, runner: CoreRunner, store: Any | None, *, leases: LeaseKeeper | None = None,
                     pacer: SharedPacer | None = None, inbox: Inbox | None = None) -> list[FrontEnd]:
    """One front end per token that is set. With a shared store (`leases`, `pacer`), Telegram polls
    only under its lease and paces sends through the store. Polling with a store, Telegram keeps
    what it fetched in the store's inbox until it is answered (`inbox`)."""
    fronts: list[FrontEnd] = []
    if config.telegram_token:
        from bot.adapters.telegram import PacedRateLimiter, TelegramFrontEnd

        async def on_migrate(old: str, new: str) -> None:
            if store is not None:
                await runner.call(migrate_chat, store, old, new)

        fronts.append(TelegramFrontEnd(config.telegram_token, runner, base_url=config.telegram_api_base_url,
                                       webhook=config.webhook, on_migrate=on_migrate,
                                       rate_limiter=PacedRateLimiter(shared=pacer),
                                       leases=leases if config.webhook is None else None,
                                       inbox=inbox if config.webhook is None and store is not None else None))
    if config.discord_token:
        from bot.adapters.discord_bot import DiscordFrontEnd

        fronts.append(DiscordFrontEnd(config.discord_token, runner, guild_id=config.discord_guild_id,
                                      shard_count=config.discord_shard_count, shard_ids=config.discord_shard_ids,
                                      message_content=config.discord_message_content))
    return fronts


class Supervisor:
    """Starts every front end and keeps them going independently of each other.

    A front end whose start fails, or whose background task ends, is started again after a backoff
    (5 s doubling to 5 min), unless the error is one another attempt cannot fix (`front.fatal(exc)`:
    a wrong token) or the front end cannot be restarted (no `restart`). Telegram keeps answering
    while Discord reconnects, and the reverse; `wait()` returns only when asked to stop (0) or when
    every front end has failed for good (1).
    """

    BACKOFF = (5.0, 300.0)

    def __init__(self, fronts: Sequence[FrontEnd], stop: asyncio.Event, backoff: tuple[float, float] = BACKOFF) -> None:
        self.fronts = list(fronts)
        self.stop = stop
        self.backoff = backoff
        self.state: dict[int, str] = {id(f): "starting" for f in self.fronts}
        self.started: list[FrontEnd] = []
        self._keepers: list[asyncio.Task[None]] = []
        self._changed = asyncio.Event()
        self.failures: list[str] = []  # one line per front end that failed for good (printed on exit)

    def states(self) -> dict[str, str]:
        """platform -> connected | standby | starting | down | failed (for /readyz)."""
        out: dict[str, str] = {}
        for f in self.fronts:
            state = self.state[id(f)]
            if state == "running":
                inner = getattr(f, "state", None)
                ready = getattr(f, "ready", True)
                state = inner if inner in ("standby", "connected") else ("connected" if ready else "down")
            out[f.platform] = state
        return out

    def up(self) -> set[str]:
        return {p for p, s in self.states().items() if s == "connected"}

    def _fatal(self, front: FrontEnd, exc: BaseException) -> bool:
        check = getattr(front, "fatal", None)
        if check is not None and check(exc):
            return True
        try:
            from telegram.error import InvalidToken
        except ImportError:  # pragma: no cover
            return False
        return isinstance(exc, InvalidToken)

    async def start_all(self) -> None:
        for front in self.fronts:
            self._keepers.append(asyncio.create_task(self._keep(front), name=f"keep-{front.platform}"))
        # give each front end its first attempt before the alert sender looks at who is up
        await asyncio.sleep(0)

    async def _keep(self, front: FrontEnd) -> None:
        delay = self.backoff[0]
        first = True
        while not self.stop.is_set():
            try:
                if first:
                    await front.start()
                    self.started.append(front)
                else:
                    await front.restart()  # type: ignore[attr-defined]
                self.state[id(front)] = "running"
                task = getattr(front, "task", None)
                if not isinstance(task, asyncio.Task):
                    return  # nothing to watch: it runs until stop()
                await asyncio.wait({task})
                if self.stop.is_set():
                    return
                exc: BaseException | None = None if task.cancelled() else task.exception()
                if exc is None:
                    exc = RuntimeError("ended")
                raise exc
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                first = first and front not in self.started
                if self._fatal(front, exc) or (not first and not hasattr(front, "restart")):
                    log.error("the %s front end stopped for good: %s", front.platform, redact(repr(exc)))
                    self.failures.append(redact(f"the {front.platform} front end stopped for good:"
                                                f" {type(exc).__name__}: {exc}"))
                    self.state[id(front)] = "failed"
                    self._changed.set()
                    return
                log.warning("the %s front end is down (%s); trying again in %.0f s", front.platform,
                            redact(repr(exc)), delay)
                self.state[id(front)] = "down"
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.stop.wait(), delay)
                delay = min(delay * 2, self.backoff[1])

    async def wait(self) -> int:
        """Until stopped (0), or every front end has failed for good (1)."""
        stopping = asyncio.ensure_future(self.stop.wait())
        try:
            while True:
                if self.stop.is_set():
                    return 0
                if self.fronts and all(self.state[id(f)] == "failed" for f in self.fronts):
                    return 1
                self._changed.clear()
                changed = asyncio.ensure_future(self._changed.wait())
                await asyncio.wait({stopping, changed}, return_when=asyncio.FIRST_COMPLETED)
                changed.cancel()
        finally:
            stopping.cancel()

    async def close(self) -> None:
        for keeper in self._keepers:
            keeper.cancel()
        for keeper in self._keepers:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await keeper


async def alert_loop(sweep: Sweep | None, send_due: SendDue, store: Any, clock: Clock, deliver: Deliverer,
                     interval: float, stop: asyncio.Event, leases: LeaseKeeper | None = None,
                     pass_platforms: bool = False) -> None:
    """Every `interval` seconds until `stop`: queue what fell due (sweep), then deliver the outbox.

    A round in progress always finishes, so no outbox row is left claimed by a shutdown. The sweep
    is store work: it runs on a thread (one at a time, the only user of this connection then) so
    the chats are not held up by it. With `leases` (several processes on one store) only the holder
    of "sweeper" sweeps, and only the holder of "sender:<platform>" sends that platform's alerts:
    one sender per platform at a time, taken over by another process within a lease length when
    the holder stops or dies. Leases are released on the way out.
    """
    last_prune = None
    try:
        while not stop.is_set():
            try:
                sweeping = sweep is not None and (leases is None or await leases.acquire("sweeper"))
                if sweeping and sweep is not None:
                    await asyncio.to_thread(sweep, store, clock.now())
                platforms = deliver.platforms
                if leases is not None:
                    for name in [n for n in leases.held if n.startswith("sender:") and n[7:] not in platforms]:
                        await leases.release(name)  # that front end is down here: let another process send
                    platforms = {p for p in platforms if await leases.acquire(f"sender:{p}")}
                    for name in ("sweeper", *(f"sender:{p}" for p in deliver.fronts)):
                        LEASES.labels(name).set(1 if name in leases.held else 0)
                renewing = None
                if leases is not None and (platforms or sweeping):  # a long round must not lose its leases
                    renewing = asyncio.create_task(_renew(leases, [n for n in leases.held]))
                try:
                    if pass_platforms:
                        report = await send_due(store, clock, deliver, platforms=platforms,  # type: ignore[call-arg]
                                                limit=ALERT_BATCH, concurrency=ALERT_CONCURRENCY)
                    else:
                        report = await send_due(store, clock, deliver)
                finally:
                    if renewing is not None:
                        renewing.cancel()
                        with contextlib.suppress(asyncio.CancelledError):
                            await renewing
                if any(getattr(report, "__dict__", {}).values()):
                    log.info("alerts: %s", report)
                await asyncio.to_thread(_record_backlog, store, clock.now())
            except Exception:
                log.exception("alert round failed; trying again in %s s", interval)
            now = clock.now()
            if last_prune is None or now - last_prune > PRUNE_EVERY:
                with contextlib.suppress(Exception):
                    from bot.store import prune_updates
                    from bot.store.pace import forget_idle

                    prune_updates(store, now - KEEP_UPDATE_KEYS)
                    forget_idle(store, time.time() - 3600)
                last_prune = now
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), interval)
    finally:
        if leases is not None:
            for name in list(leases.held):
                await leases.release(name)


async def _renew(leases: LeaseKeeper, names: list[str]) -> None:
    """Keep renewing `names` while a delivery round runs: a round that waits on the rate limit can
    outlast a lease, and a lapsed sender lease would let a second process send alongside."""
    while True:
        await asyncio.sleep(leases.ttl / 3)
        for name in names:
            await leases.acquire(name)


def _record_backlog(store: Any, now: datetime) -> None:
    """The outbox gauges for /metrics."""
    if not isinstance(store, Store):
        return
    depth, oldest = outbox_backlog(store, now)
    OUTBOX_DEPTH.set(depth)
    OLDEST_DUE.set(0 if oldest is None else max((now - oldest).total_seconds(), 0))


async def run_all(
    config: Config,
    *,
    stop: asyncio.Event | None = None,
    fronts: Sequence[FrontEnd] | None = None,
    runner: CoreRunner | None = None,
    send_due: SendDue | None = None,
    sweep: Sweep | None = None,
    clock: Clock | None = None,
    handle_signals: bool = True,
    backoff: tuple[float, float] = Supervisor.BACKOFF,
) -> int:
    """Run until SIGINT/SIGTERM (or `stop` is set, or every front end has failed for good). Returns
    the exit code.

    Tests pass their own front ends, runner, sweeper, sender and clock; `kasuan run` passes only the config.
    """
    stop = stop or asyncio.Event()
    clock = clock or SystemClock()
    loop = asyncio.get_running_loop()
    holder = process_id()
    core_store: Store | None = None
    if runner is None:
        core_store = open_store(config)
        runner = CoreRunner(make_core(core_store, clock), StoreDedup(core_store, holder, clock))
    shared = StoreWorker(functools.partial(open_store, config), "shared")
    leases = LeaseKeeper(shared, holder, max(config.lease_seconds, 3 * config.alert_interval), clock) \
        if config.shared_store else None
    pacer = SharedPacer(shared) if config.shared_store else None
    # one process on its own store (KASUAN_REPLICAS=1, SQLite): an earlier run's inbox claims are taken at once
    inbox_worker = StoreWorker(functools.partial(open_store, config), "inbox")
    alive_worker = StoreWorker(functools.partial(open_store, config), "alive")
    inbox = Inbox(inbox_worker, holder, ttl=config.lease_seconds, exclusive=not config.shared_store,
                  alive_worker=alive_worker)
    fronts = list(fronts) if fronts is not None else build_front_ends(config, runner, core_store, leases=leases,
                                                                       pacer=pacer, inbox=inbox)
    pass_platforms = send_due is None or send_due is wallet_send_due
    if send_due is None:
        sweep, send_due = wallet_sweep, wallet_send_due
    alert_store = open_store(config)
    handle_signals = handle_signals and threading.current_thread() is threading.main_thread()
    if handle_signals:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
    supervisor = Supervisor(fronts, stop, backoff)
    status: StatusServer | None = None
    alerts: asyncio.Task[None] | None = None
    price_task: asyncio.Task[None] | None = None
    extra_stores: list[Store] = []
    code = 0
    try:
        if config.status_port is not None:
            status = StatusServer(config.status_port, functools.partial(shared.call, _ping), supervisor.states)
            await status.start()
        await supervisor.start_all()
        if send_due is not None:
            deliverer = Deliverer(fronts, supervisor.up)
            alerts = asyncio.create_task(
                alert_loop(sweep, send_due, alert_store, clock, deliverer, config.alert_interval, stop, leases,
                           pass_platforms), name="alerts")
        price_pairs = price_sources()
        if price_pairs:  # KASUAN_PRICE_URLS: refresh those lists, then check the price watches
            price_store = open_store(config)
            extra_stores.append(price_store)
            price_task = asyncio.create_task(price_loop(
                price_pairs, clock, refresh_interval(), stop, functools.partial(check_watches, price_store)),
                name="prices")
        code = await supervisor.wait()
        for line in supervisor.failures if code else ():
            print(f"kasuan run: {line}", file=sys.stderr)
    finally:
        stop.set()
        if alerts is not None:
            await alerts
        if price_task is not None:
            await price_task
        await supervisor.close()
        for front in reversed(supervisor.started):
            try:
                await front.stop()
            except Exception:
                log.exception("stopping the %s front end failed", front.platform)
                code = code or 1
        if status is not None:
            await status.stop()
        runner.close()
        shared.close()
        inbox_worker.close()
        alive_worker.close()
        for store in (core_store, alert_store, *extra_stores):
            if store is not None:
                store.close()
        if handle_signals:
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.remove_signal_handler(sig)
    log.info("stopped")
    return code


def _ping(store: Store) -> bool:
    return store.ping()


def main_run() -> int:
    """`kasuan run`: configure from the environment (and .env), then run; the console when no token is set."""
    try:
        load_env_file()
        config = Config.from_env()
    except ConfigError as exc:
        print(f"kasuan run: {exc}", file=sys.stderr)
        return 2
    if not config.any_front_end:
        from bot.runtime.console import chat

        return chat()
    setup_logging(config)
    settle_long_running()  # before the first update: its reply does not pay for the loading
    try:
        return asyncio.run(run_all(config))
    except KeyboardInterrupt:
        return 130
    except StoreURLError as exc:  # KASUAN_DB cannot be used: the one line naming it
        print(redact(f"kasuan run: {exc}", config.secrets), file=sys.stderr)
        return 2
    except Exception as exc:
        log.error("kasuan run failed", exc_info=exc)
        print(redact(f"kasuan run: {type(exc).__name__}: {exc}", config.secrets), file=sys.stderr)
        return 1
