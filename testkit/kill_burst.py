"""Kill a polling `kasuan run` mid-burst and count what its users lost or got twice.

The scenario of issue 23: real `kasuan run` processes poll the fake Bot API (testkit/fake_telegram,
with Telegram's getUpdates semantics) on 127.0.0.1; a burst of messages from many private chats
comes in, three per chat, each asking a different GPU's price so every reply names the question it
answers. At the `kill_at`-th send, the fake holds every send, lets the bots mark what was already
accepted, SIGKILLs the process holding the most unanswered updates (the only one, on SQLite), drops the sends
the dead process still had open, and lets the rest through. The victim is started again; then we
wait for the replies and count, per chat: lost (a question never answered), doubled (answered more
than once) and out of order.

Why the kill waits for a send: a kill at a random instant can fall in the millisecond between
Telegram accepting a send and the store marking its update answered; that one reply is then sent
again (at-least-once: Telegram has no idempotent send). `random_kill=True` kills on a timer
instead (`random_kill` seconds after the first reply), to measure that window as it is.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from testkit.fake_telegram import TOKEN, Call, FakeTelegram

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = [("RTX 4090 price", "RTX 4090"), ("H100 price", "H100"), ("A100 price", "A100")]
CHAT0 = 70_001


@dataclass
class KillReport:
    processes: int
    store: str
    messages: int
    accepted_before_kill: int = 0
    lost: int = 0
    doubled: int = 0
    out_of_order: int = 0
    unanswered_rows: int = 0  # inbox rows not marked answered at the end
    taken_over: int = 0  # inbox rows answered by another process (or run) than the one that claimed them
    seconds: float = 0.0
    killed_pid: int = 0
    per_chat: dict[int, list[str]] = field(default_factory=dict)

    @property
    def clean(self) -> bool:
        return self.lost == 0 and self.doubled == 0 and self.out_of_order == 0 and self.unanswered_rows == 0


class Bot:
    """One `kasuan run` process."""

    def __init__(self, env: dict[str, str], log: Path) -> None:
        self.env = env
        self.log = log
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        out = open(self.log, "ab")  # noqa: SIM115 (the process keeps it)
        self.proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", "run", cwd=ROOT, env=self.env,
                                                         stdout=out, stderr=out)

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    async def kill(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)
            await self.proc.wait()

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), 20)
            except TimeoutError:
                await self.kill()


def _busiest_pid(db: str) -> int | None:
    """The process holding the most unanswered updates (else the polling lease holder)."""
    from bot.store import connect

    store = connect(db)
    try:
        row = store.row("SELECT holder, COUNT(*) AS n FROM processed_updates WHERE done = 0 AND holder IS NOT NULL"
                        " GROUP BY holder ORDER BY n DESC LIMIT 1")
        row = row or store.row("SELECT holder FROM leases WHERE name LIKE 'poll:telegram:%'")
    finally:
        store.close()
    return int(str(row["holder"]).split(":")[1]) if row is not None else None


def _inbox_counts(db: str) -> tuple[int, int]:
    """(rows left unanswered, rows taken over from a dead holder)."""
    from bot.store import connect

    store = connect(db)
    try:
        left = store.value("SELECT COUNT(*) FROM processed_updates WHERE source IS NOT NULL AND done = 0")
        taken = store.value("SELECT COUNT(*) FROM processed_updates WHERE source IS NOT NULL AND attempts > 0")
        return int(left or 0), int(taken or 0)
    finally:
        store.close()


async def run(db: str, workdir: Path, *, processes: int = 1, chats: int = 20, kill_at: int = 20,
              random_kill: float | None = None, lease_seconds: int = 6, timeout: float = 60.0) -> KillReport:
    """The scenario on the store `db` (a SQLite path or a postgresql:// URL) with `processes` bots."""
    logging.getLogger("aiohttp.server").setLevel(logging.CRITICAL)  # the dead bot's half-sent requests
    server = FakeTelegram()
    await server.start()
    env = {**os.environ, "TELEGRAM_BOT_TOKEN": TOKEN, "TELEGRAM_API_BASE_URL": server.url, "KASUAN_DB": db,
           "KASUAN_REPLICAS": str(processes), "KASUAN_LEASE_SECONDS": str(lease_seconds),
           "KASUAN_ALERT_INTERVAL": "1", "KASUAN_LOG_LEVEL": os.environ.get("KASUAN_KILL_BURST_LOG", "WARNING"), "KASUAN_ENV_FILE": "/nonexistent",
           "DISCORD_BOT_TOKEN": "", "KASUAN_LOG": str(workdir / "kasuan.log"),
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    for name in ("KASUAN_WEBHOOK_URL", "KASUAN_STATUS_PORT"):
        env.pop(name, None)
    bots = [Bot(env, workdir / f"bot-{i}.log") for i in range(processes)]
    report = KillReport(processes, "postgresql" if db.startswith("postgres") else "sqlite", chats * len(QUESTIONS))
    accepted = 0
    kill_done = asyncio.Event()
    killing: asyncio.Task[None] | None = None
    victim: list[Bot] = []

    async def kill_victim() -> None:
        if random_kill is None:
            await asyncio.sleep(0.5)  # sends wait; the bots mark what was accepted before the kill
        pid = await asyncio.to_thread(_busiest_pid, db) if processes > 1 else bots[0].pid
        target = next((b for b in bots if b.proc is not None and b.pid == pid), bots[0])
        victim.append(target)
        report.killed_pid = target.pid
        report.accepted_before_kill = accepted
        await target.kill()
        await asyncio.sleep(0.1)  # its sockets are closed now
        kill_done.set()

    async def before_send(call: Call, request: Any) -> bool:
        nonlocal accepted, killing
        from testkit.fake_telegram import _connected

        if random_kill is None and killing is None and accepted >= kill_at:
            killing = asyncio.create_task(kill_victim())
        if random_kill is None and killing is not None and not kill_done.is_set():
            await kill_done.wait()  # every send waits while the kill happens
        if not _connected(request):
            return False  # the dead process's send: it never left, as far as anyone can tell
        if call.method == "sendMessage":  # a reply (not "typing…")
            accepted += 1
        return True

    server.before_send = before_send
    began = time.monotonic()
    try:
        for b in bots:
            await b.start()
        # start-up (a fresh interpreter importing the bot, a database connection) is not what is measured: on a
        # loaded 2-core CI machine it took over 30 s, so the bound is generous
        await server.wait_for(lambda: server.sent("getUpdates", ok=False), timeout=max(timeout, 180.0))
        await asyncio.sleep(0.5 * processes)  # the others are up too (standing by)
        for round_ in range(len(QUESTIONS)):
            for c in range(chats):
                server.say(CHAT0 + c, QUESTIONS[round_][0])
        if random_kill is not None:  # `random_kill` seconds after the first reply, whatever is going on
            await server.wait_for(lambda: accepted > 0, timeout=timeout)
            await asyncio.sleep(random_kill)
            killing = asyncio.create_task(kill_victim())
        await asyncio.wait_for(kill_done.wait(), timeout)
        assert victim
        await victim[0].start()  # restarted on the same store
        expected = chats * len(QUESTIONS)
        deadline = time.monotonic() + timeout
        while len(server.sent("sendMessage")) < expected and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.5)  # anything sent twice shows up now
        report.seconds = time.monotonic() - began
    finally:
        for b in bots:
            await b.stop()
        await server.stop()
    report.unanswered_rows, report.taken_over = await asyncio.to_thread(_inbox_counts, db)
    for c in range(chats):
        chat = CHAT0 + c
        names = [_which(call.params.get("text", "")) for call in server.sent("sendMessage", chat_id=chat)]
        report.per_chat[chat] = names
        want = [name for _, name in QUESTIONS]
        got = Counter(names)
        report.lost += sum(1 for name in want if got[name] == 0)
        report.doubled += sum(n - 1 for n in got.values() if n > 1)
        firsts = [name for i, name in enumerate(names) if name not in names[:i]]
        report.out_of_order += int(firsts != [n for n in want if n in firsts])
    return report


def _which(text: str) -> str:
    for _, name in QUESTIONS:
        if name in text.split("\n", 1)[0]:
            return name
    return "?"


def summary(r: KillReport) -> str:
    return (f"{r.processes} process{'es' if r.processes > 1 else ''} on {r.store}, {r.messages} messages from "
            f"{r.messages // len(QUESTIONS)} chats, SIGKILL after {r.accepted_before_kill} replies, restarted: "
            f"{r.lost} lost, {r.doubled} doubled, {r.out_of_order} chats out of order, {r.unanswered_rows} left "
            f"unanswered in the inbox; {r.taken_over} taken over from the killed process ({r.seconds:.1f} s)")

