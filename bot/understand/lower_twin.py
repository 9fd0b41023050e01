"""A case-blind pattern's case-sensitive twin, for texts already in lower case.

Why: Python's engine skips ahead to where a match can start (a literal prefix, a set of first characters)
only when case counts; a pattern compiled with IGNORECASE is tried at every position of the message,
and such searches were about a tenth of a long message's parse. Nearly every text the readers search is
normalized, so already lower case. On such a text the pattern with every letter written in lower case,
compiled without IGNORECASE, matches exactly where the case-blind one does, with the same groups: the text
is the very same string, only the pattern differs.

Exact where (`lower_already`) the text equals its `str.lower()` and every character of it is ASCII or has
no case (Chinese, digits, punctuation; bot.understand.prefilter.caseless): re's extra case pairs ("ſ" with
"s", "K" with "k") only pair cased letters. The twin is made only where that reasoning holds for the
pattern too: every literal ASCII or caseless, no range holding a cased letter beyond ASCII, no group that
sets its own case flag; anything else (a construct not listed) gives no twin, and the pattern answers.
"""

from __future__ import annotations

import re
from functools import lru_cache
from re import _compiler as compiler  # type: ignore[attr-defined]
from re import _constants as c  # type: ignore[attr-defined]
from re import _parser as parser  # type: ignore[attr-defined]
from typing import Any

from bot.understand import hoist
from bot.understand.prefilter import caseless

ASCII_UPPER = range(ord("A"), ord("Z") + 1)
WIDEST_RANGE = 0x10000  # a wider range is not checked letter by letter: no twin
REPEATS = {c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", c.MAX_REPEAT)}
PLAIN = {c.ANY, c.AT, c.GROUPREF, c.FAILURE, c.SUCCESS, c.CATEGORY}


class _NoTwin(Exception):
    """A construct the rule does not cover."""


def twin(source: str, flags: int) -> re.Pattern[str] | None:
    """The case-sensitive twin of `source` compiled with `flags`, or None (not case-blind, or not covered)."""
    try:
        parsed = parser.parse(source, flags)
    except re.error:
        return None
    if not parsed.state.flags & re.IGNORECASE:
        return None
    try:
        _lower(parsed.data)
    except _NoTwin:
        return None
    parsed.state.flags &= ~re.IGNORECASE
    return hoist.rewritten(parsed, flags & ~re.IGNORECASE) or compiler.compile(parsed, flags & ~re.IGNORECASE)


def _letter(code: int) -> int:
    ch = chr(code)
    if ch.isascii():
        return ord(ch.lower())
    if not caseless(ch):
        raise _NoTwin
    return code


def _lower(items: list[tuple[Any, Any]]) -> None:
    """Rewrite a parsed sequence in place: letters in lower case, classes with their letters' lower forms."""
    for i, (op, av) in enumerate(items):
        if op in (c.LITERAL, c.NOT_LITERAL):
            items[i] = (op, _letter(av))
        elif op is c.IN:
            items[i] = (op, _class(av))
        elif op in PLAIN:
            continue
        elif op is c.SUBPATTERN:
            _group, add_flags, del_flags, content = av
            if (add_flags | del_flags) & re.IGNORECASE:
                raise _NoTwin
            _lower(content.data)
        elif op in REPEATS:
            _lower(av[2].data)
        elif op in (c.ASSERT, c.ASSERT_NOT):
            _lower(av[1].data)
        elif op is c.BRANCH:
            for branch in av[1]:
                _lower(branch.data)
        elif op is getattr(c, "ATOMIC_GROUP", None):
            _lower(av.data)
        elif op is c.GROUPREF_EXISTS:
            _group, yes, no = av
            _lower(yes.data)
            if no is not None:
                _lower(no.data)
        else:
            raise _NoTwin


def _class(items: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """A class's items, plus the lower form of every ASCII capital it holds: on a lower-case text the
    case-blind class matches a letter when it holds the letter or its capital."""
    capitals: set[int] = set()
    for op, av in items:
        if op is c.LITERAL:
            if not chr(av).isascii() and not caseless(chr(av)):
                raise _NoTwin
            if av in ASCII_UPPER:
                capitals.add(av)
        elif op is c.RANGE:
            low, high = av
            if high - low > WIDEST_RANGE or not all(caseless(chr(code)) for code in range(max(low, 0x80), high + 1)):
                raise _NoTwin
            capitals.update(code for code in range(low, high + 1) if code in ASCII_UPPER)
        elif op not in (c.NEGATE, c.CATEGORY):
            raise _NoTwin
    return [*items, *((c.LITERAL, ord(chr(code).lower())) for code in sorted(capitals))]


@lru_cache(maxsize=256)  # one message's texts are searched by hundreds of patterns: checked once each
def lower_already(text: str) -> bool:
    """Whether `text` is its own lower case and caseless beyond ASCII: where a twin answers for its pattern.
    A pure function of the text it is keyed by."""
    return caseless(text) and text.lower() == text
