"""The FAQ's vocabulary: chat shorthand, and concepts written many ways in two languages.

Why: the FAQ index scores the tokens a message shares with an entry, and a paraphrase often
shares none ("payment" in a Chinese message and 付款 in the entry, "boots" and 开机, "datacenter"
and 机房). catalogs/faq_terms.yaml lists, per concept, the forms people write; every form found in
an entry or a message adds the concept's own token, so both meet on the concept whatever words
or language each used. A new synonym is a line of YAML, not a pattern here.

Latin forms and keyword phrases match as whole words with their English inflections ("boot"
finds "boots" and "booting", "parallel" finds "parallelism", "bill" finds "billed"); that rule
lives here once, for the concepts and for the entries' keyword phrases alike.
"""

from __future__ import annotations

import operator
import re
import unicodedata
from functools import cache

from bot.understand import one_message
from catalogs import catalog_path
from engine import yamlcache

# what English adds to a word without changing what it names
INFLECTION = r"(?:s|es|ed|d|ing|ism|ly)?"
CONCEPT_MARK = "~"  # a concept token can never be a word of the text


def fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).lower().strip()


def phrase_regex(phrase: str) -> str | None:
    """The pattern body that finds `phrase` in folded text: spaces and hyphens stretch or vanish, latin words
    stand whole with their inflections ("ib" is not in "distribution"); a one-character phrase is
    too loose to count."""
    folded = fold(phrase)
    if len(folded) < 2:
        return None
    body = re.sub(r"(?:\\[ -])+", r"[\\s_-]*", re.escape(folded))  # "zero-2" is "zero2", "zero 2", "zero_2"
    left = r"(?<![a-z0-9])" if folded[0].isascii() and folded[0].isalnum() else ""
    right = INFLECTION + r"(?![a-z0-9])" if folded[-1].isascii() and folded[-1].isalpha() else (
        r"(?![a-z0-9])" if folded[-1].isascii() and folded[-1].isalnum() else "")
    return left + body + right


def phrase_pattern(phrase: str) -> re.Pattern[str] | None:
    body = phrase_regex(phrase)
    return re.compile(body) if body is not None else None


@cache
def _catalog() -> dict[str, object]:
    return yamlcache.load(catalog_path("faq_terms.yaml")) or {}


@cache
def shorthand() -> dict[str, str]:
    """"hrs" -> "hour", "vram" -> "memory": what a reader expands a chat abbreviation to."""
    raw = _catalog().get("shorthand") or {}
    assert isinstance(raw, dict)
    return {str(k).lower(): str(v).lower() for k, v in raw.items()}


def starts(folded: str) -> set[str]:
    """Every character of folded text and every pair of neighbouring ones: where a word of it can start."""
    found = set(folded)
    found.update(map(operator.add, folded, folded[1:]))
    return found


def starts_among(keys: frozenset[str], folded: str) -> frozenset[str]:
    """The members of `keys` (one or two characters each) that are `starts` of folded text: the same as
    `keys & starts(folded)`, the pairs made and met in C (an index asks this of every text it reads, and a
    Python loop over every start, most of which no phrase begins with, was most of what the look-up cost)."""
    return keys.intersection(map(operator.add, folded, folded[1:])).union(keys.intersection(folded))


class PhraseSet:
    """Many phrase patterns found in one pass over a message: each pattern is filed under its first
    word (a plain substring every match contains) and that word under its first two characters, so a
    message is tested only against the phrases that can start at one of its character pairs; the answer
    is the same as trying every pattern, at a fraction of the scans (the FAQ reader runs this on
    every message)."""

    def __init__(self, phrases: list[tuple[str, str]]) -> None:
        """`phrases`: (the phrase as written, what a match of it names)."""
        self.by_char: dict[str, list[tuple[int, str, str, re.Pattern[str]]]] = {}
        for order, (phrase, names) in enumerate(phrases):
            pattern = phrase_pattern(phrase)
            if pattern is not None:
                anchor = re.split(r"[\s-]+", fold(phrase))[0]
                self.by_char.setdefault(anchor[:2], []).append((order, anchor, names, pattern))
        self.keys = frozenset(self.by_char)

    def finditer(self, folded: str) -> list[tuple[int, int, str]]:
        """(start, end, what it names) for every match of every phrase in folded text, in the phrases'
        order (where two phrases claim the same span, the one listed first keeps it)."""
        found = []
        for start in starts_among(self.keys, folded):
            for order, anchor, names, pattern in self.by_char[start]:
                # every match begins with the anchor: the pattern is tried only where the anchor stands, left to
                # right and past each match, as finditer would (which tries it, lookbehind first, at every position)
                at = folded.find(anchor)
                while at >= 0:
                    if (m := pattern.match(folded, at)) is not None:
                        found.append((order, at, m.end(), names))
                        at = folded.find(anchor, m.end())
                    else:
                        at = folded.find(anchor, at + 1)
        return [(start, end, names) for _, start, end, names in sorted(found)]


def longest_first(found: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The matches that stand where matches overlap (the longest, then the earliest), in text order."""
    taken: list[tuple[int, int, str]] = []
    for start, end, names in sorted(found, key=lambda f: (f[0] - f[1], f[0])):
        if all(end <= a or start >= b for a, b, _ in taken):
            taken.append((start, end, names))
    return sorted(taken)


@cache
def _concepts() -> PhraseSet:
    """Every form of every concept, each naming its concept (a form in two concepts is a catalog error)."""
    raw = _catalog().get("concepts") or {}
    assert isinstance(raw, dict)
    seen: dict[str, str] = {}
    phrases: list[tuple[str, str]] = []
    for concept, words in raw.items():
        for word in words or []:
            folded = fold(str(word))
            if folded in seen and seen[folded] != concept:
                raise ValueError(f"catalogs/faq_terms.yaml: {word!r} is in both {seen[folded]!r} and {concept!r}")
            seen[folded] = concept
            phrases.append((folded, str(concept)))
    return PhraseSet(phrases)


@cache
def native_forms() -> dict[str, str]:
    """Each concept's first form in Chinese characters, by its concept token ("~snapshot": 快照): what a Latin
    form said inside a Chinese question is scored as, so "gpuli 的 snapshot 要额外付钱吗" meets an entry on
    the concept as "gpuli 的快照…" would, not on its one foreign word against the entry's Chinese."""
    raw = _catalog().get("concepts") or {}
    assert isinstance(raw, dict)
    return {CONCEPT_MARK + str(c): next(fold(str(w)) for w in words if re.match(r"[\u3400-\u9fff]", str(w)))
            for c, words in raw.items() if any(re.match(r"[\u3400-\u9fff]", str(w)) for w in words or [])}


@one_message.per_message
def mentions(folded: str) -> list[tuple[str, str]]:
    """(concept token, the words that named it) for each mention in already folded text, in order;
    where forms overlap the longest one counts ("cpu cores" is one mention, not also "cpu")."""
    return [(CONCEPT_MARK + concept, folded[start:end]) for start, end, concept in longest_first(_concepts().finditer(folded))]
