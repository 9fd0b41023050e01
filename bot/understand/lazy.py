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

Why a twin for a case-blind pattern: Python's engine skips ahead to where a match can start only when case
counts, so an IGNORECASE pattern (and an IGNORECASE scan) is tried at every position. On a text already in
lower case, nearly every text a reader searches, the slots use the pattern's case-sensitive twin
(bot.understand.lower_twin) and the scan for the words in lower case: the same answers, found faster.
Everything a call does is in one function (`_fast`): each layer of calls cost more than the scan it made.

Why the compiled pattern (and its twin) are bot.understand.hoist's rewriting: the assertions that open an
alternation's branches ("\\bhow…|\\bwhat…") moved behind their first characters, so the engine passes over a
branch whose character is absent instead of entering it at every position. The same matches, at about
two thirds of the search time over a parse (~0.5 ms a message on parser_cases' first 200).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from bot.understand import hoist, lower_twin, prefilter

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
        compiled = hoist.faster(self._source, self._flags) or self.compiled  # the same matches, found sooner
        scan = prefilter.gate(self._source, self._flags)
        lower = lower_twin.twin(self._source, self._flags)  # case-blind: a case-sensitive twin for lower-case texts
        for method in METHODS:
            real = getattr(compiled, method)
            setattr(self, method, real if scan is None and lower is None else
                    _fast(method, real, None if lower is None else getattr(lower, method), scan))
        return getattr(self, name)

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self._source, self._flags)
        return self._compiled

    @property
    def pattern(self) -> str:
        return self._source


NOTHING: dict[str, Callable[[str], Any]] = {  # what each method gives a text the pattern cannot match
    "search": lambda text: None, "match": lambda text: None, "fullmatch": lambda text: None,
    "finditer": lambda text: iter(()), "findall": lambda text: [], "sub": lambda text: text, "split": lambda text: [text]}


def _fast(method: str, real: Callable[..., Any], twin: Callable[..., Any] | None,
          scan: tuple[prefilter.Search, prefilter.Search, prefilter.Search | None] | None) -> Callable[..., Any]:
    """`real` behind the scans for what every match needs (bot.understand.prefilter.gate: a text without it
    gets what `real` gives a text it cannot match), and, where the text is already in lower case
    (bot.understand.lower_twin.lower_already), its case-sensitive twin's method in its stead (the same answer
    on the same string). One function a call, not one a step: a parse makes some 800 of these calls."""
    nothing = NOTHING[method]
    already = lower_twin.lower_already
    chars, words, lower_words = scan if scan is not None else (None, None, None)

    if method == "sub":
        def sub(repl: Any, string: str, *args: Any, **kwargs: Any) -> str:
            if chars is not None and chars(string) is None:
                return string
            low = (twin is not None or lower_words is not None) and already(string)
            if words is not None and (lower_words if low and lower_words is not None else words)(string) is None:
                return string
            return (twin if low and twin is not None else real)(repl, string, *args, **kwargs)
        return sub

    if method in ("search", "match", "fullmatch"):  # "no match" is None: answered here, not by a call to `nothing`
        def first(string: str, *args: Any, **kwargs: Any) -> Any:
            if chars is not None and chars(string) is None:
                return None
            low = (twin is not None or lower_words is not None) and already(string)
            if words is not None and (lower_words if low and lower_words is not None else words)(string) is None:
                return None
            return (twin if low and twin is not None else real)(string, *args, **kwargs)
        return first

    def find(string: str, *args: Any, **kwargs: Any) -> Any:
        if chars is not None and chars(string) is None:
            return nothing(string)
        low = (twin is not None or lower_words is not None) and already(string)
        if words is not None and (lower_words if low and lower_words is not None else words)(string) is None:
            return nothing(string)
        return (twin if low and twin is not None else real)(string, *args, **kwargs)
    return find


def lazy(source: str, flags: int | re.RegexFlag = 0) -> LazyPattern:
    return LazyPattern(source, flags)


def gated(compiled: re.Pattern[str]) -> LazyPattern:
    """An already compiled pattern behind the same literal prefilter as a `lazy()` one.

    Why: some modules compile their patterns in a cached function (a dict of them, a list per catalog
    entry) rather than at module level with `lazy()`; those searches ran with no gate, and most of them
    find nothing (asks.py's export pattern alone: ~0.1 ms a message). Wrapping keeps the compiled
    pattern and its answers, and adds the scans that answer "no match" where a needed word is absent."""
    wrapped = LazyPattern(compiled.pattern, compiled.flags)
    wrapped._compiled = compiled
    return wrapped
