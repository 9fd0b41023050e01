"""bot.understand.hoist: a pattern with its opening assertions moved behind their first character finds
exactly what the pattern as written finds (spans, groups, names, last group), from any start position."""

from __future__ import annotations

import gc
import re
from pathlib import Path

import pytest
import yaml

from bot.understand import hoist, lower_twin
from bot.understand.lazy import LazyPattern, lazy

TEXTS = ["how", "how?", "so how to pay", "show me how", "Knowhow how", "a how b", "怎么付 how", "of a card",
         "in one go", "a one-off", "per card, every hour", "rehow", "x how", "", " ", "how\n", "ahow", "h",
         "不对 是 8 卡", "哦不是 4090", "50/50", "aa split it", "a b c", "one two", "123 how to"]

PATTERNS = [
    (r"\bhow\s*$|\bhow\s*[?？]|\bhow\s+to\b|怎么(?:付|弄)|如何", 0),
    (r"(?<!of\s)(?<!in\s)\bone\b|\b(?<!of\s)a\b|per|\bevery", re.IGNORECASE),
    (r"^(?:a|b)\s|\bc\b", 0),
    (r"\b(how)|(?P<n>\bone)|(?<![a-z])aa(?![a-z])", 0),
    (r"(?P<strong>(?<!对)不对(?:\s*不对)*|[哦噢喔啊]\s*不(?:是|对)?(?![\u4e00-\u9fff]))|(?P<near>\b50\s*/\s*50)", 0),
    (r"(?<![a-z0-9.])1\d*|(?<=(?<![a-z])how)\s\d", 0),
    (r"\b(?:how|one)\b|\Bow", 0),
]


def _same(a: re.Pattern[str], b: re.Pattern[str], text: str) -> None:
    def sig(m: re.Match[str] | None) -> object:
        return None if m is None else (m.span(), m.groups(), m.groupdict(), m.lastindex, m.lastgroup,
                                       [m.span(i) for i in range(len(m.groups()) + 1)])

    for pos in range(len(text) + 1):  # a search from inside the text still sees what lies before it
        assert sig(a.search(text, pos)) == sig(b.search(text, pos)), (a.pattern, text, pos)
        assert [sig(m) for m in a.finditer(text, pos)] == [sig(m) for m in b.finditer(text, pos)]
    assert sig(a.match(text)) == sig(b.match(text)) and sig(a.fullmatch(text)) == sig(b.fullmatch(text))
    assert a.sub(lambda m: f"<{sig(m)}>", text) == b.sub(lambda m: f"<{sig(m)}>", text)
    assert a.split(text) == b.split(text)


@pytest.mark.parametrize(("source", "flags"), PATTERNS)
def test_moved_assertions_find_the_same(source: str, flags: int) -> None:
    moved = hoist.faster(source, flags)
    assert moved is not None  # each of these opens a branch with an assertion: something moves
    written = re.compile(source, flags)
    for text in TEXTS + [t.upper() for t in TEXTS]:
        _same(written, moved, text)


def test_what_cannot_move_stays() -> None:
    assert hoist.faster(r"how|why", 0) is None  # nothing to move
    assert hoist.faster(r"\b(?:a|one)\b", 0) is None  # shared by the branches: it stays (one cheap test first)
    assert hoist.faster(r"(?<=(a))b|\bc", 0) is not None  # the branch with a group in its assertion keeps it
    assert hoist.faster(r"(?<=(a))b", 0) is None
    assert hoist.faster(r"(?=\d)(?:(?<![a-z0-9.])|(?<=how))\d+", 0) is None  # a branch of assertions: as written
    assert hoist.faster(r"\b(?:x\d)*y", 0) is None  # opens with a repeat: left as written
    assert hoist.faster(r"(?i:\bhow)", 0) is None  # a group with flags of its own: left as written


def test_a_lazy_pattern_uses_the_moved_one_and_answers_the_same() -> None:
    pattern = lazy(r"\bhow\s+to\b|\bwhy\b|怎么", re.IGNORECASE)
    for text in TEXTS:
        assert pattern.search(text) is None or pattern.search(text).span() == re.search(pattern.pattern, text, re.I).span()


def test_every_reader_pattern_answers_as_written() -> None:
    """Every pattern the readers have compiled, moved (and its case-sensitive twin, moved, on lower-case
    texts) against the pattern as written, on the parser's test messages."""
    import bot.core.router  # noqa: F401  (loads the readers)
    from bot.core.router import Core
    from bot.messages import Incoming
    from bot.understand.normalize import normalize

    cases = yaml.safe_load(Path("tests/parser_cases.yaml").read_text(encoding="utf-8"))["cases"]
    texts = [c["text"] for c in cases][:120]
    core = Core()
    for text in texts[:40]:
        core.handle(Incoming(text=text, user_id="t", chat_id="t"))
    texts += [normalize(t) for t in texts]
    patterns = [p for p in gc.get_objects() if isinstance(p, LazyPattern)]
    assert len(patterns) > 300
    for p in patterns:
        written = re.compile(p.pattern, p._flags)
        for alt, lower_only in ((hoist.faster(p.pattern, p._flags), False), (lower_twin.twin(p.pattern, p._flags), True)):
            if alt is None:
                continue
            for text in texts:
                if lower_only and not lower_twin.lower_already(text):
                    continue
                a, b = written.search(text), alt.search(text)
                assert (a and (a.span(), a.groups())) == (b and (b.span(), b.groups())), (p.pattern, text)
                assert [(m.span(), m.groups()) for m in written.finditer(text)] == [(m.span(), m.groups()) for m in alt.finditer(text)]
