"""Billing: what renting a provider's cards for a job costs, under that provider's rules.

- engine.billing.lines: the parts of a quote (Amount, the lines, Note, Quote, NotOffered);
- engine.billing.pricing: quote() / quote_all(), what every billing model shares (configurations,
  instances and nodes, add-ons, price status);
- engine.billing.rules: one module per billing model (prepaid cycles, per minute with a hold).
"""

from engine.billing.lines import (
    MAX_DURATION,
    AddOnLine,
    Amount,
    Billed,
    CycleLine,
    DiscountLine,
    Note,
    NotOffered,
    Quote,
)
from engine.billing.pricing import quote, quote_all

__all__ = [
    "MAX_DURATION",
    "AddOnLine",
    "Amount",
    "Billed",
    "CycleLine",
    "DiscountLine",
    "NotOffered",
    "Note",
    "Quote",
    "quote",
    "quote_all",
]
