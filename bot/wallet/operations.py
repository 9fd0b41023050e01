"""The money rules: top-ups, rentals, stops, renewals, refunds, and the per-minute meter.

Why one module: every rule here changes a balance, and each does so in one write transaction that
also writes what the money was for (the rental row, its schedule, the budget's "recompute" mark).
A rule either happens completely or not at all, and its ledger keys make a second attempt (a
redelivered update, a double-tapped button, two sweepers) a no-op.

Billing, as the seeds state it:
- prepaid cycles (gpuli, 一万网络): the quoted price is charged when the rental is confirmed; stopping
  early refunds nothing, except within the provider's refund window after creation (gpuli: 1 hour).
- per minute (CloudGPU): confirming reserves the pre-authorization (one hour); while it runs the
  sweeper charges the minutes used (cumulative, so cents never drift); stopping charges the started
  minutes (at least one) and releases the hold. When the balance cannot pay the next minute, the
  provider destroys the instance: the meter ends the rental there.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from bot.store import budgets as budget_store
from bot.store import ledger, outbox, rentals
from bot.store.connection import Store
from bot.store.ledger import Entry
from bot.store.rentals import Rental
from bot.store.wallets import Account, Wallet, account, ensure_account, prefs
from bot.wallet.pricing import DEFAULT_JOB, Plan, hourly_rate, minute_cost_minor, provider_of, reminder_days
from bot.wallet.refusal import Shortfall, WalletError
from engine.money import Money
from engine.providers import currencies

SWEEPER = "kasuan:sweeper"
RUNWAY_BUFFER = timedelta(hours=1)  # on top of the job's hours: the provider's 1-hour pre-authorization
LAST_HOUR = timedelta(hours=1)  # the final runway alert: the balance covers less than this
MINUTE_US = 60_000_000


# ---------------------------------------------------------------- shared steps


def _entry(store: Store, acct: Account, kind: str, amount: int, key: str, actor: str, at: datetime,
           rental_id: int | None = None, memo: str | None = None) -> Entry | None:
    """Append an entry and mark the wallet's budget for recomputation when it is spend."""
    e = ledger.append_entry(store, account_id=acct.id, kind=kind, amount_minor=amount, currency=acct.currency,
                            key=key, actor=actor, at=at, rental_id=rental_id, memo=memo)
    if e is not None and kind in ledger.SPEND_KINDS:
        budget_store.mark_budget(store, acct.wallet_id, at)
    return e


OVERDRAFT_CEILING_USD = Decimal(1000)  # no confirmed overdraft takes a balance below this, in any currency


def overdraft_ceiling_minor(currency: str) -> int:
    """The deepest a confirmed overdraft may take a balance, in `currency`'s minor units (positive):
    $1,000 at the catalog's comparison rate (₮1,000, ¥7,100), whole major units."""
    cur = currencies().get(currency)
    return int((OVERDRAFT_CEILING_USD * cur.per_usd).to_integral_value()) * 10 ** cur.minor_units


def check_funds(acct: Account, debit_minor: int, overdraft: bool, floor_minor: int | None = None) -> None:
    """Refuse a debit that would take the balance below zero, stating the shortfall; a confirmed
    overdraft may go below zero, but never below the floor its confirmation stated (`floor_minor`,
    the balance shown after the charge) nor below the ceiling, whatever was confirmed."""
    after = acct.balance_minor - debit_minor
    if debit_minor <= 0 or after >= 0:
        return
    if overdraft:
        floor = max(-overdraft_ceiling_minor(acct.currency), floor_minor if floor_minor is not None else after)
        if after < floor:
            raise WalletError("wallet.err.overdraft_limit",
                              after=Money.from_minor(after, acct.currency).format(exact=True),
                              floor=Money.from_minor(floor, acct.currency).format(exact=True))
        return
    short = debit_minor - acct.balance_minor
    need, have, gap = (Money.from_minor(m, acct.currency).format(exact=True)
                       for m in (debit_minor, acct.balance_minor, short))
    raise Shortfall(need=need, have=have, short=gap, short_minor=short)


