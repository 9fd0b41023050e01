"""Amounts: validating what users typed (bot.understand.amount reads it), and converting to and from minor units.

Why integer minor units: a balance is a count of cents (or fen); adding and comparing integers is
exact, and the ledger check (balance == sum of entries) is an integer comparison. Decimal is used
on the way in (parsing) and out (display); a float never touches money.
"""

from __future__ import annotations

import re
from decimal import Decimal

from bot.understand.amount import CEILING
from bot.wallet.refusal import WalletError
from engine.providers import Currency, currencies, currency

MAX_AMOUNT = CEILING  # per top-up or budget, in major units: more is a typo, not a payment
NEGATIVE = re.compile(r"^[-−–]\s*[¥￥$₮]?\s*\d")


def minor_digits(currency_id: str) -> int:
    return currency(currency_id).minor_units


def to_minor(amount: Decimal, currency_id: str) -> int:
    """`amount` as an integer of minor units; refused if it has more decimals than the currency."""
    scaled = amount.scaleb(minor_digits(currency_id))
    if scaled != scaled.to_integral_value():
        raise WalletError("wallet.err.too_precise", currency=currency_id, digits=minor_digits(currency_id))
    return int(scaled)


def from_minor(minor: int, currency_id: str) -> Decimal:
    return Decimal(minor).scaleb(-minor_digits(currency_id))


def fmt_money(minor: int, currency_id: str) -> str:
    """"₮1,234.50", "-$0.34", "¥2,800.00": the currency's symbol and all of its minor digits."""
    c = currency(currency_id)
    value = from_minor(abs(minor), currency_id)
    sign = "-" if minor < 0 else ""
    return f"{sign}{c.symbol}{value:,.{c.minor_units}f}"


def fmt_decimal(amount: Decimal, currency_id: str) -> str:
    """A Decimal amount (a rate, a converted figure) rounded for display in the currency."""
    c = currency(currency_id)
    sign = "-" if amount < 0 else ""
    return f"{sign}{c.symbol}{abs(amount):,.{c.minor_units}f}"


def find_currency(token: str) -> Currency | None:
    """The currency a word names (USDT, usd, 元, rmb, ₮), or None."""
    return currencies().find(token) if token else None


def check_amount(amount: Decimal, currency_id: str) -> int:
    """A positive, sane amount in `currency_id` as minor units, or a WalletError saying what is wrong."""
    if not amount.is_finite() or amount <= 0:
        raise WalletError("wallet.err.not_positive", amount=str(amount))
    if amount > MAX_AMOUNT:
        raise WalletError("wallet.err.absurd", amount=fmt_decimal(amount, currency_id),
                          limit=fmt_decimal(MAX_AMOUNT, currency_id))
    return to_minor(amount, currency_id)


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
    "fmt_decimal",
    "fmt_money",
    "from_minor",
    "known_currency",
    "minor_digits",
    "to_minor",
]
