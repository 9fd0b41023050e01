"""The wallet's metered rule (billing models whose rule account is "per_minute": CloudGPU, seed 002):
confirming reserves the pre-authorization (one hour); while the rental runs the sweeper charges the
minutes used (cumulative, so cents never drift); stopping charges the started minutes (at least
one) and releases the hold. When the balance cannot pay the next minute the provider destroys the
instance, so the meter ends the rental there. The runway (how long the balance keeps what runs on
it alive) drives the alerts and each rental's next check. There is nothing to renew. Every
function here runs inside the caller's write transaction.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from bot.store import budgets as budget_store
from bot.store import outbox, rentals
from bot.store.connection import Store, ts
from bot.store.rentals import Rental
from bot.store.wallets import Account, account, prefs
from bot.wallet.alerting import SweepReport, alert, rental_facts, wallet_and_prefs
from bot.wallet.entries import SWEEPER, StopOutcome, elapsed_minutes, entry
from bot.wallet.pricing import (
    DEFAULT_JOB,
    Plan,
    firm,
    hourly_rate,
    minute_cost_minor,
    minutes_of,
    money_minor,
    provider_of,
)
from bot.wallet.refusal import WalletError
from bot.wallet.times import fmt_local, split_duration
from engine.billing import quote
from engine.money import Money
from engine.providers import Provider

RUNWAY_BUFFER = timedelta(hours=1)  # on top of the job's hours: the provider's 1-hour pre-authorization
LAST_HOUR = timedelta(hours=1)  # the final runway alert: the balance covers less than this
HOUR = Decimal(3600)


class Metered:
    kind = "per_minute"  # rentals.billing
    metered = True

    # ------------------------------------------------------------ quote and rent

    def plan(self, p: Provider, card: str, num_gpus: int, duration: timedelta | None, region: str | None) -> Plan:
        """The hold, the hourly rate and the estimate for the job (`duration`, or 8 hours)."""
        job = duration
        q = quote(p.id, card, num_gpus, job or DEFAULT_JOB, region=region)
        estimate = money_minor(firm(q), p.currency)
        hourly = firm(quote(p.id, card, num_gpus, timedelta(hours=1), region=region))
        note = q.note("preauthorization")
        hold = Decimal(str(note.params["hold"])) if note is not None else Decimal(0)
        return Plan(p.id, p.name, q.offer, q.gpu, num_gpus, q.region, self.kind, p.currency,
                    minutes_of(job) if job else None, None, estimate, money_minor(hold, p.currency), hourly,
                    minutes_of(job) if job else None, (), q.price_status)

    def debit_minor(self, plan: Plan) -> int:
        """What leaves the balance on confirmation: the pre-authorization."""
        return plan.hold_minor

    def debit_words(self, debit: str) -> dict[str, str | None]:
        return {"charged": None, "hold": debit}

    def open(self, store: Store, at: datetime, acct: Account, plan: Plan, key: str, actor: str,
             overdraft: bool, common: dict[str, object]) -> Rental:
        job_end = at + timedelta(minutes=plan.job_minutes) if plan.job_minutes else None
        limit = overdraft_limit(acct.balance_minor, plan.hold_minor) if overdraft else 0
        r = rentals.insert_rental(store, billing=self.kind, job_ends_at=job_end, hold_minor=plan.hold_minor,
                                  overdraft_limit_minor=limit, **common)
        if plan.hold_minor:
            entry(store, acct, "preauth", -plan.hold_minor, f"{key}:pay", actor, at, r.id)
        budget_store.mark_budget(store, acct.wallet_id, at)  # the forecast's burn rate changed
        fresh = account(store, acct.id)
        assert fresh is not None
        reschedule_account(store, fresh, at)
        return r

    def balance_changed(self, store: Store, acct: Account, now: datetime) -> None:
        reschedule_account(store, acct, now)

    # ------------------------------------------------------------ stop and renew

    def preview_stop(self, store: Store, r: Rental, at: datetime, acct: Account) -> StopOutcome:
        p = provider_of(r.provider)
        minutes = max(elapsed_minutes(r, at, started=True), p.billing.minimum_minutes or 1)
        total = minute_cost_minor(r.provider, r.gpu, r.num_gpus, minutes)
        deleted = p.lifecycle.disk_deleted_on_destroy
        return StopOutcome("stopped", max(total - r.paid_minor, 0), max(total, r.paid_minor), r.hold_minor, 0, minutes,
                           None, at if deleted else None, acct.currency)

    def stop(self, store: Store, r: Rental, at: datetime, actor: str, acct: Account) -> tuple[Rental, StopOutcome]:
        """Pay the started minutes and release the hold (destroyed back then if the money had run out)."""
        outcome = self.preview_stop(store, r, at, acct)
        r, ran_out = settle(store, r, outcome.minutes, actor)
        if ran_out:  # the balance had already run out: the provider destroyed it back then
            ended = r.started_at + timedelta(minutes=r.billed_minutes)
            r = end(store, r, "destroyed", ended, actor)
            outcome = StopOutcome("destroyed", 0, r.paid_minor, 0, 0, r.billed_minutes, None, r.data_until,
                                  acct.currency)
        else:
            r = end(store, r, "stopped", at, actor)
        fresh = account(store, acct.id)
        assert fresh is not None
        reschedule_account(store, fresh, at)
        return r, outcome

    def renewable(self, r: Rental, at: datetime) -> None:
        raise WalletError("wallet.err.renew_per_minute", id=r.id)

    def renew(self, store: Store, at: datetime, r: Rental, acct: Account, plan: Plan, key: str, actor: str) -> Rental:
        raise WalletError("wallet.err.renew_per_minute", id=r.id)

    # ------------------------------------------------------------ sweeper, budget, display

    def sweep(self, store: Store, r: Rental, now: datetime, report: SweepReport) -> None:
        """Charge the minutes used; end it as destroyed if the money ran out; else the runway alerts."""
        w, p = wallet_and_prefs(store, r.wallet_id)
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
            report.enqueued += alert(store, w, p, kind="alert_destroyed", key=f"rental:{r.id}|destroyed",
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
            report.enqueued += alert(store, w, p, kind="alert_runway", key=f"rental:{r.id}|runway_low|{acct.topup_seq}",
                                     data=facts | {"last_hour": True}, due_at=max(last_hour, scheduled, r.created_at),
                                     now=now)
            r = rentals.update_rental(store, r.id, runway_seq=acct.topup_seq, runway_low_seq=acct.topup_seq)
            fired = True
        elif due is not None and due <= now:
            report.enqueued += alert(store, w, p, kind="alert_runway", key=f"rental:{r.id}|runway|{acct.topup_seq}",
                                     data=facts, due_at=max(due, scheduled, r.created_at), now=now)
            r = rentals.update_rental(store, r.id, runway_seq=acct.topup_seq)
            fired = True
        for i, hours in enumerate(crossed):
            # one message per tick: the most urgent level crossed speaks, unless another runway alert just did
            at = max(runway.covered_until - timedelta(hours=hours), scheduled, r.created_at)
            report.enqueued += alert(store, w, p, kind="alert_runway", key=level_key(r, hours, acct.topup_seq),
                                     data=facts | {"level_hours": hours}, due_at=at, now=now, superseded=fired or i > 0)
        rentals.update_rental(store, r.id, next_check_at=next_check(r, acct, runway, now, unsent_levels(store, r, acct)))

    def unbilled_minor(self, r: Rental, now: datetime) -> int | None:
        """Minutes used that the meter has not charged yet (spend, though not yet in the ledger)."""
        used = minute_cost_minor(r.provider, r.gpu, r.num_gpus, elapsed_minutes(r, now, started=False))
        return max(used - r.paid_minor, 0)

    def burn(self, r: Rental, currency: str, now: datetime, end: datetime) -> Decimal | None:
        """Its hourly price from now to `end`, if it goes on running."""
        seconds = Decimal(max(int((end - now).total_seconds()), 0))
        return hourly_rate(r.provider, r.gpu, r.num_gpus) * seconds / HOUR

    def view(self, store: Store, r: Rental, tz: str, now: datetime, acct: Account | None) -> dict[str, Any]:
        """A running rental shows how long it has run, what it used, its rate and the runway."""
        if r.status != "active":
            return {}
        cur = acct.currency if acct else provider_of(r.provider).currency
        d, h, m = split_duration(now - r.started_at)
        used = minute_cost_minor(r.provider, r.gpu, r.num_gpus, elapsed_minutes(r, now, started=True))
        out: dict[str, Any] = {"running": {"d": d, "h": h, "m": m},
                               "used": Money.from_minor(max(used, r.paid_minor), cur).format(exact=True),
                               "hourly": Money(hourly_rate(r.provider, r.gpu, r.num_gpus), cur).format(exact=True)}
        runway = account_runway(store, acct, now) if acct is not None else None
        if runway is not None:
            out["covered_hours"] = str(runway.hours_left)
            out["destroy_at"] = fmt_local(runway.covered_until, tz)
        return out


def overdraft_limit(balance_minor: int, debit_minor: int) -> int:
    """How far below zero a confirmed per-minute overdraft may go: the shortfall of the hold the
    confirmation showed. Beyond it the meter ends the rental, as the provider destroys an instance
    whose balance is exhausted (seed 002)."""
    return max(debit_minor - balance_minor, 0)


# ---------------------------------------------------------------- the meter


def _affordable(r: Rental, upto: int, funds: int) -> int:
    """The most minutes in [billed, upto] whose cumulative cost the funds still cover."""
    lo, hi = r.billed_minutes, upto
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if minute_cost_minor(r.provider, r.gpu, r.num_gpus, mid) - r.paid_minor <= funds:
            lo = mid
        else:
            hi = mid - 1
    return lo


def settle(store: Store, r: Rental, minutes: int, actor: str) -> tuple[Rental, bool]:
    """Charge a per-minute rental up to `minutes` billed minutes (cumulative); (rental, ran out).

    If the balance (plus this rental's hold, plus the overdraft limit the user confirmed) cannot pay,
    only the minutes it could pay are charged and `ran out` is True: the provider destroys an
    instance when the balance is exhausted. An overdraft moves that point, never removes it.
    """
    acct = account(store, r.account_id)
    assert acct is not None
    minutes = max(minutes, r.billed_minutes)
    target = minute_cost_minor(r.provider, r.gpu, r.num_gpus, minutes)
    funds = acct.balance_minor + r.hold_minor + (r.overdraft_limit_minor if r.overdraft else 0)
    ran_out = False
    if target - r.paid_minor > funds:
        minutes = _affordable(r, minutes, funds)
        target = minute_cost_minor(r.provider, r.gpu, r.num_gpus, minutes)
        ran_out = True
    charge = target - r.paid_minor
    at = r.started_at + timedelta(minutes=minutes)
    if charge > 0:
        entry(store, acct, "charge", -charge, f"rental:{r.id}:minutes:{minutes}", actor, at, r.id,
              memo=f"{minutes} min")
    r = rentals.update_rental(store, r.id, billed_minutes=minutes, paid_minor=target)
    return r, ran_out


def end(store: Store, r: Rental, status: str, ended_at: datetime, actor: str) -> Rental:
    """End a metered rental: release its hold; the provider deletes the disk where it says so."""
    acct = account(store, r.account_id)
    assert acct is not None
    if r.hold_minor:
        entry(store, acct, "release", r.hold_minor, f"rental:{r.id}:release", actor, ended_at, r.id)
    deleted = provider_of(r.provider).lifecycle.disk_deleted_on_destroy
    r = rentals.update_rental(store, r.id, status=status, ended_at=ended_at, hold_minor=0, next_check_at=None,
                              data_until=ended_at if deleted else None)
    budget_store.mark_budget(store, r.wallet_id, ended_at)
    return r


def meter(store: Store, r: Rental, now: datetime) -> tuple[Rental, bool]:
    """Charge the whole minutes a running rental has used by `now`; end it if the money ran out.

    Returns (rental, destroyed). Call inside a write transaction.
    """
    r, ran_out = settle(store, r, elapsed_minutes(r, now, started=False), SWEEPER)
    if ran_out:
        r = end(store, r, "destroyed", r.started_at + timedelta(minutes=r.billed_minutes), SWEEPER)
    return r, ran_out


# ---------------------------------------------------------------- the runway


@dataclass(frozen=True)
class Runway:
    """How long an account's balance keeps its running per-minute rentals alive."""

    funds_minor: int  # balance + holds - minutes used but not yet charged
    burn_per_hour: Decimal
    hours_left: Decimal
    covered_until: datetime
    currency: str


def account_runway(store: Store, acct: Account, now: datetime) -> Runway | None:
    running = rentals.running_per_minute(store, acct.id)
    if not running:
        return None
    unbilled = sum(minute_cost_minor(r.provider, r.gpu, r.num_gpus, elapsed_minutes(r, now, started=False))
                   - r.paid_minor for r in running)
    funds = (acct.balance_minor + sum(r.hold_minor + (r.overdraft_limit_minor if r.overdraft else 0) for r in running)
             - max(unbilled, 0))
    burn = sum((hourly_rate(r.provider, r.gpu, r.num_gpus) for r in running), Decimal(0))
    hours = max(Money.from_minor(funds, acct.currency).amount / burn, Decimal(0)) if burn > 0 else Decimal(0)
    covered = now + timedelta(seconds=int(hours * 3600))
    return Runway(funds, burn, hours.quantize(Decimal("0.1")), covered, acct.currency)


def job_needs_until(r: Rental, now: datetime) -> datetime:
    """Until when the user's job needs the card: its planned end, or (unknown) 8 hours from now."""
    return max(r.job_ends_at, now) if r.job_ends_at is not None else now + DEFAULT_JOB


def runway_due(r: Rental, acct: Account, runway: Runway, now: datetime, *, clamp: bool = True) -> datetime | None:
    """When the runway alert falls due for this balance (None: already sent since the last top-up).

    Unclamped, the instant it fell due (in the past when the sweeper was not running then), so the
    alert can say it is late; clamped, never before `now`.
    """
    if r.runway_seq == acct.topup_seq:
        return None
    if r.job_ends_at is not None and runway.covered_until < r.job_ends_at + RUNWAY_BUFFER:
        due = r.started_at  # short of the planned job from the start (or since the last top-up)
    elif r.job_ends_at is not None:
        due = runway.covered_until - RUNWAY_BUFFER  # after the planned end only the buffer is needed
    else:
        due = runway.covered_until - DEFAULT_JOB - RUNWAY_BUFFER
    return max(due, now) if clamp else due


def level_key(r: Rental, hours: int, topup_seq: int) -> str:
    """The outbox key of a chosen runway level's warning: once per level per top-up."""
    return f"rental:{r.id}|runway_{hours}h|{topup_seq}"


def unsent_levels(store: Store, r: Rental, acct: Account) -> list[int]:
    """The wallet's runway levels (/alerts runway 24h 6h) not yet warned about since the last top-up."""
    return [h for h in prefs(store, acct.wallet_id).runway_hours if not outbox.has(store, level_key(r, h, acct.topup_seq))]


def next_check(r: Rental, acct: Account, runway: Runway, now: datetime, levels: list[int] | None = None) -> datetime:
    """The next instant the sweeper must look: the next hourly meter reading, the runway alert, a
    chosen runway level (`levels`: hours left, not yet warned about), or the balance running out;
    never before the next minute boundary (so one tick handles a rental once)."""
    minute_after = r.started_at + timedelta(minutes=elapsed_minutes(r, now, started=False) + 1)
    candidates = [r.started_at + timedelta(minutes=r.billed_minutes + 60)]
    candidates += [runway.covered_until - timedelta(hours=h) for h in levels or ()]
    due = runway_due(r, acct, runway, now)
    if due is not None:
        candidates.append(due)
    if r.runway_low_seq != acct.topup_seq:
        candidates.append(runway.covered_until - LAST_HOUR)
    candidates.append(runway.covered_until)  # an overdraft too ends at its limit
    return max(min(candidates), minute_after)


def reschedule_account(store: Store, acct: Account, now: datetime) -> None:
    """The balance or what runs on it changed: recompute every running rental's next check."""
    runway = account_runway(store, acct, now)
    if runway is None:
        return
    for r in rentals.running_per_minute(store, acct.id):
        rentals.update_rental(store, r.id, next_check_at=next_check(r, acct, runway, now, unsent_levels(store, r, acct)))


RULE = Metered()
