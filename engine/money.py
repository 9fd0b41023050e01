"""Money: a Decimal amount that carries its currency, and the one place money is rounded, converted
and printed.

Why a type: before it, a bare Decimal travelled beside a currency id and four helpers (in the
renderer, the wallet, the rental pricing and the provider catalog) each rounded and printed it a
little differently. Here one value knows its currency, so adding dollars to yuan raises instead of
giving a wrong total, and every figure a user sees goes through the same rounding (half up, as
prices are printed) and the same format.

The rules, each in one method:
- storage: the ledger keeps integer minor units (cents, fen); `from_minor` and `.minor` cross that
  boundary, and `.minor` refuses an amount with more decimals than the currency has;
- display rounding: `.rounded()` to the currency's minor units; `.approx()` for converted figures
  (whole units from 100 up, cents below), because a converted price is a comparison, not a bill;
- conversion: `.to(currency)` with the catalog's comparison rates (catalogs/currency.yaml);
- format: Babel's number patterns for zh_CN / en_US with the catalog's symbol in front (CLDR has no
  symbol for USDT, so the catalog's ₮ is kept for every currency): ₮14,432, $0.33, ¥2,800, -$0.34.

A float never becomes Money: 0.1 + 0.2 != 0.3 has no place in a budget.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from functools import cache, lru_cache
from typing import TYPE_CHECKING

from engine.amount import decimal_amount
from engine.errors import InvalidRequest
from engine.providers import currency

if TYPE_CHECKING:
    from babel import Locale
    from babel.numbers import NumberPattern

LOCALES = {"zh": "zh_CN", "en": "en_US"}  # the Babel locale that prints numbers for each reply language
APPROX_WHOLE_FROM = Decimal(100)  # converted amounts from here up are shown in whole units


class MixedCurrencies(InvalidRequest):
    """Arithmetic or a comparison between amounts in two currencies (convert one with `.to` first)."""

    def __init__(self, left: str, right: str) -> None:
        super().__init__("currency", f"cannot combine {left} with {right}; convert one first", left=left, right=right)


class TooPrecise(InvalidRequest):
    """An amount with more decimals than its currency has (0.001 USD): it has no minor-unit count."""

    def __init__(self, amount: Decimal, currency_id: str, digits: int) -> None:
        super().__init__("amount", f"{amount} {currency_id} has more than {digits} decimal places",
                         value=str(amount), currency=currency_id, digits=digits)
        self.currency = currency_id
        self.digits = digits


SUB_MINOR_DIGITS = 4  # a price under one cent (a minute of a cheap card) shown to four decimals


@dataclass(frozen=True, slots=True)
class Money:
    """`amount` of `currency` (a catalog id: USD, USDT, CNY). Construct with `Money.of` or
    `Money.from_minor`; the constructor takes a Decimal (an int or numeric string is converted)."""

    amount: Decimal
    currency: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "amount", decimal_amount(self.amount))
        object.__setattr__(self, "currency", _currency_id(self.currency))  # "usd" -> "USD"; unknown raises

    # ------------------------------------------------------------ construction and storage

    @classmethod
    def of(cls, value: Decimal | int | str, currency_id: str) -> Money:
        return cls(decimal_amount(value), currency_id)

    @classmethod
    def zero(cls, currency_id: str) -> Money:
        return cls(Decimal(0), currency_id)

    @classmethod
    def from_minor(cls, minor: int, currency_id: str) -> Money:
        """From the ledger's integer minor units: 1234 USD cents -> $12.34."""
        if isinstance(minor, bool) or not isinstance(minor, int):
            raise InvalidRequest("amount", "minor units are an integer", got=type(minor).__name__)
        return cls(Decimal(minor).scaleb(-_digits(currency_id)), currency_id)

    @property
    def digits(self) -> int:
        """The currency's minor units (2 for cents)."""
        return _digits(self.currency)

    @property
    def minor(self) -> int:
        """The amount as an integer count of minor units; TooPrecise if it has more decimals."""
        scaled = self.amount.scaleb(self.digits)
        if scaled != scaled.to_integral_value():
            raise TooPrecise(self.amount, self.currency, self.digits)
        return int(scaled)

    # ------------------------------------------------------------ rounding and conversion

    def rounded(self) -> Money:
        """To the currency's minor units, half up, as prices are printed: 0.335 USD -> 0.34."""
        return Money(self.amount.quantize(Decimal(1).scaleb(-self.digits), rounding=ROUND_HALF_UP), self.currency)

    def approx(self) -> Money:
        """A converted amount as it is shown: whole units from 100 up, the currency's cents below."""
        if self.amount >= APPROX_WHOLE_FROM:
            return Money(self.amount.quantize(Decimal(1), rounding=ROUND_HALF_UP), self.currency)
        return self.rounded()

    def to(self, currency_id: str) -> Money:
        """This amount in `currency_id` at the catalog's comparison rates (per USD), unrounded."""
        target = currency(currency_id)
        if target.id == self.currency:
            return self
        return Money(self.amount / currency(self.currency).per_usd * target.per_usd, target.id)

    # ------------------------------------------------------------ arithmetic within one currency

    def _same(self, other: object) -> Money:
        if not isinstance(other, Money):
            raise TypeError(f"Money combines only with Money, not {type(other).__name__}")
        if other.currency != self.currency:
            raise MixedCurrencies(self.currency, other.currency)
        return other

    def __add__(self, other: Money) -> Money:
        return Money(self.amount + self._same(other).amount, self.currency)

    def __sub__(self, other: Money) -> Money:
        return Money(self.amount - self._same(other).amount, self.currency)

    def __mul__(self, factor: Decimal | int) -> Money:
        if isinstance(factor, bool) or not isinstance(factor, Decimal | int):
            raise TypeError(f"Money is multiplied by a Decimal or an int, not {type(factor).__name__}")
        return Money(self.amount * factor, self.currency)

    __rmul__ = __mul__

    def __neg__(self) -> Money:
        return Money(-self.amount, self.currency)

    def __abs__(self) -> Money:
        return Money(abs(self.amount), self.currency)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Money):
            return NotImplemented
        return self.currency == other.currency and self.amount == other.amount

    def __hash__(self) -> int:
        return hash((self.amount, self.currency))

    def __lt__(self, other: Money) -> bool:
        return self.amount < self._same(other).amount

    def __le__(self, other: Money) -> bool:
        return self.amount <= self._same(other).amount

    def __gt__(self, other: Money) -> bool:
        return self.amount > self._same(other).amount

    def __ge__(self, other: Money) -> bool:
        return self.amount >= self._same(other).amount

    # ------------------------------------------------------------ display

    def format(self, lang: str = "en", exact: bool = False) -> str:
        """The amount with the catalog's symbol and the language's grouping, rounded half up.

        exact=False (prices, quotes): a whole amount drops its cents, ¥2,800 and $0.33;
        exact=True (balances, charges): every minor digit, ¥2,800.00. A negative amount puts the
        sign before the symbol: -$0.34.
        """
        digits = self.digits if exact or self.amount != self.amount.to_integral_value() else 0
        if not exact and 0 < abs(self.amount) < Decimal(1).scaleb(-self.digits):
            digits = SUB_MINOR_DIGITS  # one minute of a $0.21/h card is $0.0035, never "$0"
        value = abs(self.amount).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
        number = _grouped(value, digits, lang)
        sign = "-" if self.amount < 0 and value != 0 else ""
        return f"{sign}{currency(self.currency).symbol}{number}"

    def format_exact(self, lang: str = "en") -> str:
        """Every decimal the amount has, at least the currency's minor units: a per-minute charge
        of $0.495 or a rate of $0.0055 a minute, which `format` would round to cents."""
        places = max(self.digits, -int(self.amount.normalize().as_tuple().exponent))
        sign = "-" if self.amount < 0 else ""
        return f"{sign}{currency(self.currency).symbol}{_grouped(abs(self.amount).quantize(Decimal(1).scaleb(-places)), places, lang)}"

    def __str__(self) -> str:
        return self.format("en")


