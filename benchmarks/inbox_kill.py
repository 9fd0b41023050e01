"""Inbox: a polling `kasuan run` SIGKILLed mid-burst and restarted; what its users lost or got twice.

Three runs of testkit/kill_burst.py (the fake Bot API on 127.0.0.1 with Telegram's getUpdates
semantics, 100 private chats, three questions each): one process on SQLite killed at its 100th
reply; two processes on PostgreSQL, the polling-lease holder killed at the 100th reply; and one
process on SQLite killed at a random instant (0.5-3 s after its first reply, whatever it is doing),
which measures the at-least-once window between Telegram accepting a send and the store marking
it answered. Reported: lost, doubled, chats answered out of order, inbox rows left unanswered.

`python -m benchmarks.inbox_kill` runs it alone (about a minute).
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path

from testkit import kill_burst, pg_server

CHATS = 100
KILL_AT = 100


def run(seed: int = 23) -> list[kill_burst.KillReport]:
    rng = random.Random(seed)
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "a").mkdir()
        out.append(asyncio.run(kill_burst.run(str(root / "a" / "k.db"), root / "a", processes=1, chats=CHATS,
                                              kill_at=KILL_AT)))
        pg = pg_server.start()
        try:
            (root / "b").mkdir()
            out.append(asyncio.run(kill_burst.run(pg.new_database(), root / "b", processes=2, chats=CHATS,
                                                  kill_at=KILL_AT)))
        finally:
            pg.stop()
        (root / "c").mkdir()
        out.append(asyncio.run(kill_burst.run(str(root / "c" / "k.db"), root / "c", processes=1, chats=CHATS,
                                              random_kill=rng.uniform(0.5, 3.0))))
    return out


def report(reports: list[kill_burst.KillReport]) -> str:
    lines = [kill_burst.summary(r) + (" [killed at a random instant]" if i == 2 else "")
             for i, r in enumerate(reports)]
    clean = all(r.lost == 0 and r.out_of_order == 0 and r.unanswered_rows == 0 for r in reports)
    exact = all(r.doubled == 0 for r in reports[:2])
    lines.append("PASS" if clean and exact else "FAIL")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(run()))
