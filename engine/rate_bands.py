"""How far a currency the catalog keeps no rate for has moved against the dollar over a long stated period
(catalogs/currency.yaml, `unrated`, `band`): the dollars one unit bought at its weakest and at its strongest.

Why: with no rate, "is €1,000 enough for ₮436?" was answered with no verdict, though at every EUR/USD rate
since 2000 it covers it. A verdict drawn across the whole band (on its weak end for what money covers) holds
whatever today's rate is; a conversion from it is a range, never a point rate, and says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from functools import cache

from catalogs import catalog_path
from engine.catalog_files import read


@dataclass(frozen=True)
class Band:
    code: str
    weak: Decimal  # US dollars one unit bought at its weakest in the period
    strong: Decimal  # ... at its strongest
    since: str  # "2000", "2005-05"
    quote: str  # how the source quotes it: "per_usd" (units a dollar buys) or "usd_per_unit"
    weak_said: str  # the ends as quoted ("0.8252", "165")
    strong_said: str
    source: str


@cache
def rate_band(code: str) -> Band | None:
    """The band of `code`; None for a currency the catalog gives none."""
    raw = read(catalog_path("currency.yaml"))
    for row in (raw.get("unrated") or []) if isinstance(raw, dict) else []:
        band = row.get("band") if isinstance(row, dict) and row.get("id") == code else None
        if isinstance(band, dict):
            weak, strong = Decimal(str(band["weak"])), Decimal(str(band["strong"]))
            per_usd = band.get("quote") == "per_usd"
            return Band(code, 1 / weak if per_usd else weak, 1 / strong if per_usd else strong, str(band["since"]),
                        "per_usd" if per_usd else "usd_per_unit", str(band["weak"]), str(band["strong"]),
                        str(band.get("source", "")))
    return None


def dollars_of(amount: Decimal, band: Band) -> tuple[Decimal, Decimal]:
    """What `amount` units were worth in dollars across the band: (at the weakest, at the strongest)."""
    return amount * band.weak, amount * band.strong


def units_for(dollars: Decimal, band: Band) -> tuple[Decimal, Decimal]:
    """What `dollars` cost in the currency across the band: (fewest units, at its strongest; most, at its weakest)."""
    return dollars / band.strong, dollars / band.weak


def break_even(amount: Decimal, dollars: Decimal, band: Band) -> str:
    """The rate at which `amount` units buy exactly `dollars`, written the way the band's source quotes it; "" when
    either is nothing (no rate makes nothing buy something, or something buy nothing)."""
    if amount <= 0 or dollars <= 0:
        return ""
    if band.quote == "per_usd":
        return f"{(amount / dollars):,.2f}" if amount / dollars < 100 else f"{(amount / dollars):,.0f}"
    return f"{(dollars / amount):.4f}"
