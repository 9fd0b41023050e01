"""Delivery that one slow or rate-limited chat cannot hold up: the sender delivers chats concurrently
(a bounded pool, each chat's alerts in order), and a Telegram 429 for one chat pauses that chat only."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta

from bot.adapters.telegram import Pace, PacedRateLimiter
from bot.clock import FixedClock
from bot.messages import Reply
from bot.store import connect, outbox
from bot.store.connection import Store
from bot.store.wallets import ensure_wallet
from bot.wallet import Delivery, send_due

NOW = datetime(2026, 12, 5, tzinfo=UTC)


def _queue(store: Store, chats: list[str], per_chat: int) -> None:
    for c in chats:
        w = ensure_wallet(store, c, "personal", c, NOW, "UTC", "en")
        with store.write():
            for i in range(per_chat):
                outbox.enqueue(store, key=f"{c}|{i}", wallet_id=w.id, chat=c, kind="alert_expiry",
                               data={"rental_id": i + 1, "provider": "gpuli", "gpu": "rtx-4090", "num_gpus": 1,
                                     "region": None, "ends_at": None, "days": 3},
                               due_at=NOW - timedelta(minutes=10 - i), intended_at=NOW, not_before=NOW, at=NOW)


def test_a_slow_chat_does_not_hold_up_the_others_and_order_is_kept_per_chat() -> None:
    store = connect(":memory:")
    slow = "telegram:chat:1"
    others = [f"telegram:chat:{n}" for n in range(2, 42)]
    _queue(store, [slow, *others], per_chat=2)
    done: list[tuple[float, str, int]] = []
    in_flight = [0, 0]  # now, most
    start = time.monotonic()

    async def deliver(chat: str, reply: Reply) -> Delivery:
        in_flight[0] += 1
        in_flight[1] = max(in_flight[1], in_flight[0])
        await asyncio.sleep(0.6 if chat == slow else 0.01)  # 3 s in the report; scaled down
        in_flight[0] -= 1
        done.append((time.monotonic() - start, chat, int(reply.data["id"])))
        return Delivery.sent()

    report = asyncio.run(send_due(store, FixedClock(NOW), deliver, limit=1000, concurrency=8))
    assert report.sent == 82 and in_flight[1] <= 8
    slow_done = [t for t, c, _ in done if c == slow]
    others_done = [t for t, c, _ in done if c != slow]
    assert max(others_done) < slow_done[0], "every other chat was served while the slow one was busy"
    for chat in [slow, *others]:
        assert [i for _, c, i in done if c == chat] == [1, 2], "a chat's alerts arrive in their order"
    assert all(i.status == "sent" for i in outbox.items(store))


def test_a_429_pauses_only_its_chat() -> None:
    from telegram.error import RetryAfter

    limiter = PacedRateLimiter(Pace(overall_per_second=1000.0, private_interval=0.0, group_interval=0.0,
                                    max_retries=2))
    sent: dict[int, float] = {}
    failed = [False]

    async def call(chat: int) -> bool:
        if chat == 5 and not failed[0]:
            failed[0] = True
            raise RetryAfter(1)
        sent[chat] = time.monotonic()
        return True

    async def main() -> float:
        begin = time.monotonic()
        first = asyncio.create_task(limiter.process_request(call, (5,), {}, "sendMessage", {"chat_id": 5}, None))
        await asyncio.sleep(0.05)  # chat 5 is now waiting out its retry_after
        await asyncio.gather(*(limiter.process_request(call, (c,), {}, "sendMessage", {"chat_id": c}, None)
                               for c in range(6, 26)))
        await first
        return begin

    begin = asyncio.run(main())
    assert failed[0] and len(sent) == 21
    assert max(sent[c] for c in range(6, 26)) - begin < 0.5, "other chats went on during chat 5's pause"
    assert sent[5] - begin >= 1.0


def test_a_sender_claims_only_the_platforms_it_can_deliver_to() -> None:
    store = connect(":memory:")
    _queue(store, ["telegram:chat:1", "discord:chat:2", "console:chat:3"], per_chat=1)
    got: list[str] = []

    async def deliver(chat: str, reply: Reply) -> Delivery:
        got.append(chat)
        return Delivery.sent()

    report = asyncio.run(send_due(store, FixedClock(NOW), deliver, platforms={"telegram", "console"}))
    assert report.sent == 2 and sorted(got) == ["console:chat:3", "telegram:chat:1"]
    status = {i.chat: (i.status, i.attempts) for i in outbox.items(store)}
    assert status["discord:chat:2"] == ("pending", 0), "left queued, untouched, for the Discord process"
    assert outbox.waiting_by_platform(store, NOW) == {"discord": 1}
