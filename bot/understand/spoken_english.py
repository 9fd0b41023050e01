"""Numbers as speech-to-text writes them: card names, model versions and settings spelled in words.

A dictated message spells what a typed one writes in digits: "eight h one hundreds" is 8 H100s, "a one
hundred eighty gig" an A100 80G, "forty ninety" an RTX 4090, "l forty s" an L40S, "mi three hundred x"
an MI300X, "qwen three eight b" Qwen3-8B, "zero three" ZeRO-3 and "batch size four" a batch of 4.

A run of number words is read as a card's digits in two ways, by value ("one hundred" 100, "three
thousand ninety" 3090) or as two pairs of digits ("forty ninety" 4090); a reading counts only when the
letters before it and the digits make a card of the catalog (gpu_table), so "a thousand gigs" and "twenty
thirty" stay numbers. The longest reading wins and what is left of the run is the card's memory when a
memory unit follows it ("a one hundred eighty gig": A100 + 80 GB, not the no-card "a180"). A lone "a"
before a run is an article as often as an A: "a forty gig card" and "a ten hour job" are no A40 or A10.

Counts of other things ("twenty minutes", "thirty two b") are number_words' work, which runs after this.
"""

from __future__ import annotations

import re

from bot.understand import one_message
from bot.understand.lazy import lazy
from bot.understand.number_words import SCALES, TENS, UNITS, and_a_half, english_numerals, words_value

# a card's letters before its digits ("h one hundred", "mi three hundred x", "rtx forty ninety")
LETTERS = ("a", "h", "l", "t", "b", "v", "mi", "rtx")
# what may follow a card's digits in its name ("l forty s", "mi three hundred x", "six thousand ada")
SUFFIXES = ("s", "x", "ada", "ti", "super")
MEMORY = ("gig", "gigs", "gb", "g", "gigabyte", "gigabytes")
# a word after which "a forty" is "a 40 <unit>", never an A40
UNIT_AFTER = lazy(r"(?:gigs?|gb|g|gigabytes?|tb|hours?|hrs?|h|days?|weeks?|months?|years?|minutes?|mins?|seconds?"
                  r"|secs?|dollars?|bucks|usd|usdt|u|rmb|yuan|k|grand|b|billion|million|percent|tokens?|samples?"
                  r"|steps?|epochs?|cards?|gpus?|nodes?|machines?|bit|bits)$")
CARD_WORD = lazy(r"(?:cards?|gpus?|nodes?|machines?)$")
# a model family and its version spoken before a size: "qwen three eight b", "llama three seventy b"
FAMILIES = ("qwen", "llama", "gemma", "internlm", "mistral", "phi", "glm", "yi")
# a setting whose value follows its name: "batch size four", "gradient accumulation eight", "rank sixteen"
SETTING_BEFORE = lazy(r"(?:batch\s+size|batch|bs|accumulation(?:\s+steps)?|accum|rank|sequence\s+length|seq\s+len"
                      r"|context\s+length|max\s+length|length|warmup\s+steps)(?:\s+(?:of|is|to|at))?\s+$")
# "2000 gigs", "80 gigabytes": a size in GB as the storage and memory readers know it
GIGS = lazy(r"(?<=\d)\s*(?:gigs?|gigabytes?)\b")
# a dictated hesitation ("so um eight uh h one hundreds"): no word of the message; one right before a value
# written in digits stays, for bot.understand.corrections weighs it ("on a 4090 uh an a100": the A100 meant)
HESITATION = lazy(r"\b(?:u+m+|u+h+m*|e+r+m+|h+m+)\b(?!\s+(?:(?:an?|the)\s+)?(?:[a-z]{1,3}\d|\d))")
ZERO_STAGE = lazy(r"\bzero[\s-]+(?:stage[\s-]+)?(one|two|three)\b")
FAMILY_POINT = lazy(rf"\b({'|'.join(FAMILIES)})[\s-]+({'|'.join(UNITS)})[\s-]+point[\s-]+({'|'.join(UNITS)})\b")
PLURALS = {"hundreds": "hundred", "thousands": "thousand", "nineties": "ninety", "eighties": "eighty",
           "seventies": "seventy", "sixties": "sixty", "fifties": "fifty", "forties": "forty", "thirties": "thirty",
           "twenties": "twenty", "fours": "four", "tens": "ten", "twos": "two"}
NUMBER_WORDS = {*UNITS, *TENS, *SCALES}
TOKEN = lazy(r"[a-z0-9]+")


def _integer(words: list[str], scale_first: bool = False) -> int | None:
    """The whole number a run says; one that opens on its scale ("hundred") only where `scale_first`."""
    value = words_value(" ".join(words)) if words and (scale_first or words[0] not in SCALES) else None
    return int(value) if value is not None and value == int(value) else None


def _digit_readings(words: list[str], scale_first: bool = False) -> list[str]:
    """The digits a run may stand for in a card's name: its value ("three thousand ninety" 3090) and
    two pairs ("forty ninety" 4090, "thirty eighty" 3080)."""
    out = []
    value = _integer(words, scale_first)
    if value is not None:
        out.append(str(value))
    for cut in range(1, len(words)):
        head, tail = _integer(words[:cut]), _integer(words[cut:])
        if head is not None and tail is not None and 10 <= head <= 99 and 10 <= tail <= 99:
            out.append(f"{head}{tail}")
    return out


def _known(key: str) -> bool:
    from bot.understand.entities import gpu_table  # the catalog's names; imported late (entities imports normalize)

    return key in gpu_table().by_key


