"""Charts drawn in a worker process, with a cache keyed by what the chart shows (setups and language).

Why a process and not a thread: matplotlib is ~0.1 s of pure Python per chart and holds the GIL
throughout, so on a thread a burst of sizing questions slows the core thread that words every text
answer. In a separate process (spawned: no forked copy of the event loop, the store's connections or
the bot's sockets) it competes for a CPU core at most, never for the interpreter, and at a lower priority (nice 10), so
where cores are short the chat process runs first. The worker starts with the front ends and is
warmed (matplotlib imported, fonts registered) before it draws.

The cache: a `Chart` is frozen data (bot.charts.spec), equal for two questions that come to the same
setups in the same language, so it is the key; the last CACHE_SIZE PNGs are kept, and a chart already
being drawn is awaited rather than drawn twice. One worker per process serves every front end and
event loop (module-level `shared()`), closed at exit.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field

from bot.charts.spec import Chart

log = logging.getLogger("kasuan.charts")
CACHE_SIZE = 256  # PNGs of 30-60 KB: about 10 MB at most


def default_workers() -> int:
    """One worker on a small machine (it must leave a core to the chat); two where there are cores to spare."""
    return 2 if (os.cpu_count() or 1) >= 4 else 1


@dataclass
class Stats:
    """What the worker did, for the benchmark and /health: draws in the worker, cache hits, shared waits."""

    drawn: int = 0
    hits: int = 0
    joined: int = 0
    failed: int = 0
    draw_seconds: list[float] = field(default_factory=list)  # submit to PNG, per draw (the last 1000)


class ChartWorker:
    """A process pool that draws `Chart`s, with the PNG cache in front of it."""

    def __init__(self, workers: int | None = None, cache_size: int = CACHE_SIZE) -> None:
        self.workers = workers or default_workers()
        self.cache_size = cache_size
        self._pool: ProcessPoolExecutor | None = None
        self._cache: OrderedDict[Chart, bytes] = OrderedDict()
        self._drawing: dict[Chart, Future[bytes]] = {}
        self._lock = threading.Lock()  # front ends on several event loops (tests, a thread per platform) share it
        self.stats = Stats()

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_worker_start)
        return self._pool

    def start(self) -> Future[bool]:
        """Start the worker now and warm it (matplotlib imported, fonts registered) in the background,
        so the first chart does not pay the ~1–5 s of a cold start; returns when it is ready."""
        with self._lock:
            return self._executor().submit(ready)

    def cached(self, chart: Chart) -> bytes | None:
        with self._lock:
            png = self._cache.get(chart)
            if png is not None:
                self._cache.move_to_end(chart)
                self.stats.hits += 1
            return png

    @property
    def backlog(self) -> int:
        """Charts submitted and not drawn yet."""
        return len(self._drawing)

    def submit(self, chart: Chart) -> Future[bytes]:
        """The PNG's future: a cached one at once, one being drawn shared, else a new draw in the worker."""
        with self._lock:
            png = self._cache.get(chart)
            if png is not None:
                self._cache.move_to_end(chart)
                self.stats.hits += 1
                done: Future[bytes] = Future()
                done.set_result(png)
                return done
            running = self._drawing.get(chart)
            if running is not None:
                self.stats.joined += 1
                return running
            start = time.perf_counter()
            try:
                fut = self._executor().submit(chart)
            except BrokenProcessPool:
                self._pool = None  # a worker died (killed, out of memory): start a fresh pool
                fut = self._executor().submit(chart)
            self._drawing[chart] = fut
        fut.add_done_callback(lambda f: self._done(chart, f, start))
        return fut

    def _done(self, chart: Chart, fut: Future[bytes], start: float) -> None:
        with self._lock:
            self._drawing.pop(chart, None)
            if fut.cancelled() or fut.exception() is not None:
                self.stats.failed += 1
                if isinstance(fut.exception(), BrokenProcessPool):
                    self._pool = None
                return
            self.stats.drawn += 1
            self.stats.draw_seconds = [*self.stats.draw_seconds[-999:], time.perf_counter() - start]
            self._cache[chart] = fut.result()
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)

    async def draw(self, chart: Chart) -> bytes | None:
        """The chart's PNG, drawn in the worker (None, logged, when drawing failed: the text stands alone)."""
        try:
            return await asyncio.wrap_future(self.submit(chart))
        except Exception:
            log.exception("chart %r for %s failed", chart.kind, chart.lang)
            return None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


WORKER_NICE = 10  # where cores are short, the scheduler gives the chat process the CPU first


PARENT_CHECK_S = 1.0


def _exit_with_parent(parent: int) -> None:
    """A worker whose parent died without shutting the pool down (a SIGKILLed `kasuan run`) is left
    waiting on its queue for good; it leaves too once it has been handed to another parent."""
    while True:
        time.sleep(PARENT_CHECK_S)
        if os.getppid() != parent:
            os._exit(0)


def _worker_start() -> None:
    """In the worker, once: lower its priority (a chart can wait; a text answer should not), watch
    that its parent is alive, then warm up."""
    from bot.charts.figures import warm

    with contextlib.suppress(OSError):
        os.nice(WORKER_NICE)
    threading.Thread(target=_exit_with_parent, args=(os.getppid(),), daemon=True, name="parent-watch").start()
    warm()


def ready() -> bool:
    """A no-op run in the worker (after its initializer, bot.charts.figures.warm): it is up and warm."""
    return True


_shared: ChartWorker | None = None
_shared_lock = threading.Lock()


def shared() -> ChartWorker:
    """The process's one chart worker (started lazily, on the first chart; shut down at exit)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = ChartWorker()
            atexit.register(_shared.close)
        return _shared
