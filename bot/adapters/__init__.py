"""Front ends (Telegram, Discord) around the one chat core, and what they share.

An adapter is thin: it turns a platform event into an `Incoming`, asks the core for a `Reply`,
and turns the reply into platform calls. Everything an adapter needs from the rest of the house
goes through the small pieces here, so the adapters never touch SQL, sizing or wording:

- `CoreRunner` runs the (synchronous) core on one worker thread, so a slow answer or a SQLite
  write never stalls the event loop both front ends share, and every store write from chat
  handling happens on that one thread, one at a time.
- `Dedup` says whether a platform event id was already handled (a redelivered update is dropped);
  `MemoryDedup` for tests and the console, `StoreDedup` over bot.store's processed_updates.
- `Delivery` is what an alert delivery attempt came to, for the wallet's alert sender.
- `button_labels` words a reply's buttons from the string catalog.
- `cycle` (bot.adapters.cycle) is the one answer cycle both platforms run: claim → core → render →
  text → mark answered → chart → files; a platform supplies only how each step is done.
"""

from __future__ import annotations

import asyncio
import io
import time
import zipfile
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol, TypeVar

from bot.charts.spec import Chart
from bot.charts.worker import ChartWorker
from bot.charts.worker import shared as shared_chart_worker
from bot.clock import Clock, SystemClock
from bot.core.router import Core
from bot.messages import Delivery, Incoming, Reply
from bot.text.i18n import t

T = TypeVar("T")
CHART_BACKLOG = 16  # charts waiting in the chart worker (~0.1 s each) before a new one is skipped


Deliver = Callable[[str, Reply], Awaitable[Delivery]]


def split_scope(scope: str) -> tuple[str, str, str]:
    """(platform, kind, id) of a delivery scope: "telegram:chat:-100123" -> ("telegram", "chat", "-100123").

    Alerts go to a chat scope, or to a user scope ("discord:user:42") when a personal wallet has
    no private chat yet: the front end then opens a DM. ValueError for anything else.
    """
    parts = scope.split(":", 2)
    if len(parts) != 3 or parts[1] not in ("chat", "user") or not parts[2]:
        raise ValueError(f"not a chat or user scope: {scope!r}")
    return parts[0], parts[1], parts[2]


class Dedup(Protocol):
    """Remembers platform event ids: `first_time` records the key and says whether it was new.

    `claim` / `finish` are the two-step form (see bot.store.updates): 'new' (answer it), 'done'
    (answered before: drop it) or 'busy' (another process is answering it right now: ask again later).
    """

    def first_time(self, key: str) -> bool: ...

    def claim(self, key: str) -> str: ...

    def finish(self, key: str) -> None: ...


class MemoryDedup:
    """The last `capacity` event keys in memory: for tests, the benchmark and a run without a database.

    Forgets on restart, which is exactly when Telegram redelivers; use StoreDedup in production.
    """

    def __init__(self, capacity: int = 100_000) -> None:
        self.capacity = capacity
        self._keys: OrderedDict[str, None] = OrderedDict()

    def first_time(self, key: str) -> bool:
        if key in self._keys:
            return False
        self._keys[key] = None
        if len(self._keys) > self.capacity:
            self._keys.popitem(last=False)
        return True

    def claim(self, key: str) -> str:
        return "new" if self.first_time(key) else "done"

    def finish(self, key: str) -> None:
        """Nothing to do: one process, and a key is recorded when claimed."""


class StoreDedup:
    """Event keys in the store (bot.store's processed_updates), so a redelivery after a restart, or
    to another process sharing the store, is caught too.

    The check and the record are one INSERT ... ON CONFLICT, so two deliveries racing each other
    cannot both be taken as new. `claim` holds a key for this process while it answers (`holder`).
    """

    def __init__(self, store: Any, holder: str | None = None, clock: Clock | None = None) -> None:
        from bot.store.leases import process_id

        self.store = store
        self.holder = holder or process_id()
        self.clock = clock or SystemClock()

    def first_time(self, key: str) -> bool:
        from bot.store.updates import seen_update

        return not seen_update(self.store, key, self.clock.now())

    def claim(self, key: str) -> str:
        from bot.store.updates import claim_update

        return claim_update(self.store, key, self.holder, self.clock.now())

    def finish(self, key: str) -> None:
        from bot.store.updates import finish_update

        finish_update(self.store, key)


