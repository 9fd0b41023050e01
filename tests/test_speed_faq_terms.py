"""Session 30's classify shortcuts answer as the long way: the phrase sets try a phrase only where its anchor
stands and only under the character pairs a text has, and find every match the phrases' own finditer finds; the
concepts an entry's keywords name are folded once per index, from that index's entries, so an index built on
changed keywords reads the new ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.understand import faq, faq_terms, faq_topics, glossary
from bot.understand.faq import FaqIndex, Hit, faq_entries
from bot.understand.normalize import normalize
from engine import yamlcache

ROOT = Path(__file__).resolve().parent.parent


def _texts() -> list[str]:
    raw = [str(c["text"]) for c in yamlcache.load(ROOT / "tests/parser_cases.yaml")["cases"]]
    extra = ["zero-2 zero 2 zero_2 zero2", "boots booting rebooted", "per hour per-hour hourly", "ib ib ib distribution",
             "快照快照 snapshot snapshots", "cpu cores cpu", "8-bit adam 8bit 8 bit"]
    return sorted({*raw, *(normalize(t) for t in raw), *extra})


@pytest.mark.parametrize("phrases", [faq_terms._concepts, glossary._forms])
def test_a_phrase_set_finds_what_every_phrase_finds_on_its_own(phrases: object) -> None:
    found = phrases()  # type: ignore[operator]
    every = [entry for listed in found.by_char.values() for entry in listed]
    for text in _texts():
        folded = faq_terms.fold(text)
        long_way = sorted((order, m.start(), m.end(), names) for order, anchor, names, pattern in every
                          if anchor[:2] in faq_terms.starts(folded) for m in pattern.finditer(folded))
        assert found.finditer(folded) == [(s, e, n) for _, s, e, n in long_way], text


def test_the_starts_among_keys_are_the_keys_among_the_starts() -> None:
    keys = frozenset({"a", "ab", "zz", "问", "千问", "q"})
    for text in ["abc", "千问 2.5", "", "z", "qzz"]:
        assert faq_terms.starts_among(keys, text) == keys & faq_terms.starts(text)


def test_an_entry_with_changed_keywords_has_their_concepts_read_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    entries = faq_entries()
    entry = next(e for e in entries if "销毁" in e.keywords.zh)
    plain = entry.model_copy(update={"keywords": entry.keywords.model_copy(update={"zh": ["价格"], "en": ["price"]})})
    topic = "销毁实例后 checkpoint 还在吗"
    assert faq_topics._unsized_term(topic, Hit(entry, 0.9))
    monkeypatch.setattr(faq_topics, "faq_index", lambda: FaqIndex([plain]))
    assert not faq_topics._unsized_term(topic, Hit(plain, 0.9))  # the copy's own keywords, not the first one's concepts
    assert "~destroy" in faq_topics._within(entry) and "~destroy" not in faq_topics._within(plain)


def test_the_concepts_within_each_entry_are_its_keywords_concepts() -> None:
    index = faq.faq_index()
    for entry, own in zip(index.entries, index.keyword_concepts, strict=True):
        within = {c for kw in [*entry.keywords.zh, *entry.keywords.en] for c, _ in faq_terms.mentions(faq_terms.fold(kw))}
        assert faq_topics._within(entry) == within >= own
