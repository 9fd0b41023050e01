"""Card and model names typed with look-alike characters, read as the names meant.

Why one place: OCR, a phone keyboard and a hurried hand all swap the same glyphs: the letter O for a
zero ("4O90", "H1OO"), a capital I or a small l for a one ("AI00", "Al00", "l4b"). Such a name
misses every exact catalog key, and the fuzzy pass compares digits, so it misses there too. Here a
word is repaired only where it looks like a name and the repair lands on exactly one catalog card
(or on a parameter size such as "7ob"): "100块", "1OO hours", "lol" and a person called Owen stay as
typed, and a word that could be read as two different cards is left alone for the catalog's own
"did you mean". Every repair keeps the text's length, so a span found later still points into the
message. Family names misspelt as words ("Owen3", "Quen", "Lama") are the fuzzy matcher's
(entities.fuzzy_models): they keep their digits, which is what it compares.
"""

from __future__ import annotations

import re
from functools import cache

from bot.understand.lazy import lazy

# the glyphs read as digits inside a name's number: O for 0, I and l for 1
AS_DIGIT = str.maketrans("oil", "011")
LOOKALIKES = frozenset("oil")
SEPARATORS = "-_ "
# a word that may be a card (a few letters, then a number with a real digit, or three look-alikes ending the
# word: "aioo", "hioosxm"): letters and digits, a hyphen or underscore inside ("h-1oo", "a1oo-80g"), a
# lone letter after a space ("l4o s"); a count glued before ("8xh1oo") or after ("4o9ox2") is set apart
CARD_WORD = lazy(r"(?<![a-z0-9])(?=[a-z]{0,3}[\-_]?[0-9oil]*\d|[a-z]{1,3}[\-_]?[oil]{3}[a-z]{0,4}(?![a-z]))[a-z0-9](?:[a-z0-9]|[\-_](?=[a-z0-9])){1,14}(?:(?<=[0-9o]) {1,3}[a-z](?![a-z0-9\-_]))?(?![a-z0-9])")
PIECE = lazy(r"[a-z0-9]+")
GLUED_COUNT = lazy(r"^(\d{1,3}[x*])?(.*?)(x\d{1,3}|s)?$")
# a parameter size with a look-alike in its number: "7ob" (70b), "l4b" (14b), "3.lb" (3.1b)
SIZE_WORD = lazy(r"(?<![a-z0-9.])([0-9oil]{1,3}(?:\.[0-9oil]{1,2})?)b(?![a-z0-9])")


def _readings(word: str, keys: dict[str, str]) -> dict[str, str]:
    """Each catalog card `word` spells once the look-alikes in its number are read as digits:
    {ident: the repaired word}. A few letters before the number ("a", "rtx", "mi") and after it
    ("s", "x", "g" of a memory) stay letters."""
    out: dict[str, str] = {}
    n = len(word)
    for p in range(0, min(3, n) + 1):
        if not word[:p].isalpha() and p:
            break
        for q in range(0, min(3, n - p) + 1):
            if q and not word[n - q:].isalpha():
                break
            middle = word[p:n - q]
            if len(middle) < 2 or not LOOKALIKES.intersection(middle) or not all(c.isdigit() or c in LOOKALIKES for c in middle):
                continue
            if not any(c.isdigit() for c in middle) and len(middle) < 3:
                continue  # "alo", "io": too short to be a number without one real digit
            fixed = word[:p] + middle.translate(AS_DIGIT) + word[n - q:]
            ident = keys.get(fixed)
            if ident is not None:
                out.setdefault(ident, fixed)
    return out


LONE_LETTER = lazy(r" +[a-z]$")


def _card(m: re.Match[str]) -> str:
    raw = m.group(0)
    fixed = _repair(raw)
    lone = LONE_LETTER.search(raw) if fixed == raw else None
    if lone is not None:  # "h2oo q": no card with the lone letter ("l4o s" is one), so the card, then a word of its own
        return _repair(raw[:lone.start()]) + lone.group(0)
    return fixed


def _repair(raw: str) -> str:
    if not LOOKALIKES.intersection(raw):
        return raw
    compact = "".join(c for c in raw if c not in SEPARATORS)
    parts = GLUED_COUNT.match(compact)
    assert parts is not None
    head, word, tail = parts.group(1) or "", parts.group(2), parts.group(3) or ""
    from bot.understand.entities import gpu_table  # the catalog's names; imported late (entities imports normalize)

    keys = gpu_table().by_key
    found = _readings(word + tail, keys) if tail == "s" else {}
    found = found or _readings(word, keys)
    if len(found) != 1:
        if len(found) > 1 or not any(c in SEPARATORS for c in raw):
            return raw  # no card, or two cards it could be: left as typed
        return PIECE.sub(_card, raw)  # "a1oo-80": the card is one piece of the hyphenated word
    fixed = head + next(iter(found.values()))
    fixed += compact[len(fixed):]
    chars = iter(fixed)
    return "".join(c if c in SEPARATORS else next(chars) for c in raw)


def _size(m: re.Match[str]) -> str:
    number = m.group(1)
    if not LOOKALIKES.intersection(number) or not any(c.isdigit() for c in number) or number[0] in "o.":
        return m.group(0)
    return number.translate(AS_DIGIT) + "b"


# a card's memory with a look-alike in its number: "4OG", "8Og", "l6gb" (only a memory some catalog card has)
MEMORY_WORD = lazy(r"(?<![a-z0-9.])([0-9oil]{2,3})(\s?gb?)(?![a-z0-9])")


@cache
def _memories() -> frozenset[str]:
    from engine.catalog import gpus

    return frozenset(str(int(g.memory_gb)) for g in gpus().entries if g.memory_gb)


def _memory(m: re.Match[str]) -> str:
    number = m.group(1)
    fixed = number.translate(AS_DIGIT)
    if not LOOKALIKES.intersection(number) or not any(c.isdigit() for c in number) or fixed not in _memories():
        return m.group(0)
    return fixed + m.group(2)


# in a model's name, a 0 or 1 that opens a word or stands between letters is the letter O or l ("0wen3", "L1ama")
LETTER_ZERO = lazy(r"(?<![0-9])0(?=[a-z])")
LETTER_ONE = lazy(r"(?<=[a-z])1(?=[a-z])")


def as_letters(key: str) -> str:
    """A model name's compact key with look-alike digits among its letters read as the letters: "0wen38b"
    -> "owen38b", so the fuzzy match compares the digits of the version and size alone."""
    return LETTER_ONE.sub("l", LETTER_ZERO.sub("o", key)) if "0" in key or "1" in key else key


def repaired(text: str) -> str:
    """`text` (lower case, folded to ASCII) with look-alike glyphs in card names and parameter sizes
    read as digits: "4o90" -> "4090", "ai00" -> "a100", "l4os" -> "l40s", "4og" -> "40g", "7ob" -> "70b"."""
    if not LOOKALIKES.intersection(text):
        return text
    text = CARD_WORD.sub(_card, text)
    text = MEMORY_WORD.sub(_memory, text) if "g" in text else text
    return SIZE_WORD.sub(_size, text) if "b" in text else text
