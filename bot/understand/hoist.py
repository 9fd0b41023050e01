"""A pattern with the look-arounds that open its branches moved behind their first character.

Why: many readers' patterns are long alternations whose branches open with `\\b`, `^` or a look-behind
("\\bhow\\s*$|\\bhow\\s+to\\b|…|怎么(?:操作|弄)|…"). Python's engine tries every branch at every position of
the text, and it can pass over a branch cheaply (one character compared) only when the branch opens with a
literal character or a class; a branch that opens with an assertion is entered at every position. Such a
search cost 50-300 µs on a long message, and a parse makes hundreds. Written with its first character
first and the assertions checked behind it (`\\bhow` as `h(?<=\\bh)ow`), each branch is passed over at a
glance where its character is absent, and where every branch then opens with a literal the engine skips
ahead to the characters that can start a match: the same search, 5-15 times faster.

The same matches, exactly: an assertion consumes nothing, so "Z, then the character c at position p" holds
just where "c at p, and looking back from p + 1, Z then c" does (the look-behind reads the very character
just consumed, and Z is tested at p either way, with the whole string in view as before: `\\b`, `^` and
look-behinds see what lies before a search's `pos` in both). A group's span starts where it did (an
assertion in front of a group moves into it). Only assertions without groups of their own are moved; a
branch that opens otherwise (a repeat, a group with flags) keeps its assertions where they were.

Not moved: an assertion in front of a whole alternation ("(?<![\\w.])(\\d{1,2}|two|three…)"). Copied into
every branch it was measured slower: tested once at each position it turns most positions away, where
copied it is tested again behind each branch's first character. Groups keep their numbers and names,
so every match has the same groups and spans (tests/test_speed_hoist.py).
"""

from __future__ import annotations

import re
from re import _compiler as compiler  # type: ignore[attr-defined]
from re import _constants as c  # type: ignore[attr-defined]
from re import _parser as parser  # type: ignore[attr-defined]
from typing import Any

ZERO_WIDTH = (c.AT, c.ASSERT, c.ASSERT_NOT)
ONE_CHARACTER = (c.LITERAL, c.IN)
REPEATS = (c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", c.MAX_REPEAT))


def _has_group(items: Any) -> bool:
    """Whether a parsed sequence holds a capturing group anywhere (such an assertion stays where it is)."""
    for op, av in items:
        if op is c.SUBPATTERN and (av[0] is not None or _has_group(av[3].data)):
            return True
        if op in (c.ASSERT, c.ASSERT_NOT) and _has_group(av[1].data):
            return True
        if op is c.BRANCH and any(_has_group(b.data) for b in av[1]):
            return True
        if op in REPEATS and _has_group(av[2].data):
            return True
        if op in (c.GROUPREF, c.GROUPREF_EXISTS) or op is getattr(c, "ATOMIC_GROUP", None):
            return True  # (not looked into: kept in place)
    return False


def _hoisted(state: Any, items: list[tuple[Any, Any]], before: list[tuple[Any, Any]]) -> list[tuple[Any, Any]] | None:
    """`before` (assertions) then `items`, with the opening assertions behind the first character where the
    sequence opens with one (through branches and plain groups); None where nothing could be moved."""
    ahead = list(before)
    i = 0
    while i < len(items) and items[i][0] in ZERO_WIDTH:
        ahead.append(items[i])
        i += 1
    if i == len(items) or _has_group(ahead):
        return None
    op, av = items[i]
    rest = list(items[i + 1:])
    if op in ONE_CHARACTER:
        if not ahead:
            return None  # opens with its character already
        return [items[i], (c.ASSERT, (-1, parser.SubPattern(state, [*ahead, items[i]]))), *rest]
    if op is c.BRANCH and not ahead:
        branches, moved = [], False
        for branch in av[1]:
            done = _hoisted(state, list(branch.data), [])
            moved = moved or done is not None
            branches.append(parser.SubPattern(state, done if done is not None else list(branch.data)))
        return [(c.BRANCH, (None, branches)), *rest] if moved else None
    if op is c.SUBPATTERN and not av[1] and not av[2]:
        done = _hoisted(state, list(av[3].data), ahead)
        return None if done is None else [(c.SUBPATTERN, (av[0], 0, 0, parser.SubPattern(state, done))), *rest]
    return None


def rewritten(parsed: Any, flags: int) -> re.Pattern[str] | None:
    """`parsed` (a parsed pattern, changed in place) compiled with its opening assertions moved behind
    their first characters; None where none moved or the engine refuses the result."""
    done = _hoisted(parsed.state, list(parsed.data), [])
    if done is None:
        return None
    kept, parsed.data = parsed.data, done
    try:
        compiled: re.Pattern[str] = compiler.compile(parsed, flags)
    except (re.error, RecursionError, OverflowError):
        parsed.data = kept  # as it came: the caller compiles it unchanged
        return None
    return compiled


def faster(source: str, flags: int) -> re.Pattern[str] | None:
    """`re.compile(source, flags)`'s equal with its opening assertions moved (None: nothing to move)."""
    try:
        parsed = parser.parse(source, flags)
    except re.error:
        return None
    return rewritten(parsed, flags)
