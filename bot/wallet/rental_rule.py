"""Which wallet rule holds a rental, and the interface every one of them offers.

Why: the wallet's rent, meter, stop, renew, the sweeper, the budget forecast and the display each
used to branch on "per minute or cycles". Each now asks the rule: the provider's billing rule
(engine.billing.rules) names its account kind, and the kind names the wallet rule — a prepaid term
(bot/wallet/prepaid.py) or a metered rental against a hold (bot/wallet/metered.py). A provider with
an existing billing model needs nothing here; a model whose money moves in a new way adds a module
with these methods and one entry in RULES.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any, Protocol

from bot.store.connection import Store
from bot.store.rentals import Rental
from bot.store.wallets import Account
from bot.wallet import metered, prepaid
from bot.wallet.alerting import SweepReport
from bot.wallet.entries import StopOutcome
from bot.wallet.pricing import Plan
from engine.providers import Provider


class RentalRule(Protocol):
    kind: str  # stored in rentals.billing
    metered: bool  # billed by the running minute (the replies word it so)

    def plan(self, p: Provider, card: str, num_gpus: int, duration: timedelta | None,
             region: str | None) -> Plan: ...
    def debit_minor(self, plan: Plan) -> int: ...
    def debit_words(self, debit: str) -> dict[str, str | None]: ...
    def open(self, store: Store, at: datetime, acct: Account, plan: Plan, key: str, actor: str,
             overdraft: bool, common: dict[str, object]) -> Rental: ...
    def balance_changed(self, store: Store, acct: Account, now: datetime) -> None: ...
    def preview_stop(self, store: Store, r: Rental, at: datetime, acct: Account) -> StopOutcome: ...
    def stop(self, store: Store, r: Rental, at: datetime, actor: str, acct: Account) -> tuple[Rental, StopOutcome]: ...
    def renewable(self, r: Rental, at: datetime) -> None: ...
    def renew(self, store: Store, at: datetime, r: Rental, acct: Account, plan: Plan, key: str,
              actor: str) -> Rental: ...
    def sweep(self, store: Store, r: Rental, now: datetime, report: SweepReport) -> None: ...
    def unbilled_minor(self, r: Rental, now: datetime) -> int | None: ...
    def burn(self, r: Rental, currency: str, now: datetime, end: datetime) -> Decimal | None: ...
    def view(self, store: Store, r: Rental, tz: str, now: datetime, acct: Account | None) -> dict[str, Any]: ...


RULES: dict[str, RentalRule] = {rule.kind: rule for rule in (prepaid.RULE, metered.RULE)}


def rule_for(kind: str) -> RentalRule:
    """The rule of a stored rental or plan (rentals.billing / Plan.billing)."""
    return RULES[kind]


def rule_of_provider(p: Provider) -> RentalRule:
    """The rule a new rental at `p` is held under: its billing model's account kind."""
    return RULES[p.billing.rule.account]
