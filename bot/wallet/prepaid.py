"""The wallet's prepaid rule (billing models whose rule account is "cycles": gpuli, 一万网络): the
quoted price is charged when the rental is confirmed, for the time the quote bought; reminders go
out before the paid time ends and the expiry itself says when the provider deletes the data;
stopping early refunds nothing, except within the provider's refund window after creation (gpuli:
1 hour); a renewal buys another term from the end of the current one. Every function here runs
inside the caller's write transaction.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from bot.store import budgets as budget_store
from bot.store import rentals
from bot.store.connection import Store, ts
from bot.store.rentals import Rental
from bot.store.wallets import Account
from bot.wallet.alerting import SweepReport, alert, rental_facts, wallet_and_prefs
from bot.wallet.entries import StopOutcome, entry
from bot.wallet.pricing import Plan, firm, minutes_of, money_minor, provider_of, reminder_days
from bot.wallet.refusal import WalletError
from bot.wallet.times import fmt_local, split_duration
from engine.billing import quote
from engine.money import Money
from engine.providers import Provider


class Prepaid:
    kind = "cycles"  # rentals.billing
    metered = False

    # ------------------------------------------------------------ quote and rent

    def plan(self, p: Provider, card: str, num_gpus: int, duration: timedelta | None, region: str | None) -> Plan:
        """The price of the cheapest mix of cycles covering `duration` (a duration is required)."""
        if duration is None:
            raise WalletError("wallet.err.need_duration")
        q = quote(p.id, card, num_gpus, duration, region=region)
        total = money_minor(firm(q), p.currency)
        bought = int(q.bought_hours * 60)
        cycles = tuple((c.kind, c.count) for c in q.cycles)
        return Plan(p.id, p.name, q.offer, q.gpu, num_gpus, q.region, self.kind, p.currency, minutes_of(duration),
                    bought, total, 0, None, None, cycles, q.price_status)

    def debit_minor(self, plan: Plan) -> int:
        """What leaves the balance on confirmation: the whole price."""
        return plan.price_minor

    def debit_words(self, debit: str) -> dict[str, str | None]:
        return {"charged": debit, "hold": None}

    def open(self, store: Store, at: datetime, acct: Account, plan: Plan, key: str, actor: str,
             overdraft: bool, common: dict[str, object]) -> Rental:
        assert plan.bought_minutes is not None
        r = rentals.insert_rental(
            store, billing=self.kind, ends_at=at + timedelta(minutes=plan.bought_minutes),
            term_minutes=plan.requested_minutes, term_price_minor=plan.price_minor, paid_minor=plan.price_minor,
            alerted_until=at, **common)
        entry(store, acct, "charge", -plan.price_minor, f"{key}:pay", actor, at, r.id)
        return rentals.update_rental(store, r.id, next_check_at=next_stage(r))

    def balance_changed(self, store: Store, acct: Account, now: datetime) -> None:
        """A paid term does not depend on the balance."""

    # ------------------------------------------------------------ stop and renew

    def preview_stop(self, store: Store, r: Rental, at: datetime, acct: Account) -> StopOutcome:
        p = provider_of(r.provider)
        window = p.lifecycle.refund_window_minutes
        refund_until = r.created_at + timedelta(minutes=window) if window else None
        keep = p.lifecycle.data_retention_days
        data_until = at + timedelta(days=keep) if keep is not None else None
        if refund_until is not None and at <= refund_until:
            return StopOutcome("refunded", 0, 0, 0, r.paid_minor, 0, refund_until, data_until, acct.currency)
        return StopOutcome("stopped", 0, 0, 0, 0, 0, refund_until, data_until, acct.currency)

    def stop(self, store: Store, r: Rental, at: datetime, actor: str, acct: Account) -> tuple[Rental, StopOutcome]:
        """Refunded in full inside the refund window, otherwise not at all."""
        outcome = self.preview_stop(store, r, at, acct)
        if outcome.refund_minor:
            entry(store, acct, "refund", outcome.refund_minor, f"rental:{r.id}:refund", actor, at, r.id)
        r = rentals.update_rental(store, r.id, status=outcome.status, ended_at=at, next_check_at=None,
                                  data_until=outcome.data_until, paid_minor=r.paid_minor - outcome.refund_minor)
        budget_store.mark_budget(store, r.wallet_id, at)
        return r, outcome

    def renewable(self, r: Rental, at: datetime) -> None:
        """An active term, or an expired one whose data the provider still keeps."""
        if r.status == "active":
            return
        if r.status == "expired" and (r.data_until is None or at < r.data_until):
            return
        raise WalletError("wallet.err.not_renewable", id=r.id)

    def renew(self, store: Store, at: datetime, r: Rental, acct: Account, plan: Plan, key: str, actor: str) -> Rental:
        """Another term at the quoted price, from the end of the current one; re-arms the reminders."""
        assert plan.bought_minutes is not None
        start = renew_start(r, at)
        entry(store, acct, "charge", -plan.price_minor, f"{key}:pay", actor, at, r.id, memo="renew")
        r = rentals.update_rental(
            store, r.id, status="active", ends_at=start + timedelta(minutes=plan.bought_minutes),
            term_minutes=plan.requested_minutes, term_price_minor=plan.price_minor,
            paid_minor=r.paid_minor + plan.price_minor, ended_at=None, data_until=None, alerted_until=at,
            started_at=r.started_at if r.status == "active" else at)
        return rentals.update_rental(store, r.id, next_check_at=next_stage(r))

    # ------------------------------------------------------------ sweeper, budget, display

    def sweep(self, store: Store, r: Rental, now: datetime, report: SweepReport) -> None:
        """The reminders and the expiry that fell due; if several did while the bot was down, the
        latest is sent (late) and the earlier ones are recorded as superseded."""
        w, p = wallet_and_prefs(store, r.wallet_id)
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
            report.enqueued += alert(store, w, p, kind=template, key=key, data=facts, due_at=at, now=now,
                                     superseded=i < len(due) - 1)
        if due:
            r = rentals.update_rental(store, r.id, alerted_until=due[-1][0])
        rentals.update_rental(store, r.id, next_check_at=next_stage(r) if r.status == "active" else None)

    def unbilled_minor(self, r: Rental, now: datetime) -> int | None:
        """Spend not yet in the ledger: none (the term was paid up front)."""
        return None

    def burn(self, r: Rental, currency: str, now: datetime, end: datetime) -> Decimal | None:
        """What the rental costs from the end of its paid time to `end`, as if renewed, at its
        term's price per second (None: paid up to `end` already)."""
        if r.ends_at is None or not r.term_minutes or r.ends_at >= end:
            return None
        per_second = Money.from_minor(r.term_price_minor, currency).amount / Decimal(r.term_minutes * 60)
        return per_second * Decimal(int((end - max(r.ends_at, now)).total_seconds()))

    def view(self, store: Store, r: Rental, tz: str, now: datetime, acct: Account | None) -> dict[str, Any]:
        """An active rental shows when its paid time ends and what is left."""
        if r.status != "active" or r.ends_at is None:
            return {}
        d, h, m = split_duration(r.ends_at - now)
        return {"ends": fmt_local(r.ends_at, tz), "left": {"d": d, "h": h, "m": m}}


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


def renew_start(r: Rental, at: datetime) -> datetime:
    """A renewal extends an active term from its end; an expired rental (data still kept) restarts now."""
    if r.status == "active" and r.ends_at is not None:
        return max(r.ends_at, at)
    return at


RULE = Prepaid()
