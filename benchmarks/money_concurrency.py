"""Money under concurrency and kill -9: worker processes move money through the wallet handlers on
one SQLite file while the parent kills them at random moments and restarts them.

Each worker is one user in one chat doing what users do: top-ups, a prepaid rental confirmed with
its button, a per-minute rental, stops, and (every so often) an alert sweep that meters the
per-minute rentals. Before each operation it notes "begin <event id>" in its journal and after it
"done <event id>" (flushed and fsynced), as a bot notes an update id. A worker killed mid-operation is
restarted and first redelivers the operation it was in (the same event id), as Telegram redelivers an
unacknowledged update. Bounded (seconds, not minutes) and local (a temporary directory).

Checked at the end: every balance equals the sum of its entries and the schema's integrity holds
(`kasuan db check`); every begun top-up is in the ledger exactly once (none lost, none doubled);
no per-minute rental is charged beyond its balance and hold.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

WORKERS = 4
DURATION = 15.0  # seconds of load
KILL_EVERY = (0.8, 2.0)  # seconds between kills (a restart costs ~0.5 s of imports)
T0 = datetime(2026, 12, 1, tzinfo=UTC)


@dataclass
class MoneyReport:
    operations: int
    kills: int
    redelivered: int
    topups_begun: int
    topups_in_ledger: int
    duplicates: int
    mismatches: int
    problems: int
    seconds: float


def _journal(path: Path) -> tuple[list[str], str | None]:
    """(events done, the event begun but not done) from a worker's journal."""
    done: list[str] = []
    begun: str | None = None
    if path.exists():
        for line in path.read_text().splitlines():
            kind, _, event = line.partition(" ")
            if kind == "begin":
                begun = event
            elif kind == "done" and event == begun:
                done.append(event)
                begun = None
    return done, begun


def worker(db: str, wid: int, journal: str, seed: int) -> None:
    """One user's operations until killed (or for DURATION × 3 at most)."""
    from bot.clock import FixedClock
    from bot.messages import Incoming
    from bot.store import connect
    from bot.wallet import handle_button, handle_command, sweep

    store = connect(Path(db))
    jpath = Path(journal)
    done, pending = _journal(jpath)
    rng = random.Random(seed * 1000 + len(done))
    counter = len(done) + (1 if pending else 0)
    log = jpath.open("a")
    deadline = time.monotonic() + DURATION * 3

    def note(line: str) -> None:
        log.write(line + "\n")
        log.flush()
        os.fsync(log.fileno())

    def run(event: str) -> None:
        kind, _, n = event.partition("-")
        clock = FixedClock(T0 + timedelta(minutes=int(n)))
        inc = Incoming(text="", user_id=str(wid), chat_id=str(wid), platform="telegram", event_id=event)
        if kind == "topup":
            handle_command(store, clock, inc, "topup", f"{10 + int(n) % 90} USDT gpuli", "en")
            handle_command(store, clock, Incoming(**{**inc.__dict__, "event_id": event + "c"}), "topup",
                           "5 usd cloudgpu", "en")
        elif kind in ("rent", "minute"):
            args = "4090 week gpuli" if kind == "rent" else "4090 cloudgpu"
            reply = handle_command(store, clock, inc, "rent", args, "en")
            if reply.buttons:
                press = Incoming(**{**inc.__dict__, "event_id": event + "p", "button": reply.buttons[0].payload})
                handle_button(store, clock, press, reply.buttons[0].payload, "en")
        elif kind == "stop":
            reply = handle_command(store, clock, inc, "stop", str(1 + int(n) % 40), "en")
            if reply.buttons:
                press = Incoming(**{**inc.__dict__, "event_id": event + "p", "button": reply.buttons[0].payload})
                handle_button(store, clock, press, reply.buttons[0].payload, "en")
        else:
            sweep(store, clock.now())

    if pending:  # the update we were killed in: redelivered with the same id
        run(pending)
        note(f"done {pending}")
    while time.monotonic() < deadline:
        counter += 1
        kind = rng.choices(["topup", "rent", "minute", "stop", "sweep"], [5, 2, 1, 2, 1])[0]
        event = f"{kind}-{counter}"
        note(f"begin {event}")
        run(event)
        note(f"done {event}")


def run(workers: int = WORKERS, duration: float = DURATION, seed: int = 7) -> MoneyReport:
    from bot.store import connect
    from bot.store.ledger import check, integrity

    ctx = multiprocessing.get_context("spawn")
    rng = random.Random(seed)
    kills = redelivered = 0
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "money.db"
        connect(db).close()
        journals = [Path(tmp) / f"w{i}.log" for i in range(workers)]
        procs = {i: ctx.Process(target=worker, args=(str(db), i + 1, str(journals[i]), seed + i))
                 for i in range(workers)}
        for p in procs.values():
            p.start()
        end = time.monotonic() + duration
        while time.monotonic() < end:
            time.sleep(rng.uniform(*KILL_EVERY))
            i = rng.randrange(workers)
            victim = procs[i]
            if victim.pid is not None and victim.is_alive():
                os.kill(victim.pid, signal.SIGKILL)
                victim.join()
                kills += 1
                if _journal(journals[i])[1] is not None:
                    redelivered += 1
            procs[i] = ctx.Process(target=worker, args=(str(db), i + 1, str(journals[i]), seed + i + kills))
            procs[i].start()
        for p in procs.values():  # a clean stop: kill between operations is not needed now
            if p.pid is not None and p.is_alive():
                os.kill(p.pid, signal.SIGKILL)
            p.join()
        for i in range(workers):  # finish each worker's interrupted operation, as a restart would
            if _journal(journals[i])[1] is not None:
                redelivered += 1
                last = ctx.Process(target=_finish, args=(str(db), i + 1, str(journals[i])))
                last.start()
                last.join()
        store = connect(db)
        _, _, bad = check(store)
        problems = integrity(store)
        begun = done_ops = 0
        topup_keys: set[str] = set()
        for i, j in enumerate(journals):
            done, pending = _journal(j)
            assert pending is None
            done_ops += len(done)
            for event in done:
                if event.startswith("topup-"):
                    begun += 1
                    topup_keys.add(f"telegram:{i + 1}:{event}:topup")
        rows = store.rows("SELECT idem_key, COUNT(*) AS n FROM ledger WHERE kind = 'topup' GROUP BY idem_key")
        in_ledger = {r["idem_key"] for r in rows if r["idem_key"] in topup_keys}
        duplicates = sum(int(r["n"]) - 1 for r in rows)
        store.close()
    return MoneyReport(done_ops, kills, redelivered, begun, len(in_ledger), duplicates, len(bad), len(problems),
                       time.monotonic() - start)


def _finish(db: str, wid: int, journal: str) -> None:
    """Redeliver a worker's interrupted operation and stop (the end of the run)."""
    global DURATION
    DURATION = 0.0
    worker(db, wid, journal, 0)


def report(r: MoneyReport) -> str:
    lost = r.topups_begun - r.topups_in_ledger
    return (f"{r.operations:,} wallet operations by {WORKERS} processes on one SQLite file in {r.seconds:.0f} s, "
            f"{r.kills} kill -9s ({r.redelivered} mid-operation, redelivered with the same update id): "
            f"{r.topups_in_ledger:,} of {r.topups_begun:,} top-ups in the ledger ({lost} lost, {r.duplicates} doubled), "
            f"{r.mismatches} balance mismatches, {r.problems} integrity problems")


if __name__ == "__main__":
    print(report(run()))
