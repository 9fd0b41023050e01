"""`kasuan run`: every configured front end and the alert sender, in one asyncio loop.

With TELEGRAM_BOT_TOKEN and/or DISCORD_BOT_TOKEN set, each of those front ends starts on the
shared core; the alert sender delivers the wallet's outbox through them every
KASUAN_ALERT_INTERVAL seconds. With no token, the console chat starts instead (as `make run` did).

Why one loop: both front ends and the sender are network-bound; one loop with one core worker
thread (bot.adapters.CoreRunner) keeps every SQLite write from chat handling on one thread and
needs no locks. The sender has its own connection on the loop thread (SQLite's WAL lets them
work side by side).

Shutdown on SIGINT/SIGTERM is in this order, each step waiting for the one before:
1. the alert sender finishes the delivery round it is in and starts no other (a claimed outbox
   row is always marked sent, released or given up before we go);
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
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime, timedelta
from typing import Any, Protocol

from bot.adapters import CoreRunner, Delivery, StoreDedup, split_scope
from bot.adapters.config import Config, ConfigError, load_env_file, redact, setup_logging
from bot.clock import Clock, SystemClock
from bot.core.app import build_core
from bot.core.router import Core
from bot.messages import Reply
from bot.store import Store, connect
from bot.store import migrate_chat as store_migrate_chat
from bot.wallet import send_due as wallet_send_due
from bot.wallet import sweep as wallet_sweep

log = logging.getLogger("kasuan.run")
SendDue = Callable[[Any, Clock, Callable[[str, Reply], Awaitable[Delivery]]], Awaitable[Any]]
Sweep = Callable[[Any, datetime], Any]
PRUNE_EVERY = timedelta(hours=6)
KEEP_UPDATE_KEYS = timedelta(days=3)  # Telegram redelivers for at most a day


class FrontEnd(Protocol):
    """What run_all needs from a front end."""

    platform: str

    async def start(self) -> None: ...

    async def stop(self) -> None: ...

    async def deliver(self, scope: str, reply: Reply) -> Delivery: ...


class Deliverer:
    """The sender's `deliver`: routes an alert to the front end of its chat's platform."""

    def __init__(self, fronts: Sequence[FrontEnd]) -> None:
        self.fronts = {f.platform: f for f in fronts}

    @property
    def platforms(self) -> set[str]:
        """The platforms this process can deliver to (the sender claims only their alerts)."""
        return set(self.fronts)

    async def __call__(self, scope: str, reply: Reply) -> Delivery:
        try:
            platform, _, _ = split_scope(scope)
        except ValueError:
            return Delivery("blocked", detail=f"not a chat: {scope}")
        front = self.fronts.get(platform)
        if front is None:
            return Delivery("retry_after", retry_after=3600, detail=f"the {platform} front end is not running")
        return await front.deliver(scope, reply)


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


def build_front_ends(config: Config, runner: CoreRunner, store: Any | None) -> list[FrontEnd]:
    """One front end per token that is set."""
    fronts: list[FrontEnd] = []
    if config.telegram_token:
        from bot.adapters.telegram import TelegramFrontEnd

        async def on_migrate(old: str, new: str) -> None:
            if store is not None:
                await runner.call(migrate_chat, store, old, new)

        fronts.append(TelegramFrontEnd(config.telegram_token, runner, base_url=config.telegram_api_base_url,
                                       webhook=config.webhook, on_migrate=on_migrate))
    if config.discord_token:
        from bot.adapters.discord_bot import DiscordFrontEnd

        fronts.append(DiscordFrontEnd(config.discord_token, runner, guild_id=config.discord_guild_id,
                                      shard_count=config.discord_shard_count,
                                      message_content=config.discord_message_content))
    return fronts


async def alert_loop(sweep: Sweep | None, send_due: SendDue, store: Any, clock: Clock, deliver: Deliverer,
                     interval: float, stop: asyncio.Event) -> None:
    """Every `interval` seconds until `stop`: queue what fell due (sweep), then deliver the outbox.

    A round in progress always finishes, so no outbox row is left claimed by a shutdown. The sweep
    is SQLite work: it runs on a thread (one at a time, the only user of this connection then) so
    the chats are not held up by it.
    """
    last_prune = None
    while not stop.is_set():
        try:
            if sweep is not None:
                await asyncio.to_thread(sweep, store, clock.now())
            report = await send_due(store, clock, deliver)
            if any(getattr(report, "__dict__", {}).values()):
                log.info("alerts: %s", report)
        except Exception:
            log.exception("alert round failed; trying again in %s s", interval)
        now = clock.now()
        if last_prune is None or now - last_prune > PRUNE_EVERY:
            with contextlib.suppress(Exception):
                from bot.store import prune_updates

                prune_updates(store, now - KEEP_UPDATE_KEYS)
            last_prune = now
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), interval)


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
) -> int:
    """Run until SIGINT/SIGTERM (or `stop` is set, or a front end dies). Returns the exit code.

    Tests pass their own front ends, runner, sweeper, sender and clock; `kasuan run` passes only the config.
    """
    stop = stop or asyncio.Event()
    clock = clock or SystemClock()
    loop = asyncio.get_running_loop()
    core_store: Store | None = None
    if runner is None:
        core_store = open_store(config)
        runner = CoreRunner(make_core(core_store, clock), StoreDedup(core_store))
    fronts = list(fronts) if fronts is not None else build_front_ends(config, runner, core_store)
    if send_due is None:
        sweep, send_due = wallet_sweep, wallet_send_due
    alert_store = open_store(config)
    handle_signals = handle_signals and threading.current_thread() is threading.main_thread()
    if handle_signals:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
    started: list[FrontEnd] = []
    alerts: asyncio.Task[None] | None = None
    code = 0
    try:
        for front in fronts:
            await front.start()
            started.append(front)
        if send_due is not None:
            deliverer = Deliverer(started)
            if send_due is wallet_send_due:  # claim only what a running front end can deliver
                send_due = functools.partial(wallet_send_due, platforms=deliverer.platforms)
            alerts = asyncio.create_task(
                alert_loop(sweep, send_due, alert_store, clock, deliverer, config.alert_interval, stop),
                name="alerts")
        code = await _until_stopped(stop, started)
    finally:
        stop.set()
        if alerts is not None:
            await alerts
        for front in reversed(started):
            try:
                await front.stop()
            except Exception:
                log.exception("stopping the %s front end failed", front.platform)
                code = code or 1
        runner.close()
        for store in (core_store, alert_store):
            if store is not None:
                store.close()
        if handle_signals:
            for sig in (signal.SIGINT, signal.SIGTERM):
                loop.remove_signal_handler(sig)
    log.info("stopped")
    return code


async def _until_stopped(stop: asyncio.Event, fronts: Sequence[FrontEnd]) -> int:
    """Wait for the stop signal, or for a front end's background task to end (a lost login: exit 1)."""
    watched = {t: f for f in fronts if isinstance(t := getattr(f, "task", None), asyncio.Task)}
    stopping = asyncio.ensure_future(stop.wait())
    try:
        done, _ = await asyncio.wait({stopping, *watched}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopping.cancel()
    for task in done:
        if task in watched:
            exc = None if task.cancelled() else task.exception()
            log.error("the %s front end stopped: %s", watched[task].platform, redact(repr(exc)) if exc else "ended")
            return 1
    return 0


def main_run() -> int:
    """`kasuan run`: configure from the environment (and .env), then run; the console when no token is set."""
    load_env_file()
    try:
        config = Config.from_env()
    except ConfigError as exc:
        print(f"kasuan run: {exc}", file=sys.stderr)
        return 2
    if not config.any_front_end:
        from bot.console import chat

        return chat()
    setup_logging(config)
    try:
        return asyncio.run(run_all(config))
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        log.error("kasuan run failed", exc_info=exc)
        print(redact(f"kasuan run: {type(exc).__name__}: {exc}", config.secrets), file=sys.stderr)
        return 1
