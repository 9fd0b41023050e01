"""The alert sender: deliver what the sweeper queued, through the front end of each wallet's chat.

Delivery is at-least-once. A row is claimed (status 'claimed', with a lease), delivered, then
marked sent; these are separate steps because the delivery is a network call that cannot share a
transaction with SQLite. If the process dies between the claim and the mark, the row stays claimed
until its lease runs out, and the next `send_due` after that claims and delivers it again: the chat
may see that alert twice (once before the crash, once after), never zero times. A clean run never
delivers a row twice: a sent row is never claimed again.

Per row: a chat that blocked the bot is given up on (and remembered, until it writes to the bot
again); quiet hours in the wallet's timezone push the row to their end; a platform's retry-after is
honoured for that chat; other failures back off exponentially (30 s, 1 min, 2 min ... capped at an
hour) and are given up after MAX_FAILURES. An alert sent more than LATE_AFTER after it was meant to
go out says that it is late. Chats are delivered concurrently (a bounded pool), each chat in order.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.clock import Clock
from bot.messages import Delivery, Reply
from bot.store import outbox
from bot.store.connection import Store
from bot.store.outbox import OutboxItem
from bot.store.wallets import prefs
from bot.wallet.display import alert_reply
from bot.wallet.times import quiet_until

log = logging.getLogger("kasuan.alerts")
LEASE = timedelta(minutes=2)
LATE_AFTER = timedelta(minutes=10)
MAX_FAILURES = 8
BACKOFF_BASE = timedelta(seconds=30)
BACKOFF_CAP = timedelta(hours=1)
CONCURRENCY = 8  # deliveries in flight at once; each chat still gets its alerts one at a time


Deliver = Callable[[str, Reply], Awaitable[Delivery]]


@dataclass
class SendReport:
    sent: int = 0
    late: int = 0
    retried: int = 0
    failed: int = 0
    gave_up: int = 0
    blocked: int = 0
    quiet: int = 0


def backoff(failures: int) -> timedelta:
    """30 s after the first failure, doubling, at most an hour."""
    return min(BACKOFF_BASE * (2 ** max(failures - 1, 0)), BACKOFF_CAP)


async def send_due(store: Store, clock: Clock, deliver: Deliver, *, limit: int = 100,
                   platforms: Collection[str] | None = None, concurrency: int = CONCURRENCY) -> SendReport:
    """Deliver every alert that may go out now (up to `limit`); see the module doc for the guarantees.
    With `platforms`, only alerts for chats on those platforms are claimed; the rest stay queued.

    Chats are served concurrently, at most `concurrency` deliveries at a time; one chat's alerts go
    one after another in their queue order, so a slow or paused chat holds up only itself. The
    SQLite steps run between awaits on the event loop's thread, so they never interleave.
    """
    report = SendReport()
    start = clock.now()
    batch = outbox.claim(store, start, start + LEASE, limit, platforms)
    by_chat: dict[str, list[OutboxItem]] = {}
    for item in batch:
        by_chat.setdefault(item.chat, []).append(item)
    pool = asyncio.Semaphore(max(concurrency, 1))

    async def chat_round(items: list[OutboxItem]) -> None:
        paused: datetime | None = None  # this chat's retry-after end, learnt in this round
        for item in items:
            paused = await _one(store, clock, deliver, item, paused, pool, report)

    await asyncio.gather(*(chat_round(items) for items in by_chat.values()))
    return report


async def _one(store: Store, clock: Clock, deliver: Deliver, item: OutboxItem, paused: datetime | None,
               pool: asyncio.Semaphore, report: SendReport) -> datetime | None:
    """Deliver one claimed row and record the outcome; returns the chat's pause (if any) after it."""
    now = clock.now()
    if outbox.is_blocked(store, item.chat):
        outbox.give_up(store, item.id, "blocked", "chat blocked the bot")
        report.blocked += 1
        return paused
    p = prefs(store, item.wallet_id)
    quiet = quiet_until(now, p.tz, p.quiet_start, p.quiet_end)
    if quiet is not None:
        outbox.release(store, item.id, quiet)
        report.quiet += 1
        return paused
    if paused is not None and paused > now:
        outbox.release(store, item.id, paused)
        report.retried += 1
        return paused
    late = now - item.intended_at > LATE_AFTER
    reply = alert_reply(item, p, late)
    result: Delivery
    try:
        async with pool:
            result = await deliver(item.chat, reply)
    except Exception as exc:  # a front end bug must not stop the other chats' alerts
        log.exception("deliver to %s failed", item.chat)
        result = Delivery.failed(f"{type(exc).__name__}: {exc}")
    now = clock.now()
    detail = str(getattr(result, "detail", "") or "") or None
    status = "retry_after" if result.status == "retry" else result.status
    if status == "ok":
        with store.write():
            outbox.mark_sent(store, item.id, now, late)
            moved = getattr(result, "moved_to", None)
            if moved and moved != item.chat:
                outbox.move_chat(store, item.chat, str(moved))
        report.sent += 1
        report.late += late
    elif status == "retry_after":
        until = now + timedelta(seconds=max(result.retry_after or 0.0, 1.0))
        outbox.release(store, item.id, until, error=detail)
        report.retried += 1
        return until
    elif status == "blocked":
        with store.write():
            outbox.give_up(store, item.id, "blocked", detail)
            outbox.block_chat(store, item.chat, now, detail)
        report.blocked += 1
    else:
        failures = item.failures + 1
        if failures >= MAX_FAILURES:
            outbox.give_up(store, item.id, "failed", detail)
            report.gave_up += 1
        else:
            outbox.release(store, item.id, now + backoff(failures), failed=True, error=detail)
            report.failed += 1
    return paused
