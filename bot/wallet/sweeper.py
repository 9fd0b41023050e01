"""The alert sweeper: one tick computes every alert that has fallen due and puts it in the outbox.

Why a sweep over `next_check_at` instead of timers: the bot may be down when an alert falls due;
the next tick still finds the rental (its check time is in the past) and the alert goes out late,
saying so, rather than never. Each alert's outbox key names its subject, kind and period, so a
second sweep of the same tick (or two sweepers racing) adds nothing.

Per tick, each due rental is handed to its rule (bot/wallet/rental_rule.py):
- prepaid rentals: reminders 3 and 1 days before the end (the provider's schedule; gpuli's where a
  provider states none), then the expiry itself with the date the provider deletes the data. If the
  bot was down across several stages, the latest is sent (late) and the earlier ones are recorded as
  superseded: a "3 days left" that arrives after "1 day left" helps nobody.
- per-minute rentals: the meter charges the minutes used; the runway alert fires when the balance
  covers less than the job still needs (or 8 hours) plus a 1-hour buffer, once per top-up; a rental
  whose balance ran out is ended as destroyed, with an alert.
- budgets whose spend changed or whose month turned: thresholds crossed by spend or by the forecast;
- reminders whose named moment has come ("remind me on Friday 6 pm to ..."), once each.
An alert of a kind the chat turned off is recorded as muted; quiet hours only delay (not_before).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from bot.store import budgets as budget_store
from bot.store import outbox, rentals
from bot.store.connection import Store
from bot.store.outbox import OutboxItem
from bot.wallet import budget as budgets
from bot.wallet.alerting import SweepReport, alert, wallet_and_prefs
from bot.wallet.reminders import sweep_reminders
from bot.wallet.rental_rule import rule_for

log = logging.getLogger("kasuan.alerts")
BATCH = 500
MAX_ROUNDS = 10_000
RETRY_BROKEN = timedelta(minutes=10)  # a row whose processing raised is looked at again after this


def _budget(store: Store, b: budget_store.Budget, now: datetime, report: SweepReport) -> None:
    w, p = wallet_and_prefs(store, b.wallet_id)
    crossings, st, period, fired_a, fired_f = budgets.evaluate(store, b, p.tz, now)
    for c in crossings:
        facts = {"threshold": c.threshold, "currency": b.currency, "limit_minor": b.amount_minor,
                 "spent": str(st.spent), "forecast": str(st.forecast), "spent_pct": str(st.spent_pct),
                 "forecast_pct": str(st.forecast_pct), "month": st.month, "converted": st.converted,
                 "forecast_kind": c.kind == "budget_forecast", "span": b.span}
        report.enqueued += alert(store, w, p, kind="alert_budget", key=f"budget:{w.id}|{c.kind}|{period}:{c.threshold}",
                                  data=facts, due_at=min(b.check_at or now, now), now=now)
    budgets.record(store, b, period, fired_a, fired_f, st.month_end)


def sweep(store: Store, now: datetime) -> SweepReport:
    """One tick: handle every rental and budget whose check time has come (indexed look-ups only).

    Each batch is one write transaction and each row a savepoint inside it: a row whose processing
    fails is rolled back alone, logged, and looked at again later.
    """
    report = SweepReport()
    for _ in range(MAX_ROUNDS):
        with store.write():
            due = rentals.due_rentals(store, now, BATCH)
            for r in due:
                try:
                    with store.savepoint():
                        if r.status != "active":
                            rentals.update_rental(store, r.id, next_check_at=None)
                        else:  # the rental's rule: prepaid reminders and expiry, or the meter and runway
                            rule_for(r.billing).sweep(store, r, now, report)
                except Exception:
                    log.exception("sweep: rental %s failed", r.id)
                    report.errors += 1
                    rentals.update_rental(store, r.id, next_check_at=now + RETRY_BROKEN)
            report.rentals += len(due)
        if len(due) < BATCH:
            break
    for _ in range(MAX_ROUNDS):
        with store.write():
            due_b = budget_store.due_budgets(store, now, BATCH)
            for b in due_b:
                try:
                    with store.savepoint():
                        _budget(store, b, now, report)
                except Exception:
                    log.exception("sweep: budget of wallet %s failed", b.wallet_id)
                    report.errors += 1
                    budget_store.record_check(store, b.wallet_id, period=b.period or "", fired_actual=b.fired_actual,
                                              fired_forecast=b.fired_forecast, check_at=now + RETRY_BROKEN)
            report.budgets += len(due_b)
        if len(due_b) < BATCH:
            break
    sweep_reminders(store, now, report)  # "remind me on Friday 6 pm": the moments named that have come
    return report


class _DryRun(Exception):
    """Raised to roll back a sweep that was only meant to look."""


def due_alerts(store: Store, now: datetime) -> list[OutboxItem]:
    """What would be delivered at `now` (already queued, or newly due), without writing anything:
    the sweep runs inside a transaction that is rolled back."""
    found: list[OutboxItem] = []
    try:
        with store.write():
            sweep(store, now)
            found = outbox.ready(store, now)
            raise _DryRun
    except _DryRun:
        pass
    return found
