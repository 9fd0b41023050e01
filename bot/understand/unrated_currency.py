"""A currency asked for that no provider bills in and the catalog keeps no rate for ("新台币大概多少",
"in rupees?", "HKD?", "换成日元是多少", "what's that in euros"), and an amount said in one ("budget S$300",
"手上 2000 新币"): S$, HK$, NT$, A$ and C$ are that country's dollar, never the US dollar their "$" looks like.

Why: the prices are in ₮ (gpuli), yuan (一万网络) and dollars (CloudGPU), and the catalog has comparison
rates for those alone. A team in Taipei or Bangalore asks the figure in its own money; read as nothing, the
words fell to an unrelated FAQ entry or to "outside what I do". The currencies are the catalog's own list
(catalogs/currency.yaml, `unrated`: the ISO code, the sign and the names), never words of this module, so a
currency added there is read here. Traditional text reaches this reader converted (bot.understand.script).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from functools import cache

from bot.understand.decimal_comma import GROUPED, beside_currency
from bot.understand.follow_frame import frame_only
from bot.understand.follow_reads import AMOUNT_FRAME, AMOUNT_WORDS
from engine.providers import unrated_currencies

# the words around a conversion asked: "若以…估算", "换成…是多少", "折合", "how much is that in", "convert to"
_CONVERT = re.compile(r"若|如果|要是|以|估算|估计|估|换算成?|换成|折成|折合|合|等于|相当于|约|左右|多少|大概|大约"
                      r"|能|可以|吗|帮我?|给我|一下|请|麻烦"  # "能换算成日币吗", "帮我折成韩元"
                      r"|\b(?:in|into|to|convert(?:ed)?|converted|roughly|about|approx(?:imately)?|how|much|many"
                      r"|what'?s|what|would|that|be|it|is|the|price|cost|terms|of|local|currency|our|money"
                      # a spoken particle closing the question ("in SGD leh?", "HKD lah", "SGD pls")
                      r"|leh|lah|la|lor|ah|hor|meh|ya|eh|pls|plz|please"
                      # a request to put it in that money ("could you express that in yen", "can you show it in KRW")
                      r"|could|can|you|express(?:ed)?|show|give|me|put|say|quote|figure|number|amount|approximately)\b"
                      # Korean: "원으로 얼마야?" (how much in won)
                      r"|으로|로|얼마(?:야|예요|에요|인가요|죠|지)?|정도", re.I)


@cache
def _pattern() -> re.Pattern[str]:
    names = sorted(((alias.lower(), ident) for ident, _en, _zh, aliases in unrated_currencies() for alias in aliases),
                   key=lambda pair: -len(pair[0]))
    # a Latin name is a word of its own ("eur" never inside "europe"); a sign or a Chinese name stands anywhere
    parts = [rf"(?<![a-z]){re.escape(a)}(?![a-z])" if a[:1].isascii() and a[:1].isalpha() else re.escape(a) for a, _ in names]
    return re.compile("|".join(parts), re.I)


@cache
def _ids() -> dict[str, str]:
    return {alias.lower(): ident for ident, _en, _zh, aliases in unrated_currencies() for alias in aliases}


_WORD = re.compile(r"[a-z]+")


@cache
def _gate() -> tuple[frozenset[str], tuple[str, ...]]:
    """The first Latin word of every name, and every name or sign that is not Latin: a message holding none of
    them (nearly every message) is passed over without trying each name at each place."""
    aliases = [alias.lower() for _i, _en, _zh, names in unrated_currencies() for alias in names]
    latin = [a for a in aliases if a.isascii() and a.replace(" ", "").isalpha()]  # "yen", "hong kong dollars"
    return frozenset(a.split()[0] for a in latin), tuple(a for a in aliases if a not in latin)  # "nt$", "€", "港币"


def unrated_named(text: str) -> str | None:
    """The ISO code of the one currency without a rate that `text` names; None for none or several."""
    lower = text.lower()
    words, others = _gate()
    if words.isdisjoint(_WORD.findall(lower)) and not any(a in lower for a in others):
        return "INR" if ("la" in lower or "cr" in lower) and _lakh_alone(text) else None
    found = {_ids()[m.group(0).lower()] for m in _pattern().finditer(text)}
    return found.pop() if len(found) == 1 else None


def _lakh_alone(text: str) -> bool:
    """Whether `text` states an amount in lakh or crore with no currency named ("budget 2 lakh a month"): rupees,
    the only money counted in them; one beside a currency the catalog keeps ("$2 lakh", "2 lakh usd") is not."""
    m = INDIAN_SCALE.search(text)
    return m is not None and not re.search(r"[$¥₮]\s*$", text[:m.start()]) and \
        not re.match(r"\s*(?:usdt?|dollars?|bucks|rmb|cny|yuan|u\b|刀|元|块|美元|美金|人民币)", text[m.end():], re.I)


def unrated_alone(text: str) -> bool:
    """Whether `text` is nothing but that currency and words that ask a figure in it ("新台币大概多少",
    "in rupees?", "HKD?"): asked of the last price, not a question of its own."""
    rest = _pattern().sub(" ", text.lower())
    return frame_only(_CONVERT.sub(" ", AMOUNT_FRAME.sub(" ", AMOUNT_WORDS.sub(" ", rest))))


# "1.500 EUR", "12.000 €", "1 500 EUR": with the currency beside it, a dot or a space before each group of three
# digits groups thousands, as most of Europe writes them (one reading, so no ask back: nothing is stored)
_NUMBER = (rf"((?<![\d.,]){GROUPED}|\d(?:[\d,]*\d)?(?:\.\d+)?)(?:\s*(k|m|千万|百万|千|万|w|lakhs?|lacs?|crores?|cr|million"
           r"|십만|백만|천만|만|천|백|억)(?![a-z]))?"
           r"(?![\d.])")
_SCALE = {"k": Decimal(1000), "千": Decimal(1000), "万": Decimal(10_000), "w": Decimal(10_000), "m": Decimal(1_000_000),
          "million": Decimal(1_000_000), "千万": Decimal(10_000_000), "百万": Decimal(1_000_000),
          # Korean counts by ten thousands as Chinese does: 300만 is 3,000,000, 3백만 too
          "만": Decimal(10_000), "천": Decimal(1000), "백": Decimal(100), "십만": Decimal(100_000), "백만": Decimal(1_000_000),
          "천만": Decimal(10_000_000), "억": Decimal(100_000_000),
          **dict.fromkeys(("lakh", "lakhs", "lac", "lacs"), Decimal(100_000)),
          **dict.fromkeys(("crore", "crores", "cr"), Decimal(10_000_000))}
# India's own scale words with no currency named ("2 lakh per month", "budget of 1.5 crore"): rupees are meant
INDIAN_SCALE = re.compile(r"(?<![\d.,])(\d+(?:\.\d+)?)\s*(lakhs?|lacs?|crores?)(?![a-z])", re.I)


@cache
def _amount_pattern() -> re.Pattern[str]:
    """The name or sign, then the amount ("S$300", "SGD 1.2k"), or the amount, then the name ("500 新币"). A name
    that is a plain English word stands after the amount only ("3m won"; "we won 3 bids" states no money)."""
    names = _pattern().pattern
    codes = {ident.lower() for ident, *_ in unrated_currencies()}
    first = "|".join(re.escape(a) for a, _ in sorted(_ids().items(), key=lambda pair: -len(pair[0]))
                     if a in codes or not a.replace(" ", "").isalpha() or not a.isascii())
    return re.compile(rf"(?<![a-z])(?P<name1>{first})(?![a-z])\s*{_NUMBER.replace('(', '(?P<num1>', 1).replace('(k', '(?P<scale1>k', 1)}"
                      rf"|{_NUMBER.replace('(', '(?P<num2>', 1).replace('(k', '(?P<scale2>k', 1)}\s*(?P<name2>{names})", re.I)


def unrated_amount(text: str) -> tuple[Decimal, str] | None:
    """The amount `text` states in a currency without a rate, scaled, with that currency's code ("budget S$300":
    300, SGD; "预算 2 万港币": 20000, HKD); None when it states none."""
    named = unrated_named(text)
    if named is None:
        return None
    for m in _amount_pattern().finditer(text):
        end = "1" if m["num1"] else "2"
        try:
            said = m[f"num{end}"]
            amount = beside_currency(said) or Decimal(said.replace(",", ""))
        except InvalidOperation:
            continue
        scale = m[f"scale{end}"]
        return amount * _SCALE[scale.lower()] if scale else amount, _ids()[m[f"name{end}"].lower()]
    bare = INDIAN_SCALE.search(text) if named == "INR" and _lakh_alone(text) else None
    return (Decimal(bare[1]) * _SCALE[bare[2].lower()], "INR") if bare else None


def unrated_spans(text: str) -> list[tuple[int, int]]:
    """Where `text` states amounts in a currency without a rate ("budget 300만원": the span of "300만원"): money the
    amount readers must leave alone, or "300" would be weighed as $300 and "5万円" as ¥50,000."""
    if unrated_named(text) is None:
        return []
    return [m.span() for m in _amount_pattern().finditer(text)]


def currency_names(ident: str) -> tuple[str, str]:
    """(English name, Chinese name) of an unrated currency."""
    return next(((en, zh) for i, en, zh, _ in unrated_currencies() if i == ident), (ident, ident))
