"""What several `kasuan run` processes sharing one store coordinate through it, seen from the loop.

- `StoreWorker`: one thread with its own store connection, so the event loop never waits on the
  database and the calls of one helper never interleave on a connection.
- `LeaseKeeper`: take, renew and give back leases (bot.store.leases) for jobs only one process may
  do at a time: a platform's alert sender, the sweeper, the Telegram poller.
- `SharedPacer`: reserve send slots in the store (bot.store.pace), so a platform's rate ceilings
  hold for all processes sending with one token together.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any, TypeVar

from bot.clock import Clock, SystemClock

T = TypeVar("T")


class StoreWorker:
    """A store connection opened lazily on, and only used by, one worker thread."""

    def __init__(self, open_store: Callable[[], Any], name: str) -> None:
        self._open = open_store
        self._store: Any = None
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"kasuan-{name}")

    def _with(self, fn: Callable[..., T], *args: Any) -> T:
        if self._store is None:
            self._store = self._open()
        try:
            return fn(self._store, *args)
        except Exception:
            self._drop()  # a broken connection (the database restarted) is reopened next time
            raise

    def _drop(self) -> None:
        if self._store is not None:
            with contextlib.suppress(Exception):  # already broken
                self._store.close()
            self._store = None

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(store, *args)` on the worker thread."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, self._with, fn, *args)

    def close(self) -> None:
        self._pool.submit(self._drop).result()
        self._pool.shutdown(wait=True)


class LeaseKeeper:
    """Leases held by this process (`holder`), each for `ttl` and renewed before it lapses."""

    def __init__(self, worker: StoreWorker, holder: str, ttl: float = 30.0, clock: Clock | None = None) -> None:
        self.worker = worker
        self.holder = holder
        self.ttl = ttl
        self.clock = clock or SystemClock()  # lease ends are compared across processes: a wall clock in production
        self.held: set[str] = set()

    async def acquire(self, name: str) -> bool:
        """Take or renew `name`; False when another live process holds it (or the store is down)."""
        from bot.store.leases import acquire

        try:
            ok = await self.worker.call(acquire, name, self.holder, self.clock.now(), timedelta(seconds=self.ttl))
        except Exception:
            ok = False
        (self.held.add if ok else self.held.discard)(name)
        return ok

    async def release(self, name: str) -> None:
        from bot.store.leases import release

        self.held.discard(name)
        with contextlib.suppress(Exception):  # it lapses on its own
            await self.worker.call(release, name, self.holder)


class SharedPacer:
    """Send slots reserved in the store: `wait(bucket, interval)` returns when this send may go."""

    def __init__(self, worker: StoreWorker) -> None:
        self.worker = worker
        self._low: asyncio.Lock | None = None  # one low-priority taker at a time asks the store

    async def wait(self, bucket: str, interval: float) -> float:
        """Reserve the next slot of `bucket` and sleep until it; returns the slot (unix seconds).

        "Now" is read on the worker thread as the reservation runs, not when it was queued: on a busy
        host the queue can hold a call longer than one interval, and a stale "now" would hand out a
        slot already past. A send never goes before its slot; a late wake-up only makes it later."""
        from bot.store.pace import reserve

        def reserve_now(store: Any) -> float:
            return reserve(store, bucket, time.time(), interval)

        slot = await self.worker.call(reserve_now)
        delay = slot - time.time()
        if delay > 0:
            await asyncio.sleep(delay)
        return slot

    async def wait_free(self, bucket: str, interval: float) -> float:
        """Low priority: wait until a slot of `bucket` is free right now and take it (never queue
        ahead of `wait` callers). Returns the seconds waited."""
        from bot.store.pace import take_if_free

        began = time.monotonic()
        if self._low is None:
            self._low = asyncio.Lock()
        async with self._low:  # the others wait here, not in the store: one poll per interval at most
            while not await self.worker.call(take_if_free, bucket, time.time(), interval):
                await asyncio.sleep(interval)
        return time.monotonic() - began