@cache
def _locale(lang: str) -> Locale:
    """Babel's locale for a reply language, parsed once: given a name, format_decimal parses the
    locale (and its CLDR data) again for every amount, and a price table prints dozens."""
    from babel import Locale

    return Locale.parse(LOCALES.get(lang, LOCALES["en"]))


@lru_cache(maxsize=4096)
def _grouped(value: Decimal, digits: int, lang: str) -> str:
    """`value` (already quantized to `digits` decimals) with the language's grouping: Babel takes
    about 20 µs an amount, and a price table prints the same prices message after message."""
    from babel.numbers import format_decimal  # imported on first display: `kasuan size --json` never needs it

    return format_decimal(value, format=_number_pattern(digits), locale=_locale(lang))


@cache
def _number_pattern(digits: int) -> NumberPattern:
    """The number pattern with `digits` decimals ("#,##0", "#,##0.00"), parsed once."""
    from babel.numbers import parse_pattern

    return parse_pattern("#,##0" + ("." + "0" * digits if digits else ""))


@cache
def _currency_id(name: str) -> str:
    return currency(name).id


@cache
def _digits(currency_id: str) -> int:
    return currency(currency_id).minor_units


__all__ = ["LOCALES", "MixedCurrencies", "Money", "TooPrecise"]
