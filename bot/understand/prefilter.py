"""The words a pattern cannot match without: a cheap scan in front of an expensive search.

Why: a parse runs some 440 searches, most of which find nothing, and many of the patterns are long
alternations whose branches open with `\\b`, a look-behind or an optional word; Python's engine then
tries every branch at every position of the message (the scaled-factor pattern alone cost ~0.5 ms a
message). Almost every such pattern still needs one of a few literal words in any text it matches
("倍", "double", "half", "半" …). Those words are read off the parsed pattern once, at compile time, and
one scan for any of them (compiled with the pattern's own flags, so case folds the same way) answers
"no match" for the many messages that name none, with the very result the search would give.

The rule (`required`): the set S of literal strings such that every match of the pattern *consumes* one
of them. A literal run is its own string; a group, an atomic group or a repeat of at least one is its
content's set; a class of a few plain characters is those characters; an alternation is the union of its
branches' sets (none when any branch has none); a sequence takes the best set of its items (items that
consume nothing, `\\b`, `^`, look-arounds, do not break a literal run, since the text consumed around them is
contiguous). Anything else (a wider class, `.`, an optional part, a back-reference, a conditional, a group
with flags of its own) gives no set: no gate. A set with a common character alone in it is no gate either.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from re import _constants as c  # type: ignore[attr-defined]
from re import _parser as parser  # type: ignore[attr-defined]
from typing import Any

Search = Callable[..., Any]  # a compiled pattern's bound `search`

# the characters in at least 3% of the chat's messages (normalized), most common first: a scan for a
# character of each needed word takes the rarest one (one outside this list, rarer still, first of all)
COMMON = " 0b 1-2eolar43cgduh8ipn75s6t9fwm多.\\少qk卡y<吗全月参*v一个x万张跑要z网络不"
MAX_WORDS = 64  # more alternatives than this: the scan itself is no longer cheap
MAX_CLASS = 8  # a character class of at most this many characters stands for them as one-character words
ZERO_WIDTH = {c.AT, c.ASSERT, c.ASSERT_NOT}
REPEATS = {c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", c.MAX_REPEAT)}


def _better(a: frozenset[str] | None, b: frozenset[str] | None) -> frozenset[str] | None:
    """The more selective of two sets: the longer shortest word, then the fewer words."""
    if a is None:
        return b
    if b is None:
        return a
    return a if (min(map(len, a)), -len(a)) >= (min(map(len, b)), -len(b)) else b


def _sequence(items: list[tuple[object, Any]]) -> frozenset[str] | None:
    best: frozenset[str] | None = None
    run: frozenset[str] = frozenset([""])  # every text the items since the last open one can consume
    for op, av in items:
        if op in ZERO_WIDTH:
            continue  # consumes nothing: the literals either side are adjacent in the text matched
        exact = _exact(op, av)
        if exact is not None and len(run) * len(exact) <= MAX_WORDS:
            run = frozenset(a + b for a in run for b in exact)
            continue
        if run != {""}:
            best = _better(best, run)
        run = exact if exact is not None else frozenset([""])
        if exact is None:
            best = _better(best, _item(op, av))
    return _better(best, run) if run != {""} else best


def _exact(op: object, av: Any) -> frozenset[str] | None:
    """Every text the item can consume, when they are a few fixed strings: a literal, a class of a few
    plain characters ("p[sd]t" consumes "pst" or "pdt"), a group or an alternation of such; else None."""
    if op is c.LITERAL:
        return frozenset(chr(av))
    if op is c.IN and len(av) <= MAX_CLASS and all(kind is c.LITERAL for kind, _ in av):
        return frozenset(chr(code) for _, code in av)
    if (op is c.SUBPATTERN and not av[1] and not av[2]) or op is getattr(c, "ATOMIC_GROUP", None):
        content = list(av[3] if op is c.SUBPATTERN else av)
        out = frozenset([""])
        for sub_op, sub_av in content:
            if sub_op in ZERO_WIDTH:
                continue
            part = _exact(sub_op, sub_av)
            if part is None or len(out) * len(part) > MAX_WORDS:
                return None
            out = frozenset(a + b for a in out for b in part)
        return out
    if op is c.BRANCH:
        words: set[str] = set()
        for branch in av[1]:
            part = _exact(c.SUBPATTERN, (None, 0, 0, branch))
            if part is None:
                return None
            words |= part
        return frozenset(words) if len(words) <= MAX_WORDS else None
    return None


def _item(op: object, av: Any) -> frozenset[str] | None:
    if op is c.SUBPATTERN:
        _group, add_flags, del_flags, content = av
        return None if add_flags or del_flags else _sequence(list(content))
    if op is getattr(c, "ATOMIC_GROUP", None):
        return _sequence(list(av))
    if op in REPEATS:
        low, _high, content = av
        return _sequence(list(content)) if low >= 1 else None
    if op is c.IN and len(av) <= MAX_CLASS and all(kind is c.LITERAL for kind, _ in av):
        return frozenset(chr(code) for _, code in av)  # a class of a few characters ("[吗嘛]"): one of them
    if op is c.BRANCH:
        words: set[str] = set()
        for branch in av[1]:
            found = _sequence(list(branch))
            if found is None:
                return None
            words |= found
        return frozenset(words)
    return None


def required(source: str, flags: int) -> tuple[frozenset[str], int] | None:
    """The literal strings one of which every match of `source` consumes, and the flags to scan with;
    None when the pattern has no such set worth scanning for."""
    try:
        parsed = parser.parse(source, flags)
    except re.error:  # the pattern's own compile reports it: no gate
        return None
    found = _sequence(list(parsed))
    if not found or len(found) > MAX_WORDS or "" in found:
        return None
    if any(len(w) < 2 and (w.lower() in COMMON or w.isspace()) for w in found):
        return None  # a common character alone ("2", "x", a space): nearly every message passes, the scan saves nothing
    return found, parsed.state.flags & ~(re.VERBOSE | re.DEBUG)


def _rarest(word: str) -> str:
    """The character of `word` least often in a message (COMMON), so a scan for it skips most messages."""
    return max(word, key=lambda ch: COMMON.find(ch.lower()) if ch.lower() in COMMON else len(COMMON))


def gate(source: str, flags: int) -> tuple[Search, Search, Search | None] | None:
    """Scans, with the pattern's case folding, that every text it matches passes (None: no gate): one for a
    character of each needed word (a character class: a fraction of a microsecond), then one for the words
    themselves (an alternation of literals, paid only by the texts the first lets by); and for a case-blind
    pattern, that second scan made case-sensitive, for texts already in lower case (None where a word has a
    cased letter beyond ASCII).

    Why the third: Python's engine skips ahead to a possible first character only when case counts; an
    alternation searched with IGNORECASE is tried at every position (20-100 µs on a long message, against a
    few µs case-sensitive). On a text that is its own lower case and caseless beyond ASCII
    (bot.understand.lower_twin.lower_already), the lowered words found case-sensitively are found exactly
    where the case-blind scan finds the words."""
    need = required(source, flags)
    if need is None:
        return None
    words, scan_flags = need
    chars = "".join(sorted({_rarest(w) for w in words}))
    ordered = sorted(words, key=lambda w: (-len(w), w))
    lowered = sorted({w.lower() for w in words}, key=lambda w: (-len(w), w))
    return (re.compile(f"[{''.join(re.escape(ch) for ch in chars)}]", scan_flags).search,
            re.compile("|".join(re.escape(w) for w in ordered), scan_flags).search,
            re.compile("|".join(re.escape(w) for w in lowered), scan_flags & ~re.IGNORECASE).search
            if scan_flags & re.IGNORECASE and all(caseless(w) for w in words) else None)


def caseless(text: str) -> bool:
    """Every character ASCII or without case: then `str.lower` folds it exactly as re.IGNORECASE compares
    (re's extra equivalences, "ſ" with "s", "K" with "k", "ı" with "i", only pair cased letters; checked
    over all of Unicode in tests/test_speed_prefilter.py)."""
    return text.isascii() or all(ch.isascii() or ch.lower() == ch == ch.upper() for ch in text)
