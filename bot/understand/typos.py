"""Chinese homophone typos ("冲值" for 充值, "显寸" for 显存), fixed before a message is read.

Why a table: a pinyin keyboard offers the wrong character with the right sound, and such a typo
breaks every word match at once (the FAQ's keywords, the wallet's verbs, the method names). One
table in catalogs/typos.yaml, applied once in normalize() and by the FAQ index, fixes each typo
everywhere, and a new one is a line of YAML, not a pattern in some module. Replacements keep the
length, so the spans found in the fixed text still point into the message.
"""

from __future__ import annotations

import re
from functools import cache

from bot.understand import one_message
from catalogs import catalog_path
from engine import yamlcache

CJK_FIRST = "\u3400"


@cache
def _table() -> tuple[dict[str, str], re.Pattern[str] | None]:
    raw = yamlcache.load(catalog_path("typos.yaml")) or {}
    table = {str(wrong): str(right) for wrong, right in (raw.get("zh") or {}).items() if wrong != right}
    for wrong, right in table.items():
        if len(wrong) != len(right):
            raise ValueError(f"catalogs/typos.yaml: {wrong!r} -> {right!r} changes the length")
    if not table:
        return table, None
    return table, re.compile("|".join(re.escape(w) for w in sorted(table, key=len, reverse=True)))


@one_message.per_message
def fix(text: str) -> str:
    """`text` with every listed typo replaced by the word meant; Latin-only text is returned as is."""
    if not text or max(text) < CJK_FIRST:
        return text
    table, pattern = _table()
    if pattern is None:
        return text
    return pattern.sub(lambda m: table[m.group(0)], text)
