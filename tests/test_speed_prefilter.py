"""The scans in front of lazy patterns (bot/understand/prefilter.py, bot/understand/lazy.py) never answer for a
text the pattern matches: every method of a gated pattern gives what the compiled pattern gives, on the chat's
messages and on texts made to hold a needed word in an odd place or case; and the words read off a pattern are
ones its matches must consume (an optional part, a one-sided alternation, a look-around give none)."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import bot
from bot.understand import prefilter
from bot.understand.lazy import LazyPattern, lazy
from bot.understand.normalize import normalize
from engine import yamlcache

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("source", "flags", "words"), [
    (r"\bdouble\b|\btwice\b", 0, {"double", "twice"}),
    (r"(?:the\s+)?(?:cards?|gpus?)", 0, {"card", "gpu"}),
    (r"显存(?:够吗|够不够)", 0, {"显存够"}),  # the parser takes the branches' common start out of them
    (r"(?<=foo)bar(?=baz)", 0, {"bar"}),  # look-arounds consume nothing: only "bar" is certain
    (r"a\bb", 0, {"ab"}),  # zero width between: the two letters are still adjacent in what matched
    (r"(?:ab)+x", 0, {"ab"}),
    (r"Hello|WORLD", re.IGNORECASE, {"Hello", "WORLD"}),
    (r"[嘛呗][?？]?|能不能", 0, {"嘛", "呗", "能不能"}),  # a class of a few characters: one of them
    (r"\d+\s*%|percent", 0, {"%", "percent"}),  # a rare character alone is worth a scan
])
def test_the_words_read_off_a_pattern_are_ones_every_match_consumes(source: str, flags: int, words: set[str]) -> None:
    found = prefilter.required(source, flags)
    assert found is not None and set(found[0]) == words


@pytest.mark.parametrize("source", [
    r"foo|\d+",  # one branch needs no word
    r"(?:foo)?ba?",  # optional, and a single letter
    r"(\w+)\1",  # a back-reference
    r"[abc]x",  # a class of common letters, and a single Latin letter
    r"[^吗]+",  # a negated class
    r"2\s*x",  # a digit, or a letter: in nearly every message
    r"",
])
def test_no_gate_where_no_word_is_certain_or_worth_scanning(source: str) -> None:
    assert prefilter.required(source, 0) is None


def test_a_group_with_flags_of_its_own_gives_no_word_but_the_text_around_it_does() -> None:
    assert prefilter.required(r"(?i:foo)bar", 0) == (frozenset({"bar"}), re.UNICODE)
    assert prefilter.required(r"(?i:foo)", 0) is None


def _lazy_patterns() -> list[tuple[str, LazyPattern]]:
    for info in pkgutil.walk_packages(bot.__path__, "bot."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    import sys
    seen: dict[int, tuple[str, LazyPattern]] = {}
    for name, module in list(sys.modules.items()):
        if name.startswith("bot."):
            for key, value in vars(module).items():
                if isinstance(value, LazyPattern):
                    seen.setdefault(id(value), (f"{name}.{key}", value))
    return sorted(seen.values(), key=lambda p: p[0])


def _texts() -> list[str]:
    cases = yamlcache.load(ROOT / "tests/parser_cases.yaml")["cases"]
    raw = [str(c["text"]) for c in cases]
    return sorted({*raw, *(normalize(t) for t in raw), *(t.upper() for t in raw[:300])})


def test_every_gated_pattern_answers_as_the_compiled_one() -> None:
    texts = _texts()
    gated = 0
    for name, pattern in _lazy_patterns():
        fresh = lazy(pattern.pattern, pattern._flags)  # its own slots, filled on first use
        compiled = re.compile(pattern.pattern, pattern._flags)
        gated += prefilter.gate(pattern.pattern, pattern._flags) is not None
        need = prefilter.required(pattern.pattern, pattern._flags)
        extra = [f"xx {w} yy" for w in sorted(need[0])] if need else []  # each needed word alone, in a text
        for text in [*texts, *extra]:
            assert (fresh.search(text) is None) == (compiled.search(text) is None), (name, text)
            assert [m.span() for m in fresh.finditer(text)] == [m.span() for m in compiled.finditer(text)], (name, text)
            assert fresh.sub("_", text) == compiled.sub("_", text), (name, text)
            assert fresh.split(text) == compiled.split(text), (name, text)
    assert gated > 300  # most of the parser's patterns have words to scan for


def test_a_needed_word_in_another_case_still_reaches_a_case_blind_pattern() -> None:
    pattern = lazy(r"\bdouble\s+the\s+batch\b", re.IGNORECASE)
    assert pattern.search("DOUBLE THE BATCH please") is not None
    assert pattern.search("Double the batch") is not None
    assert pattern.sub("x", "no factor here") == "no factor here"
    assert pattern.split("no factor here") == ["no factor here"]
    assert list(pattern.finditer("nothing")) == [] and pattern.findall("nothing") == []
    assert pattern.match("double the batch") is not None and pattern.fullmatch("double the batch") is not None
