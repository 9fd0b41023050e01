"""An amount said in a currency the wallet does not keep ("₹5 lakh", "500 EUR", "3 万日元", "£200"): read so that
a budget or a top-up in it is named back and refused, never stored as the bare number in another currency
(₹5 lakh is not $5, 300만원 is not $300).

Why its own reader: the wallet's amount readers know only the catalog's currencies (catalogs/currency.yaml)
and drop any other sign or word, keeping the digits. Indian, Chinese and Korean scale words come with it: a lakh
is 100,000 and a crore 10,000,000; 万 and 만 are 10,000, 백만 a million, 억 a hundred million; "3m won" is 3,000,000.
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
         "jpy": "JPY", "yen": "JPY", "日元": "JPY", "円": "JPY", "₩": "KRW", "krw": "KRW", "won": "KRW", "韩元": "KRW", "원": "KRW",
         "hkd": "HKD", "港币": "HKD", "港元": "HKD", "sgd": "SGD", "新币": "SGD", "aud": "AUD", "澳元": "AUD",
         "cad": "CAD", "加元": "CAD", "chf": "CHF", "瑞郎": "CHF", "twd": "TWD", "ntd": "TWD", "新台币": "TWD", "台币": "TWD"}
SCALE = {"lakh": Decimal(100_000), "lakhs": Decimal(100_000), "lac": Decimal(100_000), "lacs": Decimal(100_000),
         "crore": Decimal(10_000_000), "crores": Decimal(10_000_000), "cr": Decimal(10_000_000), "k": Decimal(1000),
         "万": Decimal(10_000), "千": Decimal(1000), "mn": Decimal(1_000_000), "million": Decimal(1_000_000),
         "m": Decimal(1_000_000), "亿": Decimal(100_000_000), "千万": Decimal(10_000_000), "百万": Decimal(1_000_000),
         # Korean counts by ten thousands as Chinese does: 300만 is 3,000,000, 3백만 too, 1억 is 100,000,000
         "만": Decimal(10_000), "천": Decimal(1000), "백": Decimal(100), "십만": Decimal(100_000),
         "백만": Decimal(1_000_000), "천만": Decimal(10_000_000), "억": Decimal(100_000_000)}
_SIGN = r"(?P<pre>₹|€|£|₩|\b(?:inr|eur|gbp|jpy|krw|hkd|sgd|aud|cad|chf|twd|ntd)\b|\brs\.?(?=\s*\d))"
_WORD = (r"(?P<post>₹|€|£|\b(?:inr|eur|gbp|jpy|krw|hkd|sgd|aud|cad|chf|twd|ntd|rupees?|euros?|pounds?|yen|won)\b"
         r"|卢比|欧元|英镑|日元|円|韩元|원|港币|港元|新币|澳元|加元|瑞郎|新台币|台币)")
_NUM = rf"(?P<num>(?<![\d.,]){GROUPED}|\d[\d,]*(?:\.\d+)?)\s*(?P<scale>lakhs?|lacs?|crores?|cr\b|k\b|mn\b|m\b|million\b|千万|百万|万|千|亿|십만|백만|천만|만|천|백|억)?"
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
    return _catalog_named(text)


def _catalog_named(text: str) -> Foreign | None:
    """An amount in a currency only the catalog's unrated list names ("S$2000", "HK$500", "300 sing dollars"):
    the same refusal, never a number stored as dollars because its sign ends in "$"."""
    from bot.understand.unrated_currency import unrated_amount, unrated_spans

    said = unrated_amount(text)
    spans = unrated_spans(text) if said else []
    if said is None or not spans:
        return None
    return Foreign(said[0], said[1], " ".join(text[spans[0][0]:spans[0][1]].split()))


# a write asked for as a question ("could you set the budget to 300만원?", "能把月预算设成 500万韩元吗"): still a write
REQUEST = re.compile(r"\b(?:could|can|would|will)\s+you\b|\bplease\b|\bpls\b|帮我|帮忙|麻烦|能不能把|[能可]以?把|请把", re.I)
ASKED = re.compile(r"[?？]|吗|么|\b(?:what|how|which|can|could|should|is|are|will)\b|能不能|可以|够不够|够吗|多少|几", re.I)


def foreign_write(text: str) -> Foreign | None:
    """The foreign amount of a budget set or a top-up stated in it ("Set project budget ₹5 lakh pls", "充值 100 欧元");
    None for a question, or a message that sets or tops up nothing."""
    from bot.understand.wallet_intent import BUDGET, SET_VERB, TOPUP

    said = foreign_amount(text)
    if said is None or (ASKED.search(text) and not REQUEST.search(text)):
        return None
    if TOPUP.search(text) or (BUDGET.search(text) and SET_VERB.search(text)):
        return said
    return None


# the marks a budget's alert is set at, said beside it ("alert me at 80%", "到 80% 提醒我", "百分之九十"): kept in the refusal
_PERCENT = re.compile(r"(?<![\d.])(\d{1,3})\s*(?:%|％|percent\b|per\s*cent\b)|百分之\s*(\d{1,3})", re.I)
_WEEK = re.compile(r"\b(?:week|weekly|per\s+wk)\b|每周|一周|周预算|/\s*周", re.I)
_MONTH = re.compile(r"\b(?:month|monthly|mo)\b|每月|每个月|月预算|本月|这个月|/\s*月", re.I)


@dataclass(frozen=True)
class Stated:
    """What a refused budget or top-up said besides its amount, named back so that nothing said is lost."""

    topup: bool  # a top-up, not a budget
    span: str | None  # "month" or "week" (the spans a budget is kept for), None when none is said
    alerts: tuple[int, ...]  # the percentages an alert was asked at


def stated(text: str) -> Stated:
    """The kind, span and alert marks `text` states around its amount."""
    from bot.understand.wallet_intent import BUDGET, TOPUP

    topup = bool(TOPUP.search(text)) and not BUDGET.search(text)
    span = "week" if _WEEK.search(text) else "month" if _MONTH.search(text) else None
    marks = sorted({int(m[1] or m[2]) for m in _PERCENT.finditer(text) if 0 < int(m[1] or m[2]) <= 1000})
    return Stated(topup, None if topup else span, () if topup else tuple(marks))


# a yen amount with its sign ("300,000円", "5万円") and Korean letters ("300만원"): money written the Japanese or Korean
# way inside an English sentence, no Chinese of the writer's own; blanked before the sentence's language is weighed
_NOT_CHINESE = re.compile(r"(?:\d[\d,.]*\s*(?:千万|百万|万|千|亿)?\s*)?円|[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]+")


def without_foreign_glyphs(text: str) -> str:
    """`text` with yen amounts and hangul blanked, so that "set a budget of 5万円" reads as the English it is."""
    return _NOT_CHINESE.sub(" ", text) if max(text, default=" ") >= "\u1100" else text
