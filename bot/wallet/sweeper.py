"""The alert sweeper: one tick computes every alert that has fallen due and puts it in the outbox.

Why a sweep over `next_check_at` instead of timers: the bot may be down when an alert falls due;
the next tick still finds the rental (its check time is in the past) and the alert goes out late,
saying so, rather than never. Each alert's outbox key names its subject, kind and period, so a
second sweep of the same tick (or two sweepers racing) adds nothing.

Per tick:
- prepaid rentals: reminders 3 and 1 days before the end (the provider's schedule; gpuli's where a
  provider states none), then the expiry itself with the date the provider deletes the data. If the
  bot was down across several stages, the latest is sent (late) and the earlier ones are recorded as
  superseded: a "3 days left" that arrives after "1 day left" helps nobody.
- per-minute rentals: the meter charges the minutes used; the runway alert fires when the balance
  covers less than the job still needs (or 8 hours) plus a 1-hour buffer, once per top-up; a rental
  whose balance ran out is ended as destroyed, with an alert.
- budgets whose spend changed or whose month turned: thresholds crossed by spend or by the forecast.
An alert of a kind the chat turned off is recorded as muted; quiet hours only delay (not_before).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.store import budgets as budget_store
from bot.store import outbox, rentals
from bot.store.connection import Store, ts
from bot.store.outbox import OutboxItem
from bot.store.rentals import Rental
from bot.store.wallets import Prefs, Wallet, account, prefs, wallet
from bot.wallet import budget as budgets
from bot.wallet.operations import (
    LAST_HOUR,
    account_runway,
    expire,
    job_needs_until,
    level_key,
    meter,
    next_check_per_minute,
    next_stage,
    reschedule_account,
    runway_due,
    stages,
    unsent_levels,
)
from bot.wallet.times import quiet_until

log = logging.getLogger("kasuan.alerts")
BATCH = 500
MAX_ROUNDS = 10_000
RETRY_BROKEN = timedelta(minutes=10)  # a row whose processing raised is looked at again after this

FAMILY = {"alert_expiry": "expiry", "alert_expired": "expiry", "alert_runway": "runway",
          "alert_destroyed": "runway", "alert_budget": "budget"}


@dataclass
class SweepReport:
    rentals: int = 0
    budgets: int = 0
    enqueued: int = 0
    metered: int = 0
    expired: int = 0
    destroyed: int = 0
    errors: int = 0


def _alert(store: Store, w: Wallet, p: Prefs, *, kind: str, key: str, data: dict[str, Any], due_at: datetime,
           now: datetime, superseded: bool = False) -> bool:
    """Put one alert in the outbox (once per key), with quiet hours applied to when it may go out."""
    if superseded:
        status = "superseded"
    elif not p.enabled(FAMILY[kind]):
        status = "muted"
    else:
        status = "pending"
    intended = quiet_until(due_at, p.tz, p.quiet_start, p.quiet_end) or due_at
    not_before = max(intended, quiet_until(now, p.tz, p.quiet_start, p.quiet_end) or now)
    return outbox.enqueue(store, key=key, wallet_id=w.id, chat=w.chat, kind=kind, data=data, due_at=due_at,
                          intended_at=intended, not_before=not_before, at=now, status=status)


def rental_facts(r: Rental) -> dict[str, Any]:
    """What an alert says about a rental (raw facts; worded and localized when it is sent)."""
    return {"rental_id": r.id, "provider": r.provider, "gpu": r.gpu, "num_gpus": r.num_gpus, "region": r.region,
            "ends_at": ts(r.ends_at) if r.ends_at else None}


def _prepaid(store: Store, r: Rental, now: datetime, report: SweepReport) -> None:
    w, p = _wallet(store, r.wallet_id)
    after = r.alerted_until or r.created_at
    due = [s for s in stages(r) if after < s[0] <= now]
    assert r.ends_at is not None
    ends = ts(r.ends_at)
    for i, (at, kind, days) in enumerate(due):
        facts = rental_facts(r)
        if kind == "expired":
            r = expire(store, r)
            report.expired += 1
            facts["data_until"] = ts(r.data_until) if r.data_until else None
            facts["retention_days"] = (r.data_until - r.ends_at).days if r.data_until and r.ends_at else None
            key, template = f"rental:{r.id}|expired|{ends}", "alert_expired"
        else:
            facts["days"] = days
            key, template = f"rental:{r.id}|expiry_{days}d|{ends}", "alert_expiry"
        report.enqueued += _alert(store, w, p, kind=template, key=key, data=facts, due_at=at, now=now,
                                  superseded=i < len(due) - 1)
    if due:
        r = rentals.update_rental(store, r.id, alerted_until=due[-1][0])
    rentals.update_rental(store, r.id, next_check_at=next_stage(r) if r.status == "active" else None)


def _per_minute(store: Store, r: Rental, now: datetime, report: SweepReport) -> None:
    w, p = _wallet(store, r.wallet_id)
    scheduled = r.next_check_at or now
    before = r.paid_minor
    r, destroyed = meter(store, r, now)
    report.metered += r.paid_minor != before
    acct = account(store, r.account_id)
    assert acct is not None
    if destroyed:
        report.destroyed += 1
        assert r.ended_at is not None
        facts = rental_facts(r) | {"ended_at": ts(r.ended_at), "paid_minor": r.paid_minor,
                                   "currency": acct.currency, "minutes": r.billed_minutes,
                                   "data_deleted": r.data_until is not None}
        report.enqueued += _alert(store, w, p, kind="alert_destroyed", key=f"rental:{r.id}|destroyed",
                                  data=facts, due_at=r.ended_at, now=now)
        reschedule_account(store, acct, now)  # the others on this balance
        return
    runway = account_runway(store, acct, now)
    assert runway is not None
    due = runway_due(r, acct, runway, now, clamp=False)
    last_hour = runway.covered_until - LAST_HOUR
    facts = rental_facts(r) | {
        "hours_left": str(runway.hours_left), "covered_until": ts(runway.covered_until),
        "needs_until": ts(job_needs_until(r, now)), "balance_minor": acct.balance_minor,
        "funds_minor": runway.funds_minor, "currency": acct.currency, "burn_per_hour": str(runway.burn_per_hour),
    }
    crossed = sorted(h for h in unsent_levels(store, r, acct) if runway.covered_until - timedelta(hours=h) <= now)
    fired = False
    if r.runway_low_seq != acct.topup_seq and last_hour <= now:
        # the last warning before the provider destroys it; it supersedes the earlier level if both are due
        report.enqueued += _alert(store, w, p, kind="alert_runway", key=f"rental:{r.id}|runway_low|{acct.topup_seq}",
                                  data=facts | {"last_hour": True}, due_at=max(last_hour, scheduled, r.created_at),
                                  now=now)
        r = rentals.update_rental(store, r.id, runway_seq=acct.topup_seq, runway_low_seq=acct.topup_seq)
        fired = True
    elif due is not None and due <= now:
        report.enqueued += _alert(store, w, p, kind="alert_runway", key=f"rental:{r.id}|runway|{acct.topup_seq}",
                                  data=facts, due_at=max(due, scheduled, r.created_at), now=now)
        r = rentals.update_rental(store, r.id, runway_seq=acct.topup_seq)
        fired = True
    for i, hours in enumerate(crossed):
        # one message per tick: the most urgent level crossed speaks, unless another runway alert just did
        at = max(runway.covered_until - timedelta(hours=hours), scheduled, r.created_at)
        report.enqueued += _alert(store, w, p, kind="alert_runway", key=level_key(r, hours, acct.topup_seq),
                                  data=facts | {"level_hours": hours}, due_at=at, now=now, superseded=fired or i > 0)
    rentals.update_rental(store, r.id, next_check_at=next_check_per_minute(r, acct, runway, now,
                                                                           unsent_levels(store, r, acct)))


def _budget(store: Store, b: budget_store.Budget, now: datetime, report: SweepReport) -> None:
    w, p = _wallet(store, b.wallet_id)
    crossings, st, period, fired_a, fired_f = budgets.evaluate(store, b, p.tz, now)
    for c in crossings:
        facts = {"threshold": c.threshold, "currency": b.currency, "limit_minor": b.amount_minor,
                 "spent": str(st.spent), "forecast": str(st.forecast), "spent_pct": str(st.spent_pct),
                 "forecast_pct": str(st.forecast_pct), "month": st.month, "converted": st.converted,
                 "forecast_kind": c.kind == "budget_forecast"}
        report.enqueued += _alert(store, w, p, kind="alert_budget", key=f"budget:{w.id}|{c.kind}|{period}:{c.threshold}",
                                  data=facts, due_at=min(b.check_at or now, now), now=now)
    budgets.record(store, b, period, fired_a, fired_f, st.month_end)


def _wallet(store: Store, wallet_id: int) -> tuple[Wallet, Prefs]:
    w = wallet(store, wallet_id)
    assert w is not None
    return w, prefs(store, wallet_id)


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
                        elif r.per_minute:
                            _per_minute(store, r, now, report)
                        else:
                            _prepaid(store, r, now, report)
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