def elapsed_minutes(r: Rental, at: datetime, *, started: bool) -> int:
    """Whole minutes since billing began: rounded up (`started`: every started minute is billed) or down."""
    us = (at - r.started_at) // timedelta(microseconds=1)
    if us <= 0:
        return 0
    return -(-us // MINUTE_US) if started else us // MINUTE_US


# ---------------------------------------------------------------- top-up


@dataclass(frozen=True)
class TopUp:
    entry: Entry
    account: Account
    replay: bool  # the update was seen before: nothing new was written


def topup(store: Store, at: datetime, wallet: Wallet, provider: str, currency: str, amount_minor: int, key: str,
          actor: str) -> TopUp:
    """Record money added to a provider balance (once per key). Re-arms budget thresholds and the
    runway alert of anything running on that balance."""
    if amount_minor <= 0:
        raise WalletError("wallet.err.not_positive", amount=str(amount_minor))
    with store.write():
        acct = ensure_account(store, wallet.id, provider, currency)
        prior = ledger.entry_by_key(store, key)
        if prior is not None:
            found = account(store, prior.account_id)
            assert found is not None
            return TopUp(prior, found, True)
        e = _entry(store, acct, "topup", amount_minor, key, actor, at)
        assert e is not None
        budget_store.mark_budget(store, wallet.id, at, rearm=True)
        fresh = account(store, acct.id)
        assert fresh is not None
        reschedule_account(store, fresh, at)
    return TopUp(e, fresh, False)


# ---------------------------------------------------------------- rent


def open_rental(store: Store, at: datetime, wallet: Wallet, plan: Plan, key: str, actor: str,
                overdraft: bool = False, floor_minor: int | None = None) -> tuple[Rental, bool]:
    """Record a confirmed rental and take its money (price, or pre-authorization); (rental, replay)."""
    with store.write():
        prior = ledger.entry_by_key(store, f"{key}:pay")
        if prior is not None and prior.rental_id is not None:
            found = rentals.rental(store, prior.rental_id)
            assert found is not None
            return found, True
        acct = ensure_account(store, wallet.id, plan.provider, plan.currency)
        check_funds(acct, plan.debit_minor, overdraft, floor_minor)
        common: dict[str, object] = dict(
            wallet_id=wallet.id, account_id=acct.id, created_by=actor, provider=plan.provider, offer=plan.offer,
            gpu=plan.gpu, num_gpus=plan.num_gpus, region=plan.region, status="active", created_at=at, started_at=at,
            overdraft=overdraft,
        )
        if plan.per_minute:
            job_end = at + timedelta(minutes=plan.job_minutes) if plan.job_minutes else None
            limit = overdraft_limit(acct.balance_minor, plan.debit_minor) if overdraft else 0
            r = rentals.insert_rental(store, billing="per_minute", job_ends_at=job_end, hold_minor=plan.hold_minor,
                                      overdraft_limit_minor=limit, **common)
            if plan.hold_minor:
                _entry(store, acct, "preauth", -plan.hold_minor, f"{key}:pay", actor, at, r.id)
            budget_store.mark_budget(store, wallet.id, at)  # the forecast's burn rate changed
            fresh = account(store, acct.id)
            assert fresh is not None
            reschedule_account(store, fresh, at)
        else:
            assert plan.bought_minutes is not None
            r = rentals.insert_rental(
                store, billing="cycles", ends_at=at + timedelta(minutes=plan.bought_minutes),
                term_minutes=plan.requested_minutes, term_price_minor=plan.price_minor, paid_minor=plan.price_minor,
                alerted_until=at, **common)
            _entry(store, acct, "charge", -plan.price_minor, f"{key}:pay", actor, at, r.id)
            r = rentals.update_rental(store, r.id, next_check_at=next_stage(r))
        found = rentals.rental(store, r.id)
        assert found is not None
    return found, False


def overdraft_limit(balance_minor: int, debit_minor: int) -> int:
    """How far below zero a confirmed per-minute overdraft may go: the shortfall of the hold the
    confirmation showed. Beyond it the meter ends the rental, as the provider destroys an instance
    whose balance is exhausted (seed 002)."""
    return max(debit_minor - balance_minor, 0)


# ---------------------------------------------------------------- prepaid schedule


def stages(r: Rental) -> list[tuple[datetime, str, int]]:
    """(due time, kind, days before) of a prepaid rental's alerts: reminders, then the expiry itself."""
    assert r.ends_at is not None
    out = [(r.ends_at - timedelta(days=d), "expiry", d) for d in reminder_days(provider_of(r.provider))]
    out.append((r.ends_at, "expired", 0))
    return sorted(out)


def next_stage(r: Rental) -> datetime | None:
    """The next alert instant of a prepaid rental after the last one handled."""
    after = r.alerted_until or r.created_at
    return next((due for due, _, _ in stages(r) if due > after), None)


def expire(store: Store, r: Rental) -> Rental:
    """The paid time is over: the rental has expired; the provider keeps the data for a while."""
    assert r.ends_at is not None
    keep = provider_of(r.provider).lifecycle.data_retention_days
    return rentals.update_rental(store, r.id, status="expired", ended_at=r.ends_at,
                                 data_until=r.ends_at + timedelta(days=keep) if keep is not None else None)


# ---------------------------------------------------------------- per-minute meter and runway


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
        _entry(store, acct, "charge", -charge, f"rental:{r.id}:minutes:{minutes}", actor, at, r.id,
               memo=f"{minutes} min")
    r = rentals.update_rental(store, r.id, billed_minutes=minutes, paid_minor=target)
    return r, ran_out


def _end_per_minute(store: Store, r: Rental, status: str, ended_at: datetime, actor: str) -> Rental:
    acct = account(store, r.account_id)
    assert acct is not None
    if r.hold_minor:
        _entry(store, acct, "release", r.hold_minor, f"rental:{r.id}:release", actor, ended_at, r.id)
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
        r = _end_per_minute(store, r, "destroyed", r.started_at + timedelta(minutes=r.billed_minutes), SWEEPER)
    return r, ran_out


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


def next_check_per_minute(r: Rental, acct: Account, runway: Runway, now: datetime,
                          levels: list[int] | None = None) -> datetime:
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
        rentals.update_rental(store, r.id, next_check_at=next_check_per_minute(r, acct, runway, now,
                                                                               unsent_levels(store, r, acct)))


# ---------------------------------------------------------------- stop


@dataclass(frozen=True)
class StopOutcome:
    """What stopping a rental does to the money, before or after it is done."""

    status: str  # stopped | refunded | destroyed
    charge_minor: int  # per-minute: the final charge
    total_minor: int  # per-minute: the whole run's cost (already metered + the final charge)
    release_minor: int  # per-minute: the pre-authorization released
    refund_minor: int  # prepaid inside the refund window
    minutes: int  # per-minute: billed minutes in all
    refund_until: datetime | None  # prepaid: end of the refund window
    data_until: datetime | None
    currency: str


def preview_stop(store: Store, r: Rental, at: datetime) -> StopOutcome:
    """What `stop_rental` would do at `at`, without writing anything."""
    acct = account(store, r.account_id)
    assert acct is not None
    p = provider_of(r.provider)
    if r.per_minute:
        minutes = max(elapsed_minutes(r, at, started=True), p.billing.minimum_minutes or 1)
        total = minute_cost_minor(r.provider, r.gpu, r.num_gpus, minutes)
        deleted = p.lifecycle.disk_deleted_on_destroy
        return StopOutcome("stopped", max(total - r.paid_minor, 0), max(total, r.paid_minor), r.hold_minor, 0, minutes,
                           None, at if deleted else None, acct.currency)
    window = p.lifecycle.refund_window_minutes
    refund_until = r.created_at + timedelta(minutes=window) if window else None
    keep = p.lifecycle.data_retention_days
    data_until = at + timedelta(days=keep) if keep is not None else None
    if refund_until is not None and at <= refund_until:
        return StopOutcome("refunded", 0, 0, 0, r.paid_minor, 0, refund_until, data_until, acct.currency)
    return StopOutcome("stopped", 0, 0, 0, 0, 0, refund_until, data_until, acct.currency)


def stop_rental(store: Store, at: datetime, rental_id: int, actor: str) -> tuple[Rental, StopOutcome]:
    """End a rental now: per-minute pays its started minutes and releases the hold; prepaid is
    refunded in full inside the provider's refund window, and otherwise not at all."""
    with store.write():
        r = rentals.rental(store, rental_id)
        if r is None or r.status != "active":
            raise WalletError("wallet.err.not_active", id=rental_id)
        acct = account(store, r.account_id)
        assert acct is not None
        if r.per_minute:
            outcome = preview_stop(store, r, at)
            r, ran_out = settle(store, r, outcome.minutes, actor)
            if ran_out:  # the balance had already run out: the provider destroyed it back then
                ended = r.started_at + timedelta(minutes=r.billed_minutes)
                r = _end_per_minute(store, r, "destroyed", ended, actor)
                outcome = StopOutcome("destroyed", 0, r.paid_minor, 0, 0, r.billed_minutes, None, r.data_until,
                                      acct.currency)
            else:
                r = _end_per_minute(store, r, "stopped", at, actor)
            fresh = account(store, acct.id)
            assert fresh is not None
            reschedule_account(store, fresh, at)
            return r, outcome
        outcome = preview_stop(store, r, at)
        if outcome.refund_minor:
            _entry(store, acct, "refund", outcome.refund_minor, f"rental:{r.id}:refund", actor, at, r.id)
        r = rentals.update_rental(store, r.id, status=outcome.status, ended_at=at, next_check_at=None,
                                  data_until=outcome.data_until,
                                  paid_minor=r.paid_minor - outcome.refund_minor)
        budget_store.mark_budget(store, r.wallet_id, at)
    return r, outcome


# ---------------------------------------------------------------- renew


def renew_start(r: Rental, at: datetime) -> datetime:
    """A renewal extends an active term from its end; an expired rental (data still kept) restarts now."""
    if r.status == "active" and r.ends_at is not None:
        return max(r.ends_at, at)
    return at


def renewable(r: Rental, at: datetime) -> None:
    if r.per_minute:
        raise WalletError("wallet.err.renew_per_minute", id=r.id)
    if r.status == "active":
        return
    if r.status == "expired" and (r.data_until is None or at < r.data_until):
        return
    raise WalletError("wallet.err.not_renewable", id=r.id)


def renew_rental(store: Store, at: datetime, rental_id: int, plan: Plan, key: str, actor: str,
                 overdraft: bool = False, floor_minor: int | None = None) -> tuple[Rental, bool]:
    """Buy another term of a prepaid rental at the quoted price; (rental, replay). Re-arms its
    expiry reminders (their keys name the new end)."""
    with store.write():
        prior = ledger.entry_by_key(store, f"{key}:pay")
        if prior is not None:
            found = rentals.rental(store, rental_id)
            assert found is not None
            return found, True
        r = rentals.rental(store, rental_id)
        if r is None:
            raise WalletError("wallet.err.no_rental", id=rental_id)
        renewable(r, at)
        acct = account(store, r.account_id)
        assert acct is not None and plan.bought_minutes is not None
        check_funds(acct, plan.price_minor, overdraft, floor_minor)
        start = renew_start(r, at)
        _entry(store, acct, "charge", -plan.price_minor, f"{key}:pay", actor, at, r.id, memo="renew")
        r = rentals.update_rental(
            store, r.id, status="active", ends_at=start + timedelta(minutes=plan.bought_minutes),
            term_minutes=plan.requested_minutes, term_price_minor=plan.price_minor,
            paid_minor=r.paid_minor + plan.price_minor, ended_at=None, data_until=None, alerted_until=at,
            started_at=r.started_at if r.status == "active" else at)
        r = rentals.update_rental(store, r.id, next_check_at=next_stage(r))
    return r, False
