"""The FAQ verdict terms folded once per catalog (bot/understand/faq_verdict.py) are what folding each
term afresh gives, are folded anew for a catalog read anew, and never answer for another term; the
verdicts found with them are the ones the long way finds."""

from __future__ import annotations

import pytest

from bot.understand import faq_terms, faq_verdict
from bot.understand.faq import _fold, faq_entries


def _long_way_said(term: str, folded: str) -> bool:
    """faq_verdict._said as it was before the folded terms were kept: every term folded at each call."""
    if "+" not in term:
        return " ".join(_fold(term).split()) in folded
    concepts = {c for c, _ in faq_terms.mentions(folded)}

    def concept_of(word: str) -> str | None:
        f = faq_terms.fold(word)
        found = faq_terms.mentions(f)
        return found[0][0] if len(found) == 1 and found[0][1] == f else None

    return all(any(" ".join(_fold(word).split()) in folded or concept_of(word) in concepts for word in part.split("|"))
               for part in term.split("+"))


def _terms() -> list[str]:
    return [t for e in faq_entries() for v in e.verdicts for t in (*v.terms.zh, *v.terms.en)]


def test_every_verdict_term_kept_is_the_term_folded_afresh() -> None:
    terms = _terms()
    assert len(terms) > 100
    for term in terms:
        if "+" not in term:
            assert faq_verdict._form(term) == " ".join(_fold(term).split())
        for part in term.split("+"):
            for word in part.split("|"):
                assert faq_verdict._form(word) == " ".join(_fold(word).split())  # a word never gets another's form


@pytest.mark.parametrize("text", ["支持U付款吗 走什么链", "怎么付款 支持支付宝吗", "能用支付宝吗", "cloudgpu 需要美国银行卡吗",
                                  "can I pay without a phone number", "实例启动的时候扣费吗", "is booting free at cloudgpu",
                                  "没有美国银行卡能付吗", "cloudgpu booting 的时候计费吗"])
def test_the_terms_named_are_the_ones_the_long_way_finds(text: str) -> None:
    folded = faq_verdict._unfilled(text)
    for term in _terms():
        assert faq_verdict._said(term, folded) == _long_way_said(term, folded), term


def test_a_catalog_read_anew_is_folded_anew() -> None:
    term = _terms()[0]
    faq_verdict._form(term)
    kept = faq_verdict._catalog_forms()[0]
    assert term in kept
    faq_entries.cache_clear()  # the catalog read again: a new list of entries
    try:
        assert faq_verdict._catalog_forms()[0] is not kept
        assert term not in faq_verdict._catalog_forms()[0]
        assert faq_verdict._form(term) == " ".join(_fold(term).split())
    finally:
        faq_entries.cache_clear()
