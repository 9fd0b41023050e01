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
from re import _constants as c  # type: ignore[attr-defined]
from re import _parser as parser  # type: ignore[attr-defined]
from typing import Any

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
    run = ""
    for op, av in items:
        if op is c.LITERAL:
            run += chr(av)
            continue
        if op in ZERO_WIDTH:
            continue  # consumes nothing: the literals either side are adjacent in the text matched
        if run:
            best, run = _better(best, frozenset([run])), ""
        best = _better(best, _item(op, av))
    return _better(best, frozenset([run])) if run else best


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


def gate(source: str, flags: int) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """Two scans, with the pattern's case folding, that every text it matches passes (None: no gate): one
    for a character of each needed word (a character class: a fraction of a microsecond), then one for the
    words themselves (an alternation of literals: a few microseconds, paid only by the texts the first lets by)."""
    need = required(source, flags)
    if need is None:
        return None
    words, scan_flags = need
    chars = "".join(sorted({_rarest(w) for w in words}))
    return (re.compile(f"[{''.join(re.escape(ch) for ch in chars)}]", scan_flags),
            re.compile("|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w))), scan_flags))
