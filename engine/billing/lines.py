"""The parts of a quote: money that may be a band, the lines bought, the notes, and the Quote itself.

Why apart from the pricing: every billing rule (engine.billing.rules) builds the same lines, and
the views, the wallet and the cost report read them; none of them needs to know how a rule chose.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from decimal import ROUND_HALF_EVEN, Decimal
from typing import TYPE_CHECKING

from engine.errors import InvalidRequest

if TYPE_CHECKING:
    from engine.providers import Price, PriceStatus

US_PER_HOUR = 3_600_000_000
US_PER_MINUTE = 60_000_000
US_PER_DAY = 86_400_000_000
MAX_DURATION = timedelta(days=3650)  # 10 years: longer is a typo, not a rental
MAX_ADD_ON_QUANTITY = Decimal(10) ** 9  # a billion GB / units
PLACES = Decimal("0.000001")
LineKind = str  # minute | week | month | year: the unit a rule bills by


class NotOffered(InvalidRequest):
    """The provider does not sell what was asked (this card, this count, this region)."""

    code = "not_offered"

    def __init__(self, field_name: str, reason: str, message: str, **params: object) -> None:
        super().__init__(field_name, message, reason=reason, **params)
        self.reason = reason


@dataclass(frozen=True)
class Amount:
    """Money that may be a band: low == high for a firm price, low < high for a range."""

    low: Decimal
    high: Decimal

    @classmethod
    def of(cls, price: Price) -> Amount:
        return cls(price.low, price.high)

    @classmethod
    def point(cls, value: Decimal) -> Amount:
        return cls(value, value)

    @property
    def exact(self) -> Decimal | None:
        """The amount when it is firm; None for a range (use low/high)."""
        return self.low if self.low == self.high else None

    @property
    def is_range(self) -> bool:
        return self.low != self.high

    def __add__(self, other: Amount) -> Amount:
        return Amount(self.low + other.low, self.high + other.high)

    def __sub__(self, other: Amount) -> Amount:
        return Amount(self.low - other.low, self.high - other.high)

    def times(self, k: Decimal | int) -> Amount:
        return Amount(self.low * k, self.high * k)

    def per(self, divisor: Decimal) -> Amount:
        return Amount(q6(self.low / divisor), q6(self.high / divisor))


ZERO = Amount.point(Decimal(0))


@dataclass(frozen=True)
class CycleLine:
    """Time bought: `count` cycles of `kind` for each of `instances` instances at the list price."""

    kind: LineKind
    count: int
    instances: int
    unit_price: Amount
    amount: Amount


@dataclass(frozen=True)
class AddOnLine:
    """An add-on: `quantity` (GB, units or nodes) × `unit_price` × `months` started months."""

    id: str
    unit: str
    quantity: Decimal
    months: int
    unit_price: Decimal
    amount: Decimal


@dataclass(frozen=True)
class DiscountLine:
    """A reduction, as a negative amount: `rate` off annual prepayments or `per_month` off each month."""

    id: str
    kind: str
    rate: Decimal | None
    per_month: Decimal | None
    months: int
    amount: Amount


@dataclass(frozen=True)
class Note:
    """A fact the reply should mention, as a code + parameters (the bot words it)."""

    code: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Quote:
    """What renting `num_gpus` × `gpu` at `provider` for the needed time costs, itemized."""

    provider: str
    offer: str
    gpu: str
    num_gpus: int
    instances: int
    gpus_per_instance: int
    region: str | None
    currency: str
    cycles: tuple[CycleLine, ...]
    add_ons: tuple[AddOnLine, ...]
    discounts: tuple[DiscountLine, ...]
    total_range: Amount
    cards_range: Amount  # cycles + discounts, without add-ons
    needed_hours: Decimal
    bought_hours: Decimal
    unused_hours: Decimal  # bought minus needed: time left for evaluation and re-runs
    per_gpu_hour_range: Amount  # total / (num_gpus × bought hours)
    per_gpu_hour_cards_range: Amount  # cards only
    price_status: PriceStatus
    estimate: bool
    notes: tuple[Note, ...]

    @property
    def total(self) -> Decimal | None:
        """The firm total; None when the price is a range (see total_min / total_max)."""
        return self.total_range.exact

    @property
    def total_min(self) -> Decimal:
        return self.total_range.low

    @property
    def total_max(self) -> Decimal:
        return self.total_range.high

    @property
    def per_gpu_hour(self) -> Decimal | None:
        return self.per_gpu_hour_range.exact

    @property
    def per_gpu_hour_cards(self) -> Decimal | None:
        return self.per_gpu_hour_cards_range.exact

    def note(self, code: str) -> Note | None:
        return next((n for n in self.notes if n.code == code), None)


@dataclass(frozen=True)
class Billed:
    """What a billing rule charges for the cards: the time lines, any discounts, and the time bought."""

    cycles: tuple[CycleLine, ...]
    discounts: tuple[DiscountLine, ...]
    bought_us: int


def microseconds(d: timedelta) -> int:
    return (d.days * 86_400 + d.seconds) * 1_000_000 + d.microseconds


def q6(x: Decimal) -> Decimal:
    """Keep a quotient to 6 decimal places; exact sums are never passed through here."""
    return x.quantize(PLACES, rounding=ROUND_HALF_EVEN)
