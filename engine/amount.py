"""Reading an amount of money as a Decimal: the one rule the catalogs and the Money type share
(a Decimal, an int or a numeric string with thousands commas; a float is refused as inexact)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from engine.errors import InvalidRequest


def decimal_amount(value: object) -> Decimal:
    """A Decimal from a Decimal, an int or a numeric string; a float (or bool) is refused."""
    if isinstance(value, bool | float):
        raise InvalidRequest("amount", "money must be a Decimal, an int or a string, never a float",
                             got=type(value).__name__)
    if isinstance(value, Decimal):
        parsed = value
    elif isinstance(value, int | str):
        try:
            parsed = Decimal(str(value).strip().replace(",", ""))
        except InvalidOperation as exc:
            raise InvalidRequest("amount", f"not an amount: {value!r}", value=str(value)) from exc
    else:
        raise InvalidRequest("amount", f"not an amount: {value!r}", got=type(value).__name__)
    if not parsed.is_finite():
        raise InvalidRequest("amount", f"not a finite amount: {value!r}", value=str(value))
    return parsed
