"""Shared send pacing: the platform's rate ceilings held across every process that sends with one token.

Why in the store: Telegram counts a bot's messages per token (about 30 a second overall, one a
second in a chat, 20 a minute in a group) whichever process sends them. Each process pacing
itself lets two processes send twice the rate. Here a bucket ("telegram:all", "telegram:chat:42")
is one row holding the time of its next free slot; a sender reserves the next slot with a single
upsert (slot = max(next_at, now); next_at = slot + interval) and waits until its slot. Slots of one
bucket are thus `interval` apart whichever process reserved them: the ceiling holds for the whole
deployment, the way one process's own pacer held it before. One round trip per bucket per send.

Alerts give way to replies: they take a slot only when the bucket is free now (`take_if_free`),
and otherwise wait a little and ask again, so a backlog of alerts never queues ahead of people
waiting for an answer.

Times are unix seconds (float) from each host's clock; hosts must agree (NTP).
"""

from __future__ import annotations

from bot.store.connection import Store

_RESERVE = {
    "sqlite": ("INSERT INTO send_pace (bucket, next_at) VALUES (?, ?) ON CONFLICT (bucket) DO UPDATE"
               " SET next_at = max(send_pace.next_at, ?) + ? RETURNING next_at"),
    "postgresql": ("INSERT INTO send_pace (bucket, next_at) VALUES (?, ?) ON CONFLICT (bucket) DO UPDATE"
                   " SET next_at = GREATEST(send_pace.next_at, ?) + ? RETURNING next_at"),
}


def reserve(store: Store, bucket: str, now: float, interval: float) -> float:
    """Reserve the next slot of `bucket` (slots `interval` seconds apart); returns its unix time
    (`now` when the bucket is idle). The caller sends at that time, not before."""
    r = store.row(_RESERVE[store.dialect], (bucket, now + interval, float(now), float(interval)))
    assert r is not None
    return float(r["next_at"]) - interval


_TAKE_FREE = ("INSERT INTO send_pace (bucket, next_at) VALUES (?, ?) ON CONFLICT (bucket) DO UPDATE"
              " SET next_at = ? + ? WHERE send_pace.next_at <= ? RETURNING next_at")


def take_if_free(store: Store, bucket: str, now: float, interval: float) -> bool:
    """Take the slot at `now` only if nobody has reserved past it (True), else reserve nothing (False).

    For work that must give way (alerts): it never queues ahead of a reply, which always reserves."""
    return store.row(_TAKE_FREE, (bucket, now + interval, float(now), float(interval), float(now))) is not None


def forget_idle(store: Store, before: float) -> int:
    """Drop buckets idle since `before` (one row per chat ever sent to would pile up otherwise)."""
    return store.run("DELETE FROM send_pace WHERE next_at < ?", (before,)).rowcount
