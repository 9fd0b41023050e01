"""Amounts users type into the wallet: is it a sane, positive amount in a currency KaSuan knows.

Why integer minor units in the ledger: a balance is a count of cents (or fen); adding and comparing
integers is exact, and the ledger check (balance == sum of entries) is an integer comparison.
engine.money.Money crosses that boundary (`Money.from_minor`, `.minor`) and prints every amount;
this module only says what is wrong with an amount, in the wallet's words.
"""

from __future__ import annotations

from decimal import Decimal

from bot.understand.amount import CEILING
from bot.wallet.refusal import WalletError
from engine.money import Money, TooPrecise
from engine.providers import Currency, currencies

MAX_AMOUNT = CEILING  # per top-up or budget, in major units: more is a typo, not a payment


def find_currency(token: str) -> Currency | None:
    """The currency a word names (USDT, usd, 元, rmb, ₮), or None."""
    return currencies().find(token) if token else None


def check_amount(amount: Decimal, currency_id: str) -> int:
    """A positive, sane amount in `currency_id` as minor units, or a WalletError saying what is wrong."""
    if not amount.is_finite() or amount <= 0:
        raise WalletError("wallet.err.not_positive", amount=str(amount))
    money, limit = Money(amount, currency_id), Money(MAX_AMOUNT, currency_id)
    if money > limit:
        raise WalletError("wallet.err.absurd", amount=money.format(exact=True), limit=limit.format(exact=True))
    try:
        return money.minor
    except TooPrecise as exc:
        raise WalletError("wallet.err.too_precise", currency=exc.currency, digits=exc.digits) from exc


def known_currency(name: str) -> str:
    """A currency id from a name or alias; WalletError for one KaSuan does not know."""
    found = find_currency(name)
    if found is None:
        raise WalletError("wallet.err.unknown_currency", name=name,
                          known=", ".join(c.id for c in currencies().entries))
    return found.id


__all__ = [
    "MAX_AMOUNT",
    "check_amount",
    "find_currency",
    "known_currency",
]
