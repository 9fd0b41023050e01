"""Amounts of money as people type them, read one way by every path (commands and free text).

Why one reader: "/topup 1,5 USDT" and "充值 1,5 U" must never mean different things, and neither
may be guessed. A comma is a thousands separator only when every group after it has exactly
three digits ("1,000", "12,345.50"); "1,5" or "5,00" could be a decimal comma or a typo of the
thousands separator, so the result says it is ambiguous and carries both readings for the chat to
ask back. A dot before exactly three digits ("1.000", "12.500") is ambiguous the same way: many
languages group thousands with a dot. A number beyond the ceiling (or an exponent, NaN, infinity) is out of range: said as
such, never clamped and never passed on to arithmetic that would overflow.

Full-width digits and signs (NFKC) read as ASCII; 万/千/k/w multiply; ¥ ￥ $ ₮ name the currency.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

CEILING = Decimal(10_000_000)  # per top-up or budget, in major units: more is a typo, not a payment
MAX_DIGITS = 24  # longer digit runs are out of range before any arithmetic touches them
MULTIPLIERS = {"万": Decimal(10_000), "w": Decimal(10_000), "千": Decimal(1000), "k": Decimal(1000)}
SYMBOLS = {"¥": "CNY", "￥": "CNY", "$": "USD", "₮": "USDT"}
NON_FINITE = frozenset({"nan", "snan", "inf", "infinity", "+inf", "+infinity", "∞", "+∞"})
# The number part, for patterns that scan text (ASCII, after normalize()).
NUMBER = r"\d[\d,]*(?:\.\d+)?(?:e[+-]?\d+)?"
# After a number with no currency ("冲一次" read as 冲1次, "add 4 more cards", "这周冲 3 个实验"), a counter or a
# counted noun makes it how many of something, never money: a bare amount is money only when nothing counts it.
_COUNTER = (r"次|回|遍|轮|波|趟|把|下|个|张|卡|台|人|位|名|周|天|日|小时|钟|分钟|秒|步|条|组|套|批|份|种|节|倍|%|％|单|家|项")
_COUNTED = (r"(?:more\s+|extra\s+|new\s+|other\s+)?(?:times?|cards?|gpus?|nodes?|machines?|instances?|box(?:es)?|servers?|people|persons?"
            r"|users?|members?|folks|guys|devs?|engineers?|hours?|hrs?|h|days?|d|weeks?|wks?|months?|mos?|years?|yrs?|mins?|minutes?"
            r"|secs?|seconds?|epochs?|runs?|experiments?|jobs?|steps?|tasks?|models?|x|gb|tb|g|b|m|t|more|extra|of)\b")
NOT_COUNTED = rf"(?![\d.,])(?!\s*(?:{_COUNTER}))(?!\s*(?:-\s*)?{_COUNTED})"
_NUMBER = re.compile(r"(?P<int>\d[\d,]*|)(?P<frac>\.\d+)?(?:e(?P<exp>[+-]?\d+))?")
_TOKEN = re.compile(r"(?P<sym>[¥$₮])?(?P<num>\d[\d,]*(?:\.\d+)?(?:e[+-]?\d+)?|\.\d+)(?P<mult>万|千|[kw])?"
                    r"(?P<tail>[元块])?")


@dataclass(frozen=True)
class Amount:
    """A clear amount in major units (not yet checked against a currency's precision)."""

    value: Decimal


@dataclass(frozen=True)
class Ambiguous:
    """"1,5" / "5,00": a decimal comma (1.5) or a thousands separator typed short (15); "1.000": a
    decimal point (1) or a dot grouping thousands (1000); never guessed."""

    text: str
    readings: tuple[Decimal, Decimal]  # (decimal separator, separator ignored)


@dataclass(frozen=True)
class OutOfRange:
    """Above the ceiling, or not a finite number at all (1e30, 99999999999999999999, NaN, inf)."""

    text: str


Reading = Amount | Ambiguous | OutOfRange


def _plain(value: Decimal) -> Decimal:
    """1.5万 -> 15000, not 1.50E+4 (safe: values here are bounded by the ceiling)."""
    return value.quantize(Decimal(1)) if value == value.to_integral_value() else value.normalize()


def _bounded(text: str, values: list[Decimal]) -> Reading:
    if any(not v.is_finite() or v > CEILING for v in values):
        return OutOfRange(text)
    plain = [_plain(v) for v in values]
    if len(plain) == 1:
        return Amount(plain[0])
    return Ambiguous(text, (plain[0], plain[1]))


def read_number(digits: str, unit: str | None = None, *, text: str | None = None) -> Reading | None:
    """The number part of an amount ("1,000.50", "1,5", "2e3") times `unit` (万 千 k w); None when
    it is not a number (several commas out of their groups of three: "1,2,3")."""
    shown = text or digits + (unit or "")
    raw = unicodedata.normalize("NFKC", digits).strip().lower()
    if raw in NON_FINITE:
        return OutOfRange(shown)
    m = _NUMBER.fullmatch(raw)
    if m is None or not (m["int"] or m["frac"]):
        return None
    whole, frac, exp = m["int"], m["frac"] or "", m["exp"]
    if len(whole.replace(",", "")) > MAX_DIGITS or (exp is not None and abs(int(exp)) > MAX_DIGITS):
        return OutOfRange(shown)
    groups = whole.split(",")
    if len(groups) == 1 and len(frac) == 4 and 1 <= len(whole) <= 3 and whole[0] != "0" and exp is None:
        candidates = [whole + frac, whole + frac[1:]]  # "1.000": 1 with a decimal point, or 1000 grouped with a dot
    elif len(groups) == 1:
        candidates = [whole + frac]
    elif 1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:]):
        candidates = [whole.replace(",", "") + frac]
    elif len(groups) == 2 and not frac and groups[0] and groups[1]:
        candidates = [f"{groups[0]}.{groups[1]}", groups[0] + groups[1]]
    else:
        return None
    scale = MULTIPLIERS[unit.lower()] if unit else Decimal(1)
    try:
        values = [Decimal(c + (f"e{exp}" if exp else "")) * scale for c in candidates]
    except InvalidOperation:
        return None
    return _bounded(shown, values)


def read_token(token: str) -> tuple[Reading, str | None] | None:
    """One word that is an amount ("500", "1,000.50", "2万", "3k", "¥500", "$20", "５００元", "nan")
    -> (reading, currency its symbol names); None if the word is not an amount."""
    text = unicodedata.normalize("NFKC", token).strip()
    if text.lower() in NON_FINITE:
        return OutOfRange(token), None
    m = _TOKEN.fullmatch(text.lower())
    if m is None:
        return None
    reading = read_number(m["num"], m["mult"], text=token)
    if reading is None:
        return None
    currency = SYMBOLS.get(m["sym"] or "") or ("CNY" if m["tail"] else None)
    return reading, currency


__all__ = ["CEILING", "NUMBER", "Ambiguous", "Amount", "OutOfRange", "Reading", "read_number", "read_token"]
