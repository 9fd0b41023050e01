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
    (r"显存(?:够吗|够不够)", 0, {"显存够吗", "显存够不够"}),  # a run goes on through an alternation of fixed strings
    (r"\bp[sd]t\b", 0, {"pst", "pdt"}),  # and through a class of a few characters
    (r"(?:am|pm|\d)\s*pt\b", 0, {"pt"}),  # a branch with no fixed text ends the run
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
    r"[abc]\s*x",  # a class of common letters, and a single Latin letter, apart
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


def test_a_case_blind_pattern_and_its_lower_case_twin_answer_alike_on_lower_case_texts() -> None:
    """bot.understand.lower_twin: on every lower-case caseless text, the twin finds the same matches with the
    same groups, substitutes and splits alike; a text with a cased letter beyond ASCII gets no twin's answer."""
    from bot.understand import lower_twin
    texts = [t for t in _texts() if lower_twin.lower_already(t)]
    assert len(texts) > 200
    twins = 0
    for name, pattern in _lazy_patterns():
        compiled = re.compile(pattern.pattern, pattern._flags)
        twin = lower_twin.twin(pattern.pattern, pattern._flags)
        if twin is None:
            continue
        twins += 1
        assert not twin.flags & re.IGNORECASE, name
        for text in texts:
            assert [(m.span(), m.groups()) for m in twin.finditer(text)] == \
                [(m.span(), m.groups()) for m in compiled.finditer(text)], (name, text)
            assert twin.sub("_", text) == compiled.sub("_", text), (name, text)
            assert twin.split(text) == compiled.split(text), (name, text)
    assert twins > 100  # most case-blind patterns have one


def test_a_twin_keeps_the_case_blind_meaning_of_capitals_and_classes() -> None:
    from bot.understand import lower_twin
    twin = lower_twin.twin(r"[A-Zb]x(?=y)(A)\1|[^K]|How", re.IGNORECASE)
    assert twin is not None
    for text in ["how", "kx", "zxyaa", "k", "bxy"]:
        compiled = re.compile(r"[A-Zb]x(?=y)(A)\1|[^K]|How", re.IGNORECASE)
        assert [(m.span(), m.groups()) for m in twin.finditer(text)] == [(m.span(), m.groups()) for m in compiled.finditer(text)]
    assert lower_twin.twin(r"café", re.IGNORECASE) is None  # a cased letter beyond ASCII: re folds it its own way
    assert lower_twin.twin(r"(?-i:A)b", re.IGNORECASE) is None
    assert lower_twin.twin(r"abc", 0) is None  # case counts already: nothing to gain
    assert lower_twin.lower_already("qwen 72b 够吗") and not lower_twin.lower_already("Qwen")
    assert not lower_twin.lower_already("ſtep")  # re.IGNORECASE pairs "ſ" with "s": the pattern itself answers
    assert not lower_twin.lower_already("\u212a")  # the Kelvin sign, paired with "k"


def test_a_case_blind_gate_answers_as_its_case_blind_scan() -> None:
    """bot.understand.prefilter.gate: the lowered words, found case-sensitively, on a text already in lower case
    (lower_twin.lower_already); the case-blind scan elsewhere ("ſ", "K", "İ" fold their own way)."""
    from bot.understand import lower_twin
    source = r"\bstep\b|kit|客服|\bok\b"
    gate = prefilter.gate(source, re.IGNORECASE)
    assert gate is not None and gate[2] is not None
    fresh, compiled = lazy(source, re.IGNORECASE), re.compile(source, re.IGNORECASE)
    for text in ["STEP up", "step up", "ſtep", "\u212ait", "İ ok", "客服在吗", "nothing", "Ok", "o\u212a", "s t e p"]:
        assert (gate[2](text) is not None) == (gate[1](text) is not None) or not lower_twin.lower_already(text), text
        assert [m.span() for m in fresh.finditer(text)] == [m.span() for m in compiled.finditer(text)], text
    assert prefilter.gate(r"café|tea", re.IGNORECASE)[2] is None  # type: ignore[index]  # é: no lowered scan


def test_str_lower_folds_as_re_does_wherever_a_character_is_ascii_or_caseless() -> None:
    """The ground of prefilter.caseless: no caseless character beyond ASCII has a case to re, and none is in
    re's table of extra case pairs."""
    import _sre
    import sys as system
    from re import _casefix  # type: ignore[attr-defined]
    extra = {code for key, pairs in _casefix._EXTRA_CASES.items() for code in (key, *pairs)}
    for code in range(0x80, system.maxunicode + 1):
        if prefilter.caseless(chr(code)):
            assert not _sre.unicode_iscased(code) and _sre.unicode_tolower(code) == code and code not in extra, hex(code)
