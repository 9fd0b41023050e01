"""Amounts: parsing what users type, validating it, and converting to and from minor units.

Why integer minor units: a balance is a count of cents (or fen); adding and comparing integers is
exact, and the ledger check (balance == sum of entries) is an integer comparison. Decimal is used
on the way in (parsing) and out (display); a float never touches money.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from bot.wallet.errors import WalletError
from engine.providers import Currency, currencies, currency

MAX_AMOUNT = Decimal(10_000_000)  # per top-up or budget, in major units: more is a typo, not a payment
SYMBOLS = {"¥": "CNY", "￥": "CNY", "$": "USD", "₮": "USDT"}
MULTIPLIERS = {"万": Decimal(10_000), "w": Decimal(10_000), "千": Decimal(1000), "k": Decimal(1000)}
AMOUNT = re.compile(r"^(?P<sym>[¥￥$₮])?(?P<num>\d[\d,]*(?:\.\d+)?|\.\d+)(?P<mult>万|千|[kKwW])?(?P<tail>[元块])?$")
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


def parse_amount(token: str) -> tuple[Decimal, str | None] | None:
    """("500" | "1,000.50" | "2万" | "3k" | "¥500" | "$20") -> (Decimal, currency from the symbol);
    None if `token` is not an amount. A negative amount is refused with a clear error."""
    text = token.strip()
    if NEGATIVE.match(text):
        raise WalletError("wallet.err.not_positive", amount=text)
    m = AMOUNT.match(text)
    if m is None:
        return None
    try:
        value = Decimal(m["num"].replace(",", ""))
    except InvalidOperation:
        return None
    if m["mult"]:
        value *= MULTIPLIERS[m["mult"].lower()]
    cur = SYMBOLS.get(m["sym"] or "") or ("CNY" if m["tail"] else None)
    return value, cur


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
    "parse_amount",
    "to_minor",
]
