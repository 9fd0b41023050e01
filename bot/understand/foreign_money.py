"""An amount said in a currency the wallet does not keep ("₹5 lakh", "500 EUR", "3 万日元", "£200"): read so that
a budget or a top-up in it is named back and refused, never stored as the bare number in another currency
(₹5 lakh is not $5).

Why its own reader: the wallet's amount readers know only the catalog's currencies (catalogs/currency.yaml)
and drop any other sign or word, keeping the digits. Indian and Chinese scale words come with it: a lakh is
100,000 and a crore 10,000,000; 万 is 10,000.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from bot.understand.decimal_comma import GROUPED, beside_currency

# the currency each sign, code or word names
NAMES = {"₹": "INR", "inr": "INR", "rs": "INR", "rs.": "INR", "rupee": "INR", "rupees": "INR", "卢比": "INR",
         "€": "EUR", "eur": "EUR", "euro": "EUR", "euros": "EUR", "欧元": "EUR",
         "£": "GBP", "gbp": "GBP", "pound": "GBP", "pounds": "GBP", "英镑": "GBP",
         "jpy": "JPY", "yen": "JPY", "日元": "JPY", "円": "JPY", "₩": "KRW", "krw": "KRW", "won": "KRW", "韩元": "KRW",
         "hkd": "HKD", "港币": "HKD", "港元": "HKD", "sgd": "SGD", "新币": "SGD", "aud": "AUD", "澳元": "AUD",
         "cad": "CAD", "加元": "CAD", "chf": "CHF", "瑞郎": "CHF", "twd": "TWD", "ntd": "TWD", "新台币": "TWD", "台币": "TWD"}
SCALE = {"lakh": Decimal(100_000), "lakhs": Decimal(100_000), "lac": Decimal(100_000), "lacs": Decimal(100_000),
         "crore": Decimal(10_000_000), "crores": Decimal(10_000_000), "cr": Decimal(10_000_000), "k": Decimal(1000),
         "万": Decimal(10_000), "千": Decimal(1000), "mn": Decimal(1_000_000), "million": Decimal(1_000_000)}
_SIGN = r"(?P<pre>₹|€|£|₩|\b(?:inr|eur|gbp|jpy|krw|hkd|sgd|aud|cad|chf|twd|ntd)\b|\brs\.?(?=\s*\d))"
_WORD = (r"(?P<post>₹|€|£|\b(?:inr|eur|gbp|jpy|krw|hkd|sgd|aud|cad|chf|twd|ntd|rupees?|euros?|pounds?|yen|won)\b"
         r"|卢比|欧元|英镑|日元|円|韩元|港币|港元|新币|澳元|加元|瑞郎|新台币|台币)")
_NUM = rf"(?P<num>(?<![\d.,]){GROUPED}|\d[\d,]*(?:\.\d+)?)\s*(?P<scale>lakhs?|lacs?|crores?|cr\b|k\b|mn\b|million\b|万|千)?"
SIGN_FIRST = re.compile(rf"{_SIGN}\s*{_NUM}(?:\s*{_WORD})?", re.I)  # "₹5 lakh", "EUR 500"
WORD_AFTER = re.compile(rf"(?<![\w.]){_NUM}\s*{_WORD}", re.I)  # "500 euros", "5 万卢比"


@dataclass(frozen=True)
class Foreign:
    amount: Decimal
    currency: str
    said: str  # as written: "₹5 lakh"


def foreign_amount(text: str) -> Foreign | None:
    """The first amount `text` states in a currency outside the catalog, scaled; None when there is none."""
    found = sorted([*SIGN_FIRST.finditer(text), *WORD_AFTER.finditer(text)], key=lambda m: m.start())
    for m in found:
        groups = m.groupdict()
        code = NAMES.get((groups.get("pre") or groups.get("post") or "").lower())
        if code is None:
            continue
        try:
            amount = beside_currency(m["num"]) or Decimal(m["num"].replace(",", ""))
        except InvalidOperation:
            continue
        if m["scale"]:
            amount *= SCALE[m["scale"].lower()]
        return Foreign(amount, code, " ".join(m[0].split()))
    return None


ASKED = re.compile(r"[?？]|吗|么|\b(?:what|how|which|can|could|should|is|are|will)\b|能不能|可以|够不够|够吗|多少|几", re.I)


def foreign_write(text: str) -> Foreign | None:
    """The foreign amount of a budget set or a top-up stated in it ("Set project budget ₹5 lakh pls", "充值 100 欧元");
    None for a question, or a message that sets or tops up nothing."""
    from bot.understand.wallet_intent import BUDGET, SET_VERB, TOPUP

    said = foreign_amount(text)
    if said is None or ASKED.search(text):
        return None
    if TOPUP.search(text) or (BUDGET.search(text) and SET_VERB.search(text)):
        return said
    return None
