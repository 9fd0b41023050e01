"""The same request typed another way reads the same: a fixed-seed sample of the metamorphic
variants (testkit/variants.py; `make bench` runs ten thousand), and the base requests themselves
read as they state."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from testkit.variants import BASES, Base, check, variant


def test_there_are_sixty_base_requests_in_both_languages() -> None:
    langs = [b.lang for b in BASES]
    assert len(BASES) >= 60 and langs.count("zh") >= 25 and langs.count("en") >= 25
    assert {b.intent for b in BASES} == {"size", "cost", "price", "faq"}


@pytest.mark.parametrize("base", BASES, ids=lambda b: b.plain())
def test_each_base_reads_as_it_states(base: Base) -> None:
    assert check(base, base.plain()) is None


@settings(max_examples=400, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(BASES), st.integers(0, 2**32))
def test_a_variant_reads_as_its_base(base: Base, seed: int) -> None:
    text = variant(base, random.Random(seed))
    assert check(base, text) is None, text


def test_a_variant_changes_how_it_is_typed_not_what_it_says() -> None:
    """The generator really varies the text (otherwise invariance proves nothing)."""
    rng = random.Random(5)
    base = BASES[1]
    texts = {variant(base, rng) for _ in range(50)}
    assert len(texts) > 40
    assert any("八" in t for t in texts) and any("８" in t or "8" in t for t in texts)