class _Run:
    """A run of number words in a text: its words, where each stands, and the words around it."""

    def __init__(self, text: str, tokens: list[re.Match[str]], first: int, last: int) -> None:
        self.text, self.tokens, self.first, self.last = text, tokens, first, last
        self.words = [PLURALS.get(t.group(0), t.group(0)) for t in tokens[first:last + 1]]
        self.plural = tokens[last].group(0) in PLURALS
        self.before = tokens[first - 1].group(0) if first and _joined(text, tokens[first - 1], tokens[first]) else ""
        self.after = tokens[last + 1].group(0) if last + 1 < len(tokens) and _joined(
            text, tokens[last], tokens[last + 1]) else ""
        # the word before the card's letters: "the a hundred", "an h hundred" say the letters name a card
        self.lead = tokens[first - 2].group(0) if first > 1 and self.before else ""


def _joined(text: str, left: re.Match[str], right: re.Match[str]) -> bool:
    gap = text[left.end():right.start()]
    return bool(gap) and not gap.strip(" -")


def _card(run: _Run) -> tuple[int, str, int, bool] | None:
    """The card a run names: (its first word, its text, the words it takes after the run, whether it takes
    the letters before the run) or None. What is left of the run after the card must be its memory."""
    words, n = run.words, len(run.words)
    for start in range(n):
        letters = [run.before, ""] if start == 0 and run.before in LETTERS else [""]
        for end in range(n, start, -1):
            rest = words[end:]
            memory = _integer(rest) if rest else None
            if rest and (memory is None or run.after not in MEMORY):
                continue
            for letter in letters:
                named = letter != "" and (letter != "a" or run.lead in ("an", "the", "this", "that") or run.lead.isdigit())
                for digits in _digit_readings(words[start:end], scale_first=named):
                    name = _name(run, letter, digits, at_end=not rest)
                    if name is None or _counts_a_unit(run, letter, rest):
                        continue
                    if letter == "" and len(digits) != 4:
                        continue  # a bare number is a card only as four digits ("forty ninety"), never "eighty"
                    text, taken = name
                    if memory is not None:
                        text, taken = f"{text} {memory}g", 1
                    elif run.plural:
                        text += "s"
                    return start, text, taken, bool(letter)
    return None


def _counts_a_unit(run: _Run, letter: str, rest: list[str]) -> bool:
    """Whether a unit after the run makes it a count rather than a card: "a forty gig card", "a ten hour
    job", "five thousand ninety dollars" (a card's "two forty ninety cards" is counted, not a count)."""
    if rest or not UNIT_AFTER.match(run.after):
        return False
    return letter == "a" or (letter == "" and not CARD_WORD.match(run.after))


def _name(run: _Run, letter: str, digits: str, at_end: bool) -> tuple[str, int] | None:
    """The card `letter` + `digits` makes, with the suffix after the run when that is part of its name."""
    glued = letter if letter != "rtx" else "rtx "
    if at_end and run.after in SUFFIXES and _known(f"{letter}{digits}{run.after}"):
        return f"{glued}{digits}{run.after}", 1
    if _known(f"{letter}{digits}"):
        return f"{glued}{digits}", 0
    return None


def _family_size(run: _Run) -> str | None:
    """"qwen three eight b" -> "3 8": a family's version and then its size, when the run is no one number."""
    if run.before not in FAMILIES:
        return None
    words = run.words
    if run.after in ("b", "billion") and _integer(words) is None and len(words) > 1:
        version, size = _integer(words[:1]), _integer(words[1:])
        if version is not None and 1 <= version <= 9 and size is not None:
            return f"{version} {size}"
    if len(words) == 1 and words[0] in UNITS and 1 <= UNITS[words[0]] <= 9 and not UNIT_AFTER.match(run.after):
        return str(UNITS[words[0]])
    return None


def _replacement(run: _Run) -> tuple[int, int, str] | None:
    """The span of text a run's reading replaces and what replaces it, or None."""
    tokens = run.tokens
    value = _integer(run.words)
    if value is not None and SETTING_BEFORE.search(run.text[:tokens[run.first].start()]):
        return tokens[run.first].start(), tokens[run.last].end(), str(value)  # "length four thousand ninety"
    card = _card(run)
    if card is not None:
        start, text, taken, lettered = card
        left = tokens[run.first - 1 if lettered else run.first + start].start()
        return left, tokens[run.last + taken].end(), text
    family = _family_size(run)
    if family is not None:
        return tokens[run.first].start() - 1, tokens[run.last].end(), family
    return None


@one_message.per_message  # normalize and the FAQ's folding read the same text: six calls a message, three of them again
def spoken(text: str) -> str:
    """English number words as digits (lower-case text): card names, model versions, ZeRO stages and
    settings spelled in words here, then counts of a unit ("twenty minutes", "a day and a half") by
    number_words."""
    text = HESITATION.sub(" ", text)
    text = ZERO_STAGE.sub(lambda m: f"zero{UNITS[m.group(1)]}", text)
    text = FAMILY_POINT.sub(lambda m: f"{m.group(1)}{UNITS[m.group(2)]}.{UNITS[m.group(3)]}", text)
    tokens = list(TOKEN.finditer(text))
    edits: list[tuple[int, int, str]] = []
    i = 0
    while i < len(tokens):
        if not _number(tokens[i].group(0)):
            i += 1
            continue
        j = i
        while j + 1 < len(tokens) and _number(tokens[j + 1].group(0)) and _joined(text, tokens[j], tokens[j + 1]) \
                and tokens[j].group(0) not in PLURALS:
            j += 1
        found = _replacement(_Run(text, tokens, i, j))
        if found is not None:
            edits.append(found)
        i = j + 1
    for left, right, new in reversed(edits):
        text = f"{text[:left]}{new}{text[right:]}"
    text = english_numerals(and_a_half(text))
    return GIGS.sub("gb", text)


def _number(word: str) -> bool:
    return word in NUMBER_WORDS or word in PLURALS
