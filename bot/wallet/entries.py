"""The steps every money rule shares: a ledger entry, the funds check with its overdraft ceiling,
and the minutes a rental has run. Why apart: the rental rules (bot/wallet/prepaid.py, metered.py)
and the operations that call them (bot/wallet/operations.py) both build on these, and neither
should import the other's module to get them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from bot.store import budgets as budget_store
from bot.store import ledger
from bot.store.connection import Store
from bot.store.ledger import Entry
from bot.store.rentals import Rental
from bot.store.wallets import Account
from bot.wallet.refusal import Shortfall, WalletError
from engine.money import Money
from engine.providers import currencies

SWEEPER = "kasuan:sweeper"
MINUTE_US = 60_000_000


def entry(store: Store, acct: Account, kind: str, amount: int, key: str, actor: str, at: datetime,
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
