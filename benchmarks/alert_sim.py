"""Alert simulation: 40 days of wallets, rentals and budgets with a sender that meets every fault.

200 wallets on Telegram, Discord and the console (a third of them with quiet hours) rent prepaid
weeks and months at gpuli and 一万网络 and per-minute cards at CloudGPU on small balances, with
monthly budgets. A sweep and a delivery round run every 30 simulated minutes. The front end answers
429 (retry after 30 s) to 5% of deliveries and fails 3%; one chat has blocked the bot; on day 10 a
sender dies between claiming a batch and marking it sent (its lease runs out and the next round
redelivers). Bounded: in process, on a temporary file, no network.

Counted at the end (after one last round past every pause): alerts queued, deliveries made,
alerts lost (queued for a reachable chat and never delivered: must be 0), redeliveries (only the
crashed batch may be delivered twice), and per-minute rentals destroyed at the end of their balance.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.clock import FixedClock
from bot.messages import Incoming, Reply
from bot.store import connect
from bot.store import outbox as outbox_store
from bot.store.connection import Store
from bot.wallet import Delivery, handle_button, handle_command, send_due, sweep
from bot.wallet.sender import LEASE

WALLETS = 200
DAYS = 40
TICK = timedelta(minutes=30)
T0 = datetime(2026, 12, 1, tzinfo=UTC)
PLATFORMS = ("telegram", "discord", "console")


@dataclass
class AlertReport:
    wallets: int
    rentals: int
    ticks: int
    queued: int
    delivered: int
    lost: int
    redelivered: int
    blocked: int
    destroyed: int
    kinds: dict[str, int]
    seconds: float


def _say(store: Store, clock: FixedClock, platform: str, user: int, text: str, event: int) -> Reply:
    inc = Incoming(text=text, user_id=str(user), chat_id=str(user), platform=platform, event_id=str(event))
    name, _, args = text[1:].partition(" ")
    reply = handle_command(store, clock, inc, name, args, "en")
    if reply.kind == "wallet_confirm" and reply.buttons:
        payload = reply.buttons[0].payload
        press = Incoming(text="", user_id=str(user), chat_id=str(user), platform=platform, event_id=f"{event}p",
                         button=payload)
        reply = handle_button(store, clock, press, payload, "en")
    return reply


def _setup(store: Store, clock: FixedClock, rng: random.Random) -> int:
    rentals = 0
    event = 0
    for w in range(1, WALLETS + 1):
        platform = PLATFORMS[w % 3]
        commands = ["/alerts tz Asia/Shanghai" if w % 2 else "/alerts tz UTC"]
        if w % 3 == 0:
            commands.append("/alerts quiet 23:00-08:00")
        commands += [f"/topup {rng.randint(150, 900)} USDT gpuli", f"/topup {rng.randint(3000, 9000)} CNY yiwan",
                     f"/topup {rng.choice([3, 5, 8, 20])} USD cloudgpu", "/budget set 600 USD per month"]
        commands += rng.sample(["/rent 4090 week gpuli", "/rent 4090 month gpuli", "/rent a100 40g month yiwan",
                                "/rent 4090 cloudgpu", "/rent 4090 2w gpuli"], k=rng.randint(1, 3))
        for text in commands:
            event += 1
            reply = _say(store, clock, platform, w, text, event)
            rentals += reply.kind == "wallet_done"
    return rentals


def run(seed: int = 5) -> AlertReport:
    rng = random.Random(seed)
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        store = connect(Path(tmp) / "alerts.db")
        clock = FixedClock(T0)
        rentals = _setup(store, clock, rng)
        blocked_chat = "telegram:chat:3"
        kinds: Counter[str] = Counter()

        async def deliver(chat: str, reply: Reply) -> Delivery:
            if chat == blocked_chat:
                return Delivery.blocked("bot was blocked by the user")
            roll = rng.random()
            if roll < 0.05:
                return Delivery.retry(30, "429")
            if roll < 0.08:
                return Delivery.failed("HTTP 502")
            kinds[reply.kind] += 1
            return Delivery.sent()

        async def round_() -> None:
            sweep(store, clock.now())
            await send_due(store, clock, deliver, limit=10_000)

        async def die_after_delivering() -> int:
            """A sender that claims a batch, delivers it, and is killed before marking it sent."""
            sweep(store, clock.now())
            batch = outbox_store.claim(store, clock.now(), clock.now() + LEASE, 10_000)
            for item in batch:
                kinds[item.kind] += 1  # what the chats saw before the crash
            return len(batch)

        ticks = 0
        crashed = 0
        while clock.now() < T0 + timedelta(days=DAYS):
            clock.advance(seconds=int(TICK.total_seconds()))
            ticks += 1
            if not crashed and clock.now() >= T0 + timedelta(days=10) and outbox_store.ready(store, clock.now()):
                crashed = asyncio.run(die_after_delivering())
                continue
            asyncio.run(round_())
        clock.advance(hours=12)  # past every quiet hour, retry-after and backoff still pending
        asyncio.run(round_())
        items = outbox_store.items(store)
        reachable = [i for i in items if i.status not in ("muted", "superseded") and i.chat != blocked_chat]
        lost = sum(1 for i in reachable if i.status != "sent")
        destroyed = store.row("SELECT COUNT(*) AS n FROM rentals WHERE status = 'destroyed'")
        sent = sum(1 for i in items if i.status == "sent")
        delivered = sum(kinds.values())
        report = AlertReport(WALLETS, rentals, ticks, sum(1 for i in items if i.status not in ("muted", "superseded")),
                             delivered, lost, delivered - sent,
                             sum(1 for i in items if i.status == "blocked"), int(destroyed["n"]) if destroyed else 0,
                             dict(kinds), time.monotonic() - start)
        store.close()
    return report


def report(r: AlertReport) -> str:
    kinds = ", ".join(f"{k.removeprefix('alert_')} {n}" for k, n in sorted(r.kinds.items()))
    return (f"{r.wallets} wallets, {r.rentals} rentals, {r.ticks:,} half-hour ticks ({DAYS} days) with 5% 429s, 3% "
            f"failures, a blocked chat and a sender killed mid-batch: {r.queued} alerts queued, {r.delivered} delivered "
            f"({kinds}), {r.lost} lost, {r.redelivered} delivered twice (the batch whose sender was killed before marking it sent), {r.blocked} held for the "
            f"blocked chat, {r.destroyed} per-minute rentals destroyed at the end of their balance; {r.seconds:.0f} s")


if __name__ == "__main__":
    print(report(run()))
