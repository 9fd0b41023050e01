"""Two FAQ entries level on a question, told apart by the aspect it asks of them.

Why: "QLoRA vs bf16 LoRA quality hit?" names both methods, and the entry on QLoRA's speed lists "bf16 LoRA" among
its own words as much as the entry on QLoRA's quality lists "quality": the two scored the same, and the speed entry
came first by the order of the catalog. What the question asks of the methods (their quality, their
speed) is a concept of catalogs/faq_terms.yaml (ASPECTS); where only one of the two level entries carries among its own
words a concept the question names, and the other carries none the question names that it lacks, that one answers.
"""

from __future__ import annotations

from bot.understand import faq_terms
from bot.understand.faq import Hit, faq_index

# what a question asks of a method or a setup, as against what it is about (uploading, a refund): its results, its speed
ASPECTS = frozenset(faq_terms.CONCEPT_MARK + c for c in ("quality", "slowdown"))
LEVEL = 0.9  # a second entry scoring this share of the first: the words the two share decide no more than the aspect asked


def aspect_decides(hit: Hit | None, hits: list[Hit], raw: str) -> tuple[Hit | None, list[Hit]]:
    """(`hit`, `hits`) with the second of two level entries first where the aspect the question names is its own."""
    if hit is None or len(hits) < 2 or hits[0] is not hit or not LEVEL * hit.score <= hits[1].score <= hit.score:
        return hit, hits  # a second entry scoring higher was passed over by the FAQ's own rules: they stand
    named = {concept for concept, _ in faq_terms.mentions(faq_terms.fold(raw))} & ASPECTS
    if not named:
        return hit, hits
    index = faq_index()
    own = {e.id: concepts for e, concepts in zip(index.entries, index.keyword_concepts, strict=True)}
    first, second = own.get(hit.entry.id, set()) & named, own.get(hits[1].entry.id, set()) & named
    if not (second - first) or (first - second):
        return hit, hits
    other = hits[1]
    return other, [other, hit, *hits[2:]]
