"""Health and metrics of a `kasuan run` process: /healthz, /readyz and /metrics on KASUAN_STATUS_PORT.

Why a separate small port: the webhook port faces Telegram through the reverse proxy; health checks
and Prometheus scrapes come from inside (Docker's HEALTHCHECK, the proxy's upstream checks, the
scraper) and should not need the webhook's path or secret, nor exist only in webhook mode.

- /healthz: the process and its event loop are alive (200 whenever it can answer at all).
- /readyz: the store answers and at least one front end is connected (a polling process standing by
  for the lease counts as connected: it is healthy and ready to take over). 503 otherwise, with
  every front end's state in the JSON body, so a balancer stops routing to a replica that cannot
  answer, and one platform reconnecting does not take the other one's traffic away.
- /metrics: Prometheus text, from the counters below (prometheus-client's default registry).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from prometheus_client import CONTENT_TYPE_LATEST, Counter, Gauge, Histogram, generate_latest

log = logging.getLogger("kasuan.health")

MESSAGES = Counter("kasuan_messages_handled_total", "Messages and button presses the core answered",
                   ["platform"])
REPLY_SECONDS = Histogram("kasuan_reply_seconds", "Time from taking an update to having its reply ready"
                          " (de-duplication, core, rendering; rate-limit waits excluded)", ["platform"],
                          buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0))
SENDS = Counter("kasuan_sends_total", "Messages sent to a platform, by what came of them",
                ["platform", "kind", "result"])
RATE_LIMITED = Counter("kasuan_rate_limited_total", "429 answers (retry_after) received from a platform",
                       ["platform"])
OUTBOX_DEPTH = Gauge("kasuan_outbox_depth", "Alerts queued or being delivered")
OLDEST_DUE = Gauge("kasuan_oldest_due_alert_age_seconds", "How long the oldest alert that may go out now has waited"
                   " (0 when none waits)")
FRONT_UP = Gauge("kasuan_front_end_up", "1 when the front end is connected (or standing by), else 0", ["platform"])
LEASES = Gauge("kasuan_lease_held", "1 when this process holds the lease", ["name"])

Probe = Callable[[], Awaitable[bool]]


def observe_reply(platform: str, seconds: float) -> None:
    MESSAGES.labels(platform).inc()
    REPLY_SECONDS.labels(platform).observe(max(seconds, 0.0))


def count_send(platform: str, kind: str, result: str) -> None:
    """kind: reply | alert; result: ok | retry_after | blocked | failed."""
    SENDS.labels(platform, kind, result).inc()
    if result == "retry_after":
        RATE_LIMITED.labels(platform).inc()


class StatusServer:
    """The aiohttp listener for the three endpoints. `store_ok` pings the store; `fronts` gives each
    front end's platform and state ("connected", "standby", "starting", "down", "failed")."""

    READY_STATES = ("connected", "standby")

    def __init__(self, port: int, store_ok: Probe, fronts: Callable[[], dict[str, str]],
                 host: str = "0.0.0.0") -> None:
        self.port = port
        self.host = host
        self.store_ok = store_ok
        self.fronts = fronts
        self._runner: Any = None

    async def start(self) -> None:
        from aiohttp import web

        app = web.Application()
        app.router.add_get("/healthz", self._healthz)
        app.router.add_get("/readyz", self._readyz)
        app.router.add_get("/metrics", self._metrics)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, self.host, self.port).start()
        log.info("status endpoints on port %s: /healthz /readyz /metrics", self.bound_port)

    @property
    def bound_port(self) -> int | None:
        if self._runner is None:
            return None
        for address in self._runner.addresses:
            return int(address[1])
        return None

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def readiness(self) -> tuple[bool, dict[str, Any]]:
        store = await self.store_ok()
        fronts = self.fronts()
        for platform, state in fronts.items():
            FRONT_UP.labels(platform).set(1 if state in self.READY_STATES else 0)
        ready = store and any(state in self.READY_STATES for state in fronts.values())
        return ready, {"ready": ready, "store": "ok" if store else "unreachable", "front_ends": fronts}

    async def _healthz(self, request: Any) -> Any:
        from aiohttp import web

        return web.Response(text="ok\n")

    async def _readyz(self, request: Any) -> Any:
        from aiohttp import web

        ready, body = await self.readiness()
        return web.Response(status=200 if ready else 503, text=json.dumps(body) + "\n",
                            content_type="application/json")

    async def _metrics(self, request: Any) -> Any:
        from aiohttp import web

        await self.readiness()  # refresh the front-end gauges
        return web.Response(body=generate_latest(), headers={"Content-Type": CONTENT_TYPE_LATEST})
