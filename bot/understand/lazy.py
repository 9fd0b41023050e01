"""Regular expressions compiled on first use, not at import.

Why: the reading of a message uses a few hundred patterns; compiling them all when the module is
imported cost every one-shot `kasuan` command (and every test process) a noticeable start-up delay,
although most commands use a handful. A `lazy(...)` pattern looks and behaves like `re.compile(...)`
and compiles the first time one of its methods is looked up.

Why slots filled with the compiled pattern's own bound methods: a parse makes about 130 searches,
and a Python-level wrapper method around each cost about 6% of the parse. Once compiled, `p.search`
is the compiled pattern's builtin method itself, found in a slot: no wrapper call is left.

Why a gated method where the pattern needs a word: most searches of a parse find nothing, and a long
alternation is tried at every position of the message. A pattern every match of which consumes one of a
few literal words (bot.understand.prefilter reads them off the parsed pattern) gets, in its slots, a
function that first scans for a character of those words, then for the words, and answers "no match"
(None, [], the text unchanged) without the search when they are absent: what the search would answer.
The two scans cost about a microsecond; the searches they spare, tens (about half the parse's searches).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from bot.understand import prefilter

METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "split")


class LazyPattern:
    """`re.compile(pattern, flags)` deferred to the first method looked up."""

    __slots__ = ("_compiled", "_flags", "_source", *METHODS)

    search: Callable[..., re.Match[str] | None]
    match: Callable[..., re.Match[str] | None]
    fullmatch: Callable[..., re.Match[str] | None]
    finditer: Callable[..., Iterator[re.Match[str]]]
    findall: Callable[..., list[Any]]
    sub: Callable[..., str]
    split: Callable[..., list[str | Any]]

    def __init__(self, source: str, flags: int | re.RegexFlag = 0) -> None:
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    def __getattr__(self, name: str) -> Any:
        """Only reached while a method slot is empty: compile, fill every slot, answer."""
        if name not in METHODS:
            raise AttributeError(name)
        compiled = self.compiled
        scan = prefilter.gate(self._source, self._flags)
        for method in METHODS:
            setattr(self, method, getattr(compiled, method) if scan is None else _gated(method, getattr(compiled, method), *scan))
        return getattr(self, name)

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self._source, self._flags)
        return self._compiled

    @property
    def pattern(self) -> str:
        return self._source


def _gated(method: str, real: Callable[..., Any], chars: re.Pattern[str], words: re.Pattern[str]) -> Callable[..., Any]:
    """`real` behind the scans for what every match needs (bot.understand.prefilter): a text without it
    gets what `real` gives a text it cannot match (None, no matches, the text itself)."""
    char_scan, word_scan = chars.search, words.search
    if method == "sub":
        def sub(repl: Any, string: str, *args: Any, **kwargs: Any) -> str:
            return string if char_scan(string) is None or word_scan(string) is None else real(repl, string, *args, **kwargs)
        return sub
    if method == "split":
        def split(string: str, *args: Any, **kwargs: Any) -> list[str | Any]:
            return [string] if char_scan(string) is None or word_scan(string) is None else real(string, *args, **kwargs)
        return split
    if method == "finditer":
        def finditer(string: str, *args: Any, **kwargs: Any) -> Iterator[re.Match[str]]:
            return iter(()) if char_scan(string) is None or word_scan(string) is None else real(string, *args, **kwargs)
        return finditer
    if method == "findall":
        def findall(string: str, *args: Any, **kwargs: Any) -> list[Any]:
            return [] if char_scan(string) is None or word_scan(string) is None else real(string, *args, **kwargs)
        return findall

    def find(string: str, *args: Any, **kwargs: Any) -> re.Match[str] | None:  # search, match, fullmatch
        return None if char_scan(string) is None or word_scan(string) is None else real(string, *args, **kwargs)
    return find


def lazy(source: str, flags: int | re.RegexFlag = 0) -> LazyPattern:
    return LazyPattern(source, flags)
