"""The pieces of an FAQ entry's keyword phrase weigh as keywords only where the entry writes them, or where the
question types the whole phrase.

Why: the index scored a keyword by its tokens at the keyword field's weight, so a phrase lent each of its pieces
the weight of a term the user types: the SLA entry's "machine died" made "machine" a strong word for it ("how do we
get our dataset onto the box" met the SLA), the upload entry's "get data in" took "what do we get", and the
Chinese "最少租多久" lent its pair 租多 to "月租多少". Now a piece of a phrase is evidence on its own where the entry's
question or answer uses it too, or two of its keywords share it (it is the entry's topic word: 流量 of 出口流量 and
流量费); otherwise it weighs PART_WEIGHT, below a word of the entry's question. A question that types all of a
phrase's words (in any order, with words between: "stop my weekly rental early" types "stop early") scores that
entry with every piece at the full weight (Whole, scored). A keyword of one unit (one word, one Chinese pair) is its
own phrase and keeps the full weight, and so does a concept a phrase names (~billed from 怎么扣费): one meaning
however it is written. A phrase's asking words ("how long", "how soon", 多久, 多少) are a unit of their own: a question
asking with them types them, so their piece ("long" of "how long to boot") weighs full for it ("how long until I can
ssh" asks what "how long to boot" asks, about the same thing), whatever else of the phrase it types (Whole.typed).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from bot.understand import faq_terms
from bot.understand.lazy import lazy

PART_WEIGHT = 1.5  # a piece of a longer keyword phrase the entry writes nowhere else: below a question's word (2.0)
CHINESE_RUN = re.compile(r"[\u3400-\u9fff]+")
ASKS = lazy(r"\bhow\s+(?:long|soon|fast|quickly|much|many)\b|多久|多快|多长时间|多少")  # asking how long, soon, much: a unit
WORDS = re.compile(r"[a-z]+\d*|\d+(?:\.\d+)?|[\u3400-\u9fff]+")  # the index's words (faq._words), Chinese runs whole


def pieces(words: list[str]) -> int:
    """How many units a keyword's words make: a Latin word or a number is one, a Chinese run its pairs."""
    return sum(len(w) - 1 if len(w) > 1 and CHINESE_RUN.fullmatch(w) else 1 for w in words)


def add_keywords(tf: Counter[str], keywords: list[str], tokenize: Callable[[str], list[str]], fold: Callable[[str], str],
                 weight: float) -> Counter[str]:
    """Adds an entry's keywords to its question's and answer's tokens `tf` (keyword_counts) and returns the entry's tokens
    as they weigh for a question that types its phrases whole."""
    whole = tf + keyword_counts(keywords, tokenize, fold, weight, tf, whole=True)
    tf.update(keyword_counts(keywords, tokenize, fold, weight, tf))
    return whole


def keyword_counts(keywords: list[str], tokenize: Callable[[str], list[str]], fold: Callable[[str], str],
                   weight: float, own: Counter[str], whole: bool = False) -> Counter[str]:
    """The keyword field's weighted tokens: a one-unit keyword's at `weight`; a phrase's concepts and the pieces the
    entry's question or answer writes (`own`) at `weight`, its other pieces at PART_WEIGHT (`fold`: how the index
    folds a text before it is split into words); `whole`: every piece at `weight`, for a question typing the phrase."""
    tf: Counter[str] = Counter()
    tokens = [tokenize(kw) for kw in keywords]
    shared = Counter(tok for toks in tokens for tok in set(toks))  # a piece two of its keywords write is the entry's word
    for kw, toks in zip(keywords, tokens, strict=True):
        phrase = pieces(WORDS.findall(fold(kw))) > 1
        for tok in toks:
            full = whole or not phrase or tok.startswith(faq_terms.CONCEPT_MARK) or own[tok] > 0 or shared[tok] > 1
            tf[tok] += weight if full else PART_WEIGHT  # type: ignore[assignment]
    return tf


def scored(query: list[tuple[str, ...]], doc: dict[str, float]) -> float:
    """An entry's score for query terms (faq.query_terms) from its token values: a word's value; a concept's mention,
    the better of the concept's and its own words' (FaqIndex.search, for an entry whose phrase is typed whole)."""
    return sum(doc.get(t[0], 0.0) if len(t) == 1 else max(doc.get(t[0], 0.0), sum(doc.get(w[1:], 0.0) for w in t[1:]))
               for t in query)


class Whole:
    """Every entry's multi-unit keyword phrases by their words, to find the entries a question types a phrase of whole:
    all its words, in any order and with words between ("stop my weekly rental early" types "stop early")."""

    def __init__(self, keywords: list[list[str]], words: Callable[[str], list[str]], fold: Callable[[str], str]) -> None:
        self.words = words
        phrases = [(i, own) for i, kws in enumerate(keywords) for kw in kws
                   if pieces(WORDS.findall(fold(kw))) > 1 and (own := frozenset(words(fold(kw))))]
        self.by_ask: dict[str, set[int]] = {}  # an asking word's piece: the entries whose phrases ask with it
        for i, kws in enumerate(keywords):
            for kw in kws:
                for tok in self.asks(fold(kw)) if pieces(WORDS.findall(fold(kw))) > 1 else ():
                    self.by_ask.setdefault(tok, set()).add(i)
        seen = Counter(w for _, own in phrases for w in own)
        self.by_word: dict[str, list[tuple[int, frozenset[str]]]] = {}
        for i, own in phrases:  # filed under its rarest word: a question is checked against few phrases
            self.by_word.setdefault(min(own, key=lambda w: (seen[w], w)), []).append((i, own))

    def asks(self, folded: str) -> set[str]:
        """The pieces of the asking words ("how long": long; 多久) in a folded text."""
        return {tok for m in ASKS.finditer(folded) for tok in self.words(m[0])}

    def typed(self, query: list[tuple[str, ...]], folded: str) -> dict[int, set[str] | None]:
        """The entries a question types a phrase of whole (None: every piece weighs full), and those whose phrases ask
        with the question's asking words, typed apart from the rest (the pieces of those words weigh full)."""
        said = {t[0] for t in query if len(t) == 1} | {w[1:] for t in query if len(t) > 1 for w in t[1:]}
        found: dict[int, set[str] | None] = {}
        for tok in self.asks(folded) & said if "how" in folded or "多" in folded else ():
            for i in self.by_ask.get(tok, ()):
                found.setdefault(i, set()).add(tok)  # type: ignore[union-attr]
        found.update({i: None for w in said for i, own in self.by_word.get(w, ()) if own <= said})
        return found


def raised(query: list[tuple[str, ...]], whole: dict[str, float], part: dict[str, float], only: set[str] | None) -> float:
    """What an entry typed whole (`only` None: scored) or in its asking words (`only`) gains over its score from its
    token values `part`: each piece asked, once per mention, at its full value."""
    if only is None:
        return scored(query, whole) - scored(query, part)
    return sum(whole.get(t[0], 0.0) - part.get(t[0], 0.0) for t in query if len(t) == 1 and t[0] in only)
