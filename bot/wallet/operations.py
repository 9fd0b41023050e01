"""The money operations: top-ups, rentals, stops and renewals, each one write transaction.

Why one module: every operation here changes a balance, and each does so in one write transaction
that also writes what the money was for (the rental row, its schedule, the budget's "recompute"
mark). An operation either happens completely or not at all, and its ledger keys make a second
attempt (a redelivered update, a double-tapped button, two sweepers) a no-op. What the money does
depends on how the provider bills, and that is the rental's rule (bot/wallet/rental_rule.py:
prepaid terms in prepaid.py, metered minutes with a hold in metered.py); nothing here asks which.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store import budgets as budget_store
from bot.store import ledger, rentals
from bot.store.connection import Store
from bot.store.ledger import Entry
from bot.store.rentals import Rental
from bot.store.wallets import Account, Wallet, account, ensure_account
from bot.wallet.entries import (  # noqa: F401 - the wallet's handlers and tests read them here
    SWEEPER,
    StopOutcome,
    check_funds,
    elapsed_minutes,
    overdraft_ceiling_minor,
)
from bot.wallet.entries import entry as _entry
from bot.wallet.metered import account_runway, meter, reschedule_account, settle  # noqa: F401
from bot.wallet.prepaid import expire, next_stage, renew_start, stages  # noqa: F401
from bot.wallet.pricing import Plan
from bot.wallet.refusal import WalletError
from bot.wallet.rental_rule import RULES, rule_for

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
        for rule in RULES.values():  # what each rule holds on this balance may now run longer
            rule.balance_changed(store, fresh, at)
    return TopUp(e, fresh, False)


# ---------------------------------------------------------------- rent


def open_rental(store: Store, at: datetime, wallet: Wallet, plan: Plan, key: str, actor: str,
                overdraft: bool = False, floor_minor: int | None = None) -> tuple[Rental, bool]:
    """Record a confirmed rental and take its money as its rule says (the price, or the hold); (rental, replay)."""
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
        r = plan.rule.open(store, at, acct, plan, key, actor, overdraft, common)
        found = rentals.rental(store, r.id)
        assert found is not None
    return found, False


def preview_stop(store: Store, r: Rental, at: datetime) -> StopOutcome:
    """What `stop_rental` would do at `at`, without writing anything."""
    acct = account(store, r.account_id)
    assert acct is not None
    return rule_for(r.billing).preview_stop(store, r, at, acct)


def stop_rental(store: Store, at: datetime, rental_id: int, actor: str) -> tuple[Rental, StopOutcome]:
    """End a rental now, as its rule settles it (metered: the started minutes paid and the hold
    released; prepaid: refunded in full inside the provider's refund window, otherwise not at all)."""
    with store.write():
        r = rentals.rental(store, rental_id)
        if r is None or r.status != "active":
            raise WalletError("wallet.err.not_active", id=rental_id)
        acct = account(store, r.account_id)
        assert acct is not None
        return rule_for(r.billing).stop(store, r, at, actor, acct)


# ---------------------------------------------------------------- renew


def renewable(r: Rental, at: datetime) -> None:
    """Refuse (WalletError) a renewal the rental's rule does not allow."""
    rule_for(r.billing).renewable(r, at)


def renew_rental(store: Store, at: datetime, rental_id: int, plan: Plan, key: str, actor: str,
                 overdraft: bool = False, floor_minor: int | None = None) -> tuple[Rental, bool]:
    """Buy another term at the quoted price, as the rental's rule renews it; (rental, replay)."""
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
        assert acct is not None
        check_funds(acct, plan.debit_minor, overdraft, floor_minor)
        r = rule_for(r.billing).renew(store, at, r, acct, plan, key, actor)
    return r, False
