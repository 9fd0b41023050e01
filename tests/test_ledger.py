"""The ledger never loses money: balance == sum of entries under concurrent writers (threads and
separate processes on one file), a repeated idempotency key is applied once, overdrafts are refused
with the shortfall stated, and random sequences of top-ups, rentals, stops and refunds keep every
invariant. `kasuan db check` proves it from the command line."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import threading
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.cli.wallet import cmd_db_check
from bot.store import connect
from bot.store import ledger as ledger_store
from bot.store import rentals as rental_store
from bot.store.connection import Store
from bot.store.wallets import Wallet, accounts, ensure_wallet, find_account
from bot.wallet import operations as ops
from bot.wallet.pricing import minute_cost_minor, plan_rental
from bot.wallet.refusal import Shortfall

T0 = datetime(2026, 12, 1, tzinfo=UTC)
WEEK_4090 = 10_900  # gpuli RTX 4090, one week: ₮109.00


def _wallet(store: Store, owner: str = "telegram:user:1") -> Wallet:
    return ensure_wallet(store, owner, "personal", "telegram:chat:1", T0, "UTC", "en")


def _sum_entries(store: Store, account_id: int) -> int:
    r = store.row("SELECT COALESCE(SUM(amount_minor), 0) AS s FROM ledger WHERE account_id = ?", (account_id,))
    assert r is not None
    return int(r["s"])


def _count(store: Store, table: str) -> int:
    r = store.row(f"SELECT COUNT(*) AS n FROM {table}")
    assert r is not None
    return int(r["n"])


# ---------------------------------------------------------------- basics


def test_topup_is_applied_once_per_key(db_url: str) -> None:
    store = connect(db_url)
    w = _wallet(store)
    first = ops.topup(store, T0, w, "gpuli", "USDT", 50_000, "telegram:1:77:topup", "telegram:user:1")
    again = ops.topup(store, T0 + timedelta(minutes=5), w, "gpuli", "USDT", 50_000, "telegram:1:77:topup",
                      "telegram:user:1")
    assert not first.replay and again.replay and again.entry.id == first.entry.id
    assert again.account.balance_minor == 50_000
    assert _count(store, "ledger") == 1
    assert ledger_store.check(store) == (1, 1, [])


def test_a_charge_below_zero_is_refused_with_the_shortfall_and_writes_nothing(db_url: str) -> None:
    store = connect(db_url)
    w = _wallet(store)
    ops.topup(store, T0, w, "gpuli", "USDT", 10_000, "t1", "u")
    plan = plan_rental("gpuli", "4090", 1, timedelta(days=7))
    before = (_count(store, "ledger"), _count(store, "rentals"))
    with pytest.raises(Shortfall) as caught:
        ops.open_rental(store, T0, w, plan, "rent-1", "u")
    assert caught.value.short_minor == 900  # ₮109.00 needed, ₮100.00 there
    assert caught.value.params["short"] == "₮9.00"
    assert (_count(store, "ledger"), _count(store, "rentals")) == before
    r, _ = ops.open_rental(store, T0, w, plan, "rent-1", "u", overdraft=True)
    acct = find_account(store, w.id, "gpuli", "USDT")
    assert acct is not None and acct.balance_minor == -900 and r.overdraft


def test_db_check_reports_a_tampered_balance(db_url: str, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = db_url
    monkeypatch.setenv("KASUAN_DB", str(path))
    store = connect(path)
    w = _wallet(store)
    ops.topup(store, T0, w, "gpuli", "USDT", 12_345, "t1", "u")
    ops.topup(store, T0, w, "cloudgpu", "USD", 500, "t2", "u")
    assert cmd_db_check(argparse.Namespace(json=True, lang=None)) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] and report["accounts"] == 2 and report["entries"] == 2
    store.run("UPDATE accounts SET balance_minor = balance_minor + 1 WHERE provider = 'gpuli'")  # bypasses the ledger
    assert cmd_db_check(argparse.Namespace(json=False, lang="en")) == 1
    out = capsys.readouterr().out
    assert "MISMATCH" in out and "12346" in out and "12345" in out


# ---------------------------------------------------------------- concurrency

KEYS = 120


def _ops(seed: int, n: int) -> list[tuple[str, str]]:
    """A deterministic mix of top-ups and rentals whose keys repeat (redeliveries, double taps)."""
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        k = rnd.randrange(KEYS)
        out.append(("rent" if k % 4 == 0 else "topup", f"key-{k}"))
    return out


def _amount(key: str) -> int:
    return 1_000 + int(key.split("-")[1]) * 7


def _apply(store: Store, w: Wallet, kind: str, key: str) -> None:
    if kind == "topup":
        ops.topup(store, T0, w, "gpuli", "USDT", _amount(key), key, "u")
    else:
        plan = plan_rental("gpuli", "4090", 1, timedelta(days=7))
        ops.open_rental(store, T0, w, plan, key, "u", overdraft=True)


SEED = 250_000  # ₮2,500 first: however the threads interleave, no overdraft nears the ₮1,000 ceiling


def _seed(store: Store) -> None:
    ops.topup(store, T0, _wallet(store), "gpuli", "USDT", SEED, "seed", "u")


def _expected(all_ops: list[tuple[str, str]]) -> tuple[int, int, int]:
    distinct = {key: kind for kind, key in all_ops}
    topups = [k for k, kind in distinct.items() if kind == "topup"]
    rents = [k for k, kind in distinct.items() if kind == "rent"]
    return SEED + sum(_amount(k) for k in topups) - WEEK_4090 * len(rents), len(distinct) + 1, len(rents)


def _verify(path: str, all_ops: list[tuple[str, str]]) -> None:
    store = connect(path)
    balance, entries, rents = _expected(all_ops)
    acct = accounts(store, 1)
    assert len(acct) == 1
    assert acct[0].balance_minor == balance == _sum_entries(store, acct[0].id)
    assert _count(store, "ledger") == entries, "a repeated key must never be applied twice"
    assert _count(store, "rentals") == rents
    assert ledger_store.check(store)[2] == []


def test_threads_on_one_database_keep_balance_equal_to_entries(db_url: str) -> None:
    path = db_url
    store = connect(path)
    _seed(store)
    store.close()
    plans = [_ops(seed, 150) for seed in range(6)]
    errors: list[BaseException] = []

    def worker(my_ops: list[tuple[str, str]]) -> None:
        try:
            own = connect(path)  # one connection per thread
            w = _wallet(own)
            for kind, key in my_ops:
                _apply(own, w, kind, key)
            own.close()
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(p,)) for p in plans]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    _verify(path, [op for p in plans for op in p])


def _process_worker(path: str, seed: int) -> None:
    store = connect(path)
    w = _wallet(store)
    for kind, key in _ops(seed, 120):
        _apply(store, w, kind, key)
    store.close()


def test_separate_processes_on_one_database_keep_balance_equal_to_entries(db_url: str) -> None:
    path = db_url
    store = connect(path)
    _seed(store)
    store.close()
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_process_worker, args=(str(path), seed)) for seed in (11, 12, 13)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0, 0, 0]
    _verify(path, [op for seed in (11, 12, 13) for op in _ops(seed, 120)])


# ---------------------------------------------------------------- property test

OP = st.one_of(
    st.tuples(st.just("topup"), st.sampled_from(["gpuli", "cloudgpu", "yiwan"]), st.integers(1, 500_000)),
    st.tuples(st.just("rent"), st.sampled_from(["gpuli-week", "gpuli-month", "yiwan-month", "cloud-4090",
                                                "cloud-a100"]), st.integers(0, 10)),
    st.tuples(st.just("wait"), st.sampled_from([10, 59, 61, 125, 600, 1441]), st.integers(0, 59)),
    st.tuples(st.just("stop"), st.integers(0, 20), st.integers(0, 0)),
    st.tuples(st.just("meter"), st.integers(0, 0), st.integers(0, 0)),
    st.tuples(st.just("repeat"), st.integers(0, 40), st.integers(0, 0)),
)
RENTS = {
    "gpuli-week": ("gpuli", "4090", timedelta(days=7)),
    "gpuli-month": ("gpuli", "4090", timedelta(days=30)),
    "yiwan-month": ("yiwan", "a100 40g", timedelta(days=30)),
    "cloud-4090": ("cloudgpu", "4090", None),
    "cloud-a100": ("cloudgpu", "a100 80g", timedelta(hours=3)),
}
CURRENCY = {"gpuli": "USDT", "cloudgpu": "USD", "yiwan": "CNY"}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(OP, min_size=1, max_size=30))
def test_random_sequences_keep_the_books(sequence: list[tuple[str, Any, int]]) -> None:
    """Whatever happens, in whatever order: each balance is the sum of its entries, no balance goes
    below zero without a confirmed overdraft, a repeated key writes nothing, every ended per-minute
    rental paid exactly cost(max(1, ceil(minutes))) and got its hold back, every refunded rental
    nets to zero, and the holds on the books are exactly those of the running rentals."""
    store = connect(":memory:")
    w = _wallet(store)
    now = T0
    done: list[tuple[str, tuple[object, ...]]] = []  # (kind, args) of applied operations, for repeats

    def run(kind: str, args: tuple[object, ...], key: str) -> bool:
        """Apply one operation; False if it was refused (and so wrote nothing)."""
        if kind == "topup":
            prov, amount = str(args[0]), args[1]
            assert isinstance(amount, int)
            ops.topup(store, now, w, prov, CURRENCY[prov], amount, key, "u")
            return True
        prov, card, dur = RENTS[str(args[0])]
        before = _count(store, "ledger")
        try:
            ops.open_rental(store, now, w, plan_rental(prov, card, 1, dur), key, "u")
        except Shortfall:
            assert _count(store, "ledger") == before, "a refused rental wrote something"
            return False
        return True

    for kind, a, b in sequence:
        if kind == "wait":
            now += timedelta(minutes=int(a), seconds=b)
        elif kind == "meter":
            with store.write():
                for r in rental_store.due_rentals(store, now, 100):
                    if r.status == "active" and r.billing == "per_minute":
                        ops.meter(store, r, now)
        elif kind == "stop":
            active = rental_store.wallet_rentals(store, w.id, active=True)
            if active:
                ops.stop_rental(store, now, active[int(a) % len(active)].id, "u")
        elif kind == "repeat":
            if done:
                before = _count(store, "ledger")
                i = int(a) % len(done)
                run(done[i][0], done[i][1], f"op-{i}")
                assert _count(store, "ledger") == before, "a repeated key wrote a new entry"
        else:
            args = (a, b)
            if run(kind, args, f"op-{len(done)}"):
                done.append((kind, args))
        for acct in accounts(store, w.id):
            assert acct.balance_minor == _sum_entries(store, acct.id)
            held = sum(r.hold_minor for r in rental_store.running_per_minute(store, acct.id))
            assert acct.balance_minor + held >= 0, "money went below zero without an overdraft"
    for r in rental_store.wallet_rentals(store, w.id, limit=1000):
        entries = ledger_store.entries_of_rental(store, r.id)
        holds = sum(e.amount_minor for e in entries if e.kind in ("preauth", "release"))
        if r.billing == "per_minute" and r.status != "active":
            assert holds == 0, "a finished per-minute rental gets its whole hold back"
            charged = -sum(e.amount_minor for e in entries if e.kind == "charge")
            assert charged == minute_cost_minor(r.provider, r.gpu, r.num_gpus, r.billed_minutes)
            assert r.billed_minutes >= 1 or r.status == "destroyed"
        if r.billing == "per_minute" and r.status == "active":
            assert holds == -r.hold_minor
        if r.status == "refunded":
            assert sum(e.amount_minor for e in entries) == 0
    assert ledger_store.check(store)[2] == []


def test_per_minute_stop_charges_started_minutes_exactly_once() -> None:
    store = connect(":memory:")
    w = _wallet(store)
    ops.topup(store, T0, w, "cloudgpu", "USD", 1_000, "t", "u")
    r, _ = ops.open_rental(store, T0, w, plan_rental("cloudgpu", "4090", 1, None), "rent", "u")
    later = T0 + timedelta(hours=2, minutes=10)
    with store.write():
        ops.meter(store, r, later)  # 130 whole minutes charged while it runs: $0.715 -> $0.72
    r2, out = ops.stop_rental(store, T0 + timedelta(hours=2, minutes=30, seconds=5), r.id, "u")
    assert out.minutes == 151 and r2.billed_minutes == 151  # 150 min 5 s: every started minute counts
    charges = [-e.amount_minor for e in ledger_store.entries_of_rental(store, r.id) if e.kind == "charge"]
    assert charges == [72, 11]  # cumulative: cost(151) = 0.8305 -> $0.83 in all, never $0.72 + $0.12
    acct = find_account(store, w.id, "cloudgpu", "USD")
    assert acct is not None and acct.balance_minor == 1_000 - 83
