"""Reading a price watch: "tell me when an H100 week is under ₮4,000", "H100 周租低于 4000 告诉我".

A watch needs the three things a price alert is about: the card (and count, when said), the rental
unit (hour, day, week, month) and the threshold with its currency. The card and count come from the
chat parser's entities; the ask, the unit and the amount from the words around them. A message
without a trigger ("tell me when", "告诉我") and a threshold word ("under", "低于") is no watch.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

TRIGGER = re.compile(r"tell me when|let me know when|notify me|alert me|ping me|告诉我|提醒我|通知我|叫我", re.I)
BELOW = re.compile(
    r"(?:under|below|less than|cheaper than|drops? (?:to|under|below)|<|低于|少于|不到|便宜到|降到|跌到|跌破|以下|(?:只|还)?剩下?(?=\s*(?:[$¥￥₮]|\d[\d,.]*\s*[kK千万w]?\s*(?:usdt|usd|u(?![a-z])|刀|元|块|美元|美金))))\s*"
    r"(?P<pre>[$¥￥₮]|usdt|usd|cny|rmb)?\s*(?P<num>\d[\d,]*(?:\.\d+)?)\s*(?P<mult>[kK千万w])?\s*"
    r"(?P<post>usdt|usd|cny|rmb|u(?![a-z])|bucks?\b|dollars?\b|美元|美金|刀|元|块|人民币)?", re.I)
UNITS = (("week", r"week|weekly|周|星期|礼拜"), ("month", r"month|monthly|月"), ("day", r"\bday\b|daily|天|日租"),
         ("hour", r"hour|hourly|/h\b|小时|时租"))
CURRENCY = {"$": "USD", "usd": "USD", "美元": "USD", "美金": "USD", "刀": "USD", "¥": "CNY", "￥": "CNY", "cny": "CNY",
            "rmb": "CNY", "bucks": "USD", "buck": "USD", "dollars": "USD", "dollar": "USD", "元": "CNY", "块": "CNY", "人民币": "CNY", "₮": "USDT", "usdt": "USDT", "u": "USDT"}
MULT = {"k": Decimal(1000), "千": Decimal(1000), "万": Decimal(10000), "w": Decimal(10000)}


@dataclass(frozen=True)
class WatchAsk:
    gpu: str | None
    count: int | None
    unit: str | None
    below: Decimal
    currency: str | None


@dataclass(frozen=True)
class AmountBelow:
    """An amount said under a threshold word ("低于 ₮50", "below 2k usdt") at [start, end) of the text."""

    amount: Decimal
    currency: str | None
    start: int
    end: int


def amount_below(text: str) -> AmountBelow | None:
    """The first positive amount after a threshold word, with its scale (k/千/万/w) and currency; None when there is
    none. Read here once for the price watch and the wallet's balance warning (bot/wallet/balance_alert.py)."""
    m = BELOW.search(text)
    if m is None:
        return None
    try:
        amount = Decimal(m.group("num").replace(",", ""))
    except InvalidOperation:
        return None
    if m.group("mult"):
        amount *= MULT[m.group("mult").lower()]
    if amount <= 0:
        return None
    return AmountBelow(amount, CURRENCY.get((m.group("pre") or m.group("post") or "").lower()), m.start(), m.end())


def read_watch(text: str) -> WatchAsk | None:
    if not TRIGGER.search(text):
        return None
    below = amount_below(text)
    if below is None:
        return None
    unit = next((u for u, pattern in UNITS if re.search(pattern, text, re.I)), None)
    from bot.understand.parser import parse  # the card and count: the chat parser's entities

    rest = text[: below.start] + " " + text[below.end:]
    req = parse(rest).request
    return WatchAsk(req.gpu, req.num_gpus, unit, below.amount, below.currency)
