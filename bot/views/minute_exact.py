"""A per-minute charge shown exactly when cents would hide part of it (seed 002's rule: the minutes
rounded up, times the hourly price over 60): 90 minutes of a $0.33/h card is $0.495, printed "$0.495
(≈ $0.50)" beside its per-minute rate ($0.0055/min), never only the rounded $0.50.

Only a total that is exact at a few decimals is shown so: minutes × hourly price / 60 of a price
listed in cents ends within four decimals whenever the division comes out even; a total the engine
kept to six places (an uneven sixtieth) is no exact amount and stays rounded, unless cents would bend it by more
than a twentieth (a minute or two of a card: $0.0248, not $0.02), when it is shown to four decimals. The rate is shown
exactly when it terminates within six decimals, else to four with "≈". Money stays Decimal.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from engine.billing import Quote
from engine.money import Money
from engine.price_list import cycle_unit_price

EXACT_PLACES = 4  # a per-minute total with more decimals than this is an uneven quotient, not a charge
RATE_PLACES = 6  # the per-minute rate is written out when it ends within this many decimals
MINUTES_PER_HOUR = Decimal(60)
HIDDEN_SHARE = Decimal("0.05")  # an uneven total is shown to four decimals when cents would change it by more than this


def minute_exact(q: Quote) -> dict[str, Any] | None:
    """{"total", "rounded", "per_minute", "rate_exact"} for a quote billed by the minute whose total has
    more precision than the currency's minor units (and is exact); None otherwise."""
    if q.total_min != q.total_max or not q.cycles or any(c.kind != "minute" for c in q.cycles):
        return None
    money = Money(q.total_min, q.currency)
    total = q.total_min.normalize()
    places = -int(total.as_tuple().exponent)
    if places > EXACT_PLACES and total and abs(money.rounded().amount - total) > total * HIDDEN_SHARE:
        # an uneven sixtieth that cents would bend by more than a twentieth (one minute of a $1.49/h card is
        # $0.02483…, never "$0.02"): shown to four decimals, the rate beside it
        total, places = total.quantize(Decimal(1).scaleb(-EXACT_PLACES)), EXACT_PLACES
    if places <= money.digits or places > EXACT_PLACES:
        return None
    unit = cycle_unit_price(q, q.cycles[0])
    if unit is None or unit.is_range:
        return None
    rate = unit.low / MINUTES_PER_HOUR
    rate_exact = rate == rate.quantize(Decimal(1).scaleb(-RATE_PLACES))
    per_minute = rate.normalize() if rate_exact else rate.quantize(Decimal(1).scaleb(-EXACT_PLACES))
    return {"total": total, "rounded": money.rounded().amount, "per_minute": per_minute, "rate_exact": rate_exact}
