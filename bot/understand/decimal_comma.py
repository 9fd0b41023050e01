"""Numbers typed the continental-European way, read by their shape where the shape leaves one reading.

Why: a team writing "2,5 days" or "0,33 $/h" means 2.5 days and 33 cents an hour; read digit by digit the comma
split "2,5" into a list (5 days) or made the rate 33 dollars. Only what cannot be anything else is rewritten
with a dot, before any other reader sees the text:
- a comma and one or two digits right before a unit of time ("2,5 days", "1,5天", "0,75 h"): a length is never a
  thousands figure typed short, so the comma is the decimal mark;
- a comma and two digits after a leading zero, before a currency or a per-hour rate ("0,33 $/h", "0,65 usdt"):
  no amount is written with a thousands group after a zero.
- dot-grouped thousands then a comma and one or two digits ("1.500,00 €", "5.000,00 USDT", "12.345,5"): no
  English number has a comma after a dot, so the dots group thousands and the comma marks the cents.
Money with no such context ("充值 1,5 U", "1.000 USDT" for a top-up) is left alone: the amount reader asks back
(bot.understand.amount.Ambiguous). English thousands ("1,000") and lists ("8,16 cards") keep their meaning:
three digits after the comma, or a count noun after it, never match.
"""

from __future__ import annotations

import re
from decimal import Decimal

from bot.understand.lazy import lazy

_TIME = r"(?:days?|d|hours?|hrs?|h|weeks?|wks?|months?|mos?|天|日|小时|钟头|周|星期|个\s*月|个\s*小时)"
# "2,5 days", "1,5天", "0,75h", "2,5-day run": one or two digits after the comma, a unit of time next
LENGTH = lazy(rf"(?<![\d.,a-z-])(\d{{1,3}}),(\d{{1,2}})(?=\s*-?\s*{_TIME}(?![a-z0-9]))", re.ASCII)
_MONEY = r"(?:[$₮¥€]|usdt?|u|eur|euros?|dollars?|元|块|刀|/\s*(?:h|hr|hour|小时)(?![a-z0-9]))"
# "0,33 $/h", "0,65 usdt", "$0,44/h": a leading zero, so the comma can only be the decimal mark
BOTH = lazy(r"(?<![\d.,])([1-9]\d{0,2}(?:\.\d{3})+),(\d{1,2})(?![\d.,])", re.ASCII)
CENTS = lazy(rf"(?<![\d.,])0,(\d{{1,2}})(?![\d,])(?=\s*{_MONEY})|(?<=[$₮¥€])\s*0,(\d{{1,2}})(?![\d,])")


def read(text: str) -> str:
    """`text` with each decimal comma its shape makes certain written as a dot ("2,5 days" -> "2.5 days")."""
    if "," not in text:
        return text
    text = LENGTH.sub(r"\1.\2", text)
    text = BOTH.sub(lambda m: f"{m.group(1).replace('.', '')}.{m.group(2)}", text)
    return CENTS.sub(lambda m: f"0.{m.group(1) or m.group(2)}", text)


# beside a currency's name or sign: "1.500" and "1 500" group thousands, "1,5" and "2,50" have a decimal comma, and
# "1.500,00" has both (fifteen hundred: the comma and two digits after dot-grouped thousands are the cents)
GROUPED = r"[1-9]\d{0,2}(?:[. ]\d{3})+(?:,\d{1,2})?(?![\d,]|\.\d)"
_COMMA_DECIMAL = re.compile(r"\d{1,3},\d{1,2}")


def beside_currency(said: str) -> Decimal | None:
    """The value of a number written the continental way right beside a currency ("1.500 EUR" 1500, "1 500 €"
    1500, "2,50 EUR" 2.5), for an amount only named back, never stored; None for any other shape."""
    if re.fullmatch(GROUPED, said):
        return Decimal(re.sub(r"[. ]", "", said).replace(",", "."))
    if _COMMA_DECIMAL.fullmatch(said):
        return Decimal(said.replace(",", "."))
    return None
