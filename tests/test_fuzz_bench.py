"""The fuzz benchmark's corpus, a slice of it, as a test: no apology with an error id, valid HTML."""

from __future__ import annotations

from benchmarks import fuzz


def test_a_slice_of_the_fuzz_corpus_gets_clean_replies() -> None:
    r = fuzz.run(600)
    assert r.messages == 600 and r.replies > 500
    assert (r.internal_errors, r.invalid_html, r.too_long) == (0, 0, 0), r.failures[:5]
