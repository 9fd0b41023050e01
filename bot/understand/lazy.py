"""Regular expressions compiled on first use, not at import.

Why: the reading of a message uses a few hundred patterns; compiling them all when the module is
imported cost every one-shot `kasuan` command (and every test process) a noticeable start-up delay,
although most commands use a handful. A `lazy(...)` pattern looks and behaves like `re.compile(...)`
and compiles the first time it is used (then keeps the compiled pattern).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any


class LazyPattern:
    """`re.compile(pattern, flags)` deferred to the first call."""

    __slots__ = ("_compiled", "_flags", "_source")

    def __init__(self, source: str, flags: int | re.RegexFlag = 0) -> None:
        self._source = source
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self._source, self._flags)
        return self._compiled

    @property
    def pattern(self) -> str:
        return self._source

    def search(self, text: str, pos: int = 0, endpos: int = 2**63 - 1) -> re.Match[str] | None:
        return self.compiled.search(text, pos, endpos)

    def match(self, text: str, pos: int = 0, endpos: int = 2**63 - 1) -> re.Match[str] | None:
        return self.compiled.match(text, pos, endpos)

    def fullmatch(self, text: str, pos: int = 0, endpos: int = 2**63 - 1) -> re.Match[str] | None:
        return self.compiled.fullmatch(text, pos, endpos)

    def finditer(self, text: str, pos: int = 0, endpos: int = 2**63 - 1) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(text, pos, endpos)

    def findall(self, text: str, pos: int = 0, endpos: int = 2**63 - 1) -> list[Any]:
        return self.compiled.findall(text, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], text: str, count: int = 0) -> str:
        return self.compiled.sub(repl, text, count=count)

    def split(self, text: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled.split(text, maxsplit=maxsplit)


def lazy(source: str, flags: int | re.RegexFlag = 0) -> LazyPattern:
    return LazyPattern(source, flags)