class CoreRunner:
    """The core and the dedup store behind one worker thread, shared by every front end.

    Why one thread: the core is synchronous (parse, engine, templates, SQLite). Run on the event
    loop, a slow reply would hold up every chat on both platforms; run on many threads, two
    handlers could interleave writes on one SQLite connection. One worker gives both: the loop
    stays free for network I/O, and store writes from chat handling happen one at a time.
    """

    def __init__(self, core: Core, dedup: Dedup | None = None, *, threaded: bool = True) -> None:
        self.core = core
        self.dedup: Dedup = dedup or MemoryDedup()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kasuan-core") if threaded else None
        # Charts draw in the chart worker's process (bot.charts.worker): ~0.1 s of matplotlib holding the
        # GIL would otherwise slow the core thread's text answers. A chart that is not a bot.charts.spec
        # Chart (a test's function) draws on one thread of its own.
        self._charts = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kasuan-chart") if threaded else None
        self.chart_worker: ChartWorker | None = None
        if threaded:
            shared_chart_worker().start()  # warm before the first chart: a cold worker takes seconds
        self._chart_backlog = 0
        self.charts_dropped = 0

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn(*args)` on the worker thread (inline when not threaded)."""
        if self._pool is None:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    async def call_timed(self, fn: Callable[..., T], *args: Any) -> tuple[T, float]:
        """`call`, plus the seconds `fn` itself took on the worker (time spent queueing excluded)."""

        def timed() -> tuple[T, float]:
            start = time.perf_counter()
            result = fn(*args)
            return result, time.perf_counter() - start

        return await self.call(timed)

    async def picture(self, reply: Reply) -> bytes | None:
        """The reply's picture, its chart drawn in the chart worker (None when it has none or it failed).

        Charts are a companion to the text, never worth a long queue: with CHART_BACKLOG charts already
        waiting to be drawn (a burst of distinct sizing questions), a chart not in the cache is dropped
        and the text stands alone."""
        if reply.chart is None or self._charts is None:
            return reply.picture()
        if isinstance(reply.chart, Chart):
            worker = self.chart_worker or shared_chart_worker()
            chart, reply.chart = reply.chart, None
            if worker.cached(chart) is None and worker.backlog >= CHART_BACKLOG:
                self.charts_dropped += 1
                return reply.image
            reply.image = await worker.draw(chart)
            return reply.image
        if self._chart_backlog >= CHART_BACKLOG:
            reply.chart = None
            self.charts_dropped += 1
            return reply.image
        self._chart_backlog += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._charts, reply.picture)
        finally:
            self._chart_backlog -= 1

    async def first_time(self, key: str) -> bool:
        """True the first time `key` (a platform event id) is seen; False for a redelivery."""
        return await self.call(self.dedup.first_time, key)

    async def handle(self, inc: Incoming) -> Reply | None:
        """The core's reply to `inc` (None when the message isn't for the bot)."""
        reply, _ = await self.handle_timed(inc)
        return reply

    async def handle_timed(self, inc: Incoming) -> tuple[Reply | None, float]:
        """The reply and the seconds the core spent on it (measured on the worker, queueing excluded).
        Typed options (Discord) ride on `inc.typed`: the core reads them, through the same entry."""
        from bot.adapters.health import observe_reply

        reply: Reply | None
        reply, seconds = await self.call_timed(self.core.handle, inc)
        if reply is not None:
            observe_reply(inc.platform, seconds)
        return reply, seconds

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)
        if self._charts is not None:
            self._charts.shutdown(wait=True)


def button_labels(reply: Reply, limit: int = 64) -> list[tuple[str, str]]:
    """(label, payload) of each button under `reply`, worded in the reply's language.

    Labels come from the string catalog; `limit` is the platform's label length.
    """
    out = []
    for b in reply.buttons:
        label = t(b.label_key, reply.lang, **b.label_params)
        out.append((label if len(label) <= limit else label[: limit - 1] + "…", b.payload))
    return out


BUNDLE_NAME = "kasuan-export.zip"


def bundle(files: list[tuple[str, bytes]]) -> tuple[str, bytes]:
    """One attachment for a platform that sends a document per message: the file itself, or a zip."""
    if len(files) == 1:
        return files[0]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if name.endswith(".sh") else 0o644) << 16  # launch scripts stay runnable
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    return BUNDLE_NAME, buf.getvalue()


class InFlight:
    """Counts work in progress so a shutdown can wait for it (Discord events, alert sends)."""

    def __init__(self) -> None:
        self._count = 0
        self._idle = asyncio.Event()
        self._idle.set()

    def __enter__(self) -> InFlight:
        self._count += 1
        self._idle.clear()
        return self

    def __exit__(self, *exc: object) -> None:
        self._count -= 1
        if self._count == 0:
            self._idle.set()

    @property
    def count(self) -> int:
        return self._count

    async def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until nothing is in flight; False if `timeout` ran out first."""
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            return False
        return True


__all__ = [
    "CoreRunner", "Dedup", "Deliver", "Delivery", "InFlight", "MemoryDedup", "StoreDedup",
    "bundle", "button_labels", "split_scope",
]
