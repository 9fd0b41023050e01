"""A provider whose short name is a Chinese numeral ("一万" for 一万网络), read as that provider, not as money.

Why: the normalizer turns an amount standing alone into digits ("预算一万 …" is ¥10,000), and so it turned the
provider's own short name into 10000 ("一万 3090 租半年" lost where the card is rented and was asked back). The
catalogs decide: the numeral just before a card that provider rents (its offers, the seeds' prices), or just after a
place word ("在一万 租 3090"), names the provider when the message says no money (预算, 块, 元, 够, budget, …);
otherwise it stays an amount ("一万 3090 够租多久" weighs ¥10,000 against the card). The name put back in its place is
the provider's full name, which the normalizer keeps and every reader finds.
"""

from __future__ import annotations

import re
from functools import cache

from bot.understand.entities import find_gpus
from bot.understand.lazy import lazy
from engine.providers import providers

_NUMERALS = frozenset("零一二两三四五六七八九十百千万亿")
# money said anywhere in the message: then the numeral is an amount, whatever follows it
MONEY_SAID = lazy(r"预算|块|元|人民币|rmb|cny|¥|￥|刀|美元|美金|usdt|(?<![a-z])u(?![a-z])|budget|经费|资金|够|能租(?:多久|几)|租多久|花(?!销)", re.I)
# after the numeral, still an amount: its unit, a count of something, a comparison ("一万多", "一万以内")
_AMOUNT_NEXT = lazy(r"\s*(?:网络|块|元|多|左右|以内|之内|以下|以上|出头|刀|美|人民币|u(?![a-z])|个|张|条|token|步|样本)", re.I)
_PLACE_BEFORE = lazy(r"(?:在|去|到|找|用|选)\s*$")


@cache
def _numeral_names() -> tuple[tuple[str, str, str], ...]:
    """(short name, full name, id) of every provider with an alias written only in Chinese numerals."""
    out = [(alias, p.name, p.id) for p in providers().entries for alias in p.aliases
           if alias and alias != p.name and all(ch in _NUMERALS for ch in alias)]
    return tuple(sorted(out, key=lambda t: -len(t[0])))


def _rents_card_next(provider_id: str, text: str, at: int) -> bool:
    """Whether a card the provider rents is named right at `at` (after a space, 的, 家, 那边 or 上)."""
    skip = re.compile(r"\s*(?:的|家|那边|那里|上)?\s*").match(text, at)
    start = skip.end() if skip else at
    found = find_gpus(text[start:start + 24])
    if not found or found[0].start != 0:
        return False
    return bool(providers().get(provider_id).offers_for(found[0].ident))


def _rents_card_named(provider_id: str, text: str) -> bool:
    provider = providers().get(provider_id)
    return any(provider.offers_for(m.ident) for m in find_gpus(text))


def read(text: str) -> str:
    """`text` with a numeral short name put back as its provider's full name, where it names the provider."""
    names = _numeral_names()
    if not names or not any(short in text for short, _, _ in names) or MONEY_SAID.search(text):
        return text
    for short, full, ident in names:
        for m in re.finditer(re.escape(short), text):
            before = text[:m.start()]
            if before[-1:] in _NUMERALS or (before[-1:].isdigit()) or _AMOUNT_NEXT.match(text, m.end()):
                continue
            placed = bool(_PLACE_BEFORE.search(before)) and _rents_card_named(ident, text)
            if placed or _rents_card_next(ident, text, m.end()):
                return text[:m.start()] + full + " " + text[m.end():]
    return text
