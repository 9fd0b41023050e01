"""Budgets per wallet (a month's, or a week's: `span`) and the marks of which thresholds have already fired.

Why `check_at`: spend only changes when money moves or a month turns, so a budget is recomputed
when one of those happens (the ledger code marks it), not on every tick for every wallet.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.connection import Row, Store, from_ts, opt_ts, ts


@dataclass(frozen=True)
class Budget:
    wallet_id: int
    amount_minor: int
    currency: str
    thresholds: tuple[int, ...]
    epoch: int
    period: str | None
    fired_actual: int
    fired_forecast: int
    check_at: datetime | None
    set_by: str
    updated_at: datetime
    span: str = "month"  # the period the amount is for: "month" or "week"


def _budget(r: Row) -> Budget:
    return Budget(r["wallet_id"], r["amount_minor"], r["currency"],
                  tuple(int(x) for x in r["thresholds"].split(",") if x), r["epoch"], r["period"],
                  r["fired_actual"], r["fired_forecast"], opt_ts(r["check_at"]), r["set_by"], from_ts(r["updated_at"]),
                  r["span"] or "month")


def budget(store: Store, wallet_id: int) -> Budget | None:
    r = store.row("SELECT * FROM budgets WHERE wallet_id = ?", (wallet_id,))
    return _budget(r) if r is not None else None


def set_budget(store: Store, wallet_id: int, amount_minor: int, currency: str, thresholds: tuple[int, ...],
               by: str, at: datetime, span: str = "month") -> Budget:
    """Set (or replace) the budget of a month or a week: a new budget re-arms every threshold (epoch + 1)."""
    text = ",".join(str(t) for t in thresholds)
    store.run(
        "INSERT INTO budgets (wallet_id, amount_minor, currency, thresholds, epoch, period, fired_actual,"
        " fired_forecast, check_at, set_by, updated_at, span) VALUES (?, ?, ?, ?, 1, NULL, 0, 0, ?, ?, ?, ?)"
        " ON CONFLICT (wallet_id) DO UPDATE SET amount_minor = excluded.amount_minor, currency = excluded.currency,"
        " thresholds = excluded.thresholds, epoch = budgets.epoch + 1, period = NULL, fired_actual = 0,"
        " fired_forecast = 0, check_at = excluded.check_at, set_by = excluded.set_by, updated_at = excluded.updated_at,"
        " span = excluded.span",
        (wallet_id, amount_minor, currency, text, ts(at), by, ts(at), span),
    )
    found = budget(store, wallet_id)
    assert found is not None
    return found


def clear_budget(store: Store, wallet_id: int) -> bool:
    return store.run("DELETE FROM budgets WHERE wallet_id = ?", (wallet_id,)).rowcount > 0


def mark_budget(store: Store, wallet_id: int, at: datetime, *, rearm: bool = False) -> None:
    """Spend (or, with `rearm`, a top-up) changed: recompute at `at`; a top-up re-arms the thresholds."""
    if rearm:
        store.run("UPDATE budgets SET epoch = epoch + 1, check_at = ? WHERE wallet_id = ?", (ts(at), wallet_id))
    else:
        store.run("UPDATE budgets SET check_at = ? WHERE wallet_id = ? AND (check_at IS NULL OR check_at > ?)",
                  (ts(at), wallet_id, ts(at)))


def record_check(store: Store, wallet_id: int, *, period: str, fired_actual: int, fired_forecast: int,
                 check_at: datetime | None) -> None:
    store.run("UPDATE budgets SET period = ?, fired_actual = ?, fired_forecast = ?, check_at = ? WHERE wallet_id = ?",
              (period, fired_actual, fired_forecast, None if check_at is None else ts(check_at), wallet_id))


DUE_SQL = "SELECT * FROM budgets WHERE check_at <= ? ORDER BY check_at LIMIT ?"


def due_budgets(store: Store, now: datetime, limit: int) -> list[Budget]:
    return [_budget(r) for r in store.rows(DUE_SQL, (ts(now), limit))]
