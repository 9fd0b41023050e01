"""The inbox seen from the event loop: store what was polled, claim what is ours to answer, hand it on.

`Inbox.keep(batch)` writes a fetched batch to the store (bot.store.inbox) and only then returns, so
the poller's next getUpdates, which confirms the batch to Telegram, never confirms an update the
store does not have. `Inbox.run()` is the pump: it renews this process's "alive:" lease, claims
unanswered rows (those just stored, and those of a process that died: at start, that is what the
last run left) and gives each to `dispatch` in update order. The front end marks an update answered
with `finish` once its reply's text is out, after checking with `mine` that nobody took it over while
it waited. Store calls go through a `StoreWorker` (a connection and thread) of the inbox's own, so
they never queue behind the core's work or the send pacing, and the alive lease is renewed on time.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import timedelta

from bot.adapters.shared import StoreWorker
from bot.clock import Clock, SystemClock
from bot.store.inbox import ALIVE, GIVE_UP_AFTER, Claimed, Fetched, claim_inbox, store_fetched
from bot.store.updates import finish_update

log = logging.getLogger("kasuan.inbox")
Dispatch = Callable[[Claimed], Awaitable[None]]


class Inbox:
    """One bot's inbox in this process (`source`: "telegram:<bot id>"), claimed as `holder`.

    `exclusive`: this is the only process on the store (KASUAN_REPLICAS=1 on SQLite), so rows held by
    any other holder are an earlier run's and are taken over at once instead of after its lease."""

    def __init__(self, worker: StoreWorker, holder: str, *, ttl: float = 30.0, exclusive: bool = False,
                 every: float = 1.0, clock: Clock | None = None, alive_worker: StoreWorker | None = None) -> None:
        self.worker = worker
        # the alive lease and the answered marks on a connection of their own: neither waits behind a
        # burst of claims and checks (a late mark widens the window in which a kill sends a reply twice)
        self.alive_worker = alive_worker or worker
        self.holder = holder
        self.ttl = ttl
        self.exclusive = exclusive
        self.every = every  # seconds between claims when nothing new was stored here
        self.clock = clock or SystemClock()
        self.source = ""
        self.held: set[str] = set()  # keys claimed here and not finished yet
        self.taken_over = 0
        self.given_up = 0
        self._wake = asyncio.Event()
        self._renewing: asyncio.Task[None] | None = None

    async def keep(self, source: str, batch: Sequence[Fetched]) -> int:
        """Store `batch` (raises if the store is down: the caller must not confirm it); wakes the pump."""
        self.source = source
        new = await self.worker.call(store_fetched, source, list(batch), self.clock.now())
        self._wake.set()
        return int(new)

    async def mine(self, key: str) -> bool:
        """Whether the update is still ours to answer (not taken over meanwhile, not answered)."""
        from bot.store.inbox import still_holds

        try:
            ours = bool(await self.worker.call(still_holds, key, self.holder))
        except Exception:  # the store is down: answer it (a double at worst, never a loss)
            return True
        if not ours:
            self.held.discard(key)
        return ours

    async def finish(self, key: str) -> None:
        """The update is answered: redeliveries and other processes leave it alone from now on."""
        if key in self.held:
            await self.alive_worker.call(finish_update, key)
            self.held.discard(key)

    async def alive(self) -> None:
        """Take or renew this process's alive lease (before claiming anything: claims need it)."""
        from bot.store.leases import acquire

        await self.alive_worker.call(acquire, ALIVE + self.holder, self.holder, self.clock.now(),
                                     timedelta(seconds=self.ttl))

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(self.ttl / 4)
            try:
                await self.alive()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("inbox: renewing the alive lease failed (%s)", type(exc).__name__)

    async def claim(self) -> list[Claimed]:
        """Claim what is ours to answer now (see bot.store.inbox.claim_inbox)."""
        if self._renewing is None:
            await self.alive()
            self._renewing = asyncio.create_task(self._renew(), name="inbox-alive")
        claimed, gone = await self.worker.call(
            functools.partial(claim_inbox, others_alive=not self.exclusive), self.source, self.holder,
            self.clock.now())
        for key in gone:
            self.given_up += 1
            log.warning("inbox: %s given up: %d processes died answering it", key, GIVE_UP_AFTER)
        for c in claimed:
            self.held.add(c.key)
            if c.taken_over:
                self.taken_over += 1
        if any(c.taken_over for c in claimed):
            log.info("inbox: took over %d updates of processes that stopped", sum(c.taken_over for c in claimed))
        return claimed

    async def run(self, source: str, dispatch: Dispatch) -> None:
        """Until cancelled: claim and dispatch, whenever a batch was stored here and every `every` s."""
        self.source = source
        try:
            await self._pump(dispatch)
        finally:
            if self._renewing is not None:
                self._renewing.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._renewing
                self._renewing = None

    async def _pump(self, dispatch: Dispatch) -> None:
        while True:
            try:
                for c in await self.claim():
                    await dispatch(c)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the store is down: what is in it waits there
                log.warning("inbox: claiming failed (%s: %s); trying again", type(exc).__name__, exc)
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.every)

    async def release_alive(self) -> None:
        """A clean stop: give the alive lease back, so our leftovers (none, normally) are taken at once."""
        from bot.store.leases import release

        with contextlib.suppress(Exception):
            await self.alive_worker.call(release, ALIVE + self.holder, self.holder)
