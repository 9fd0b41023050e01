"""Two card counts for one job, one of them asked whether it is enough: "真的要两张 4090 吗，一张够不够",
"do I need two 4090s or is one fine?", "3 张 a100 够吗 还是要 4 张".

Why: the parse reads one count, the first one next to the card, and sized that; the question was
about the other count (the one "够 / enough / fine" is said of). The count a sufficiency word is
said of is the one to size, and the other is named back so the reply can say whether it is needed.
Read from the normalized text with the model and money spans blanked and each card name marked, so
"70b", "80g" or a price is never a count.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

GPU_MARK = "§"
_WORDS = {"one": 1, "a single": 1, "single": 1, "just one": 1, "only one": 1, "two": 2, "three": 3,
          "four": 4, "six": 6, "eight": 8}
_N = r"(?<![a-z0-9.])(\d{1,2}|one|two|three|four|six|eight|a\s+single|single|just\s+one|only\s+one)"
_UNIT = r"(?:\s*(?:张卡|张|块卡|块|卡|台|片))"
_CARD = rf"(?:\s*(?:x\s*)?(?:{GPU_MARK}+s?|cards?\b|gpus?\b))"
# a count with its unit or its card; a bare number word only where a sufficiency word or "need" holds it
_COUNTED = rf"{_N}(?:{_UNIT}{_CARD}?|{_CARD})"
_ENOUGH = r"(?:就|是否|能|可以|也)?\s*(?:够|足够|行|可以吗|装得下|放得下|跑得动|enough|fine|ok\b|okay|suffice|sufficient|do\b|work|be\s+(?:enough|fine|ok|sufficient))"
SAID_ENOUGH = lazy(
    rf"{_COUNTED}\s*{_ENOUGH}"  # 1张够不够, 1 card 就够, 3 张 § 够吗, 1 § enough
    rf"|\b(?:is|will|would|can|could|does)\s+{_N}(?:{_UNIT}|{_CARD})?\s+(?:be\s+)?(?:enough|fine|ok|okay|do|suffice|sufficient|work)\b"
    rf"|{_N}\s+(?:is|would\s+be|will\s+be)\s+(?:enough|fine|ok)", re.IGNORECASE)
NAMED = lazy(rf"{_COUNTED}|(?:need|要|必须|得|需要)\s*{_N}\b(?!\s*[bgk万天周月小])", re.IGNORECASE)


# a cheap first look: no sufficiency word, no comparison (most messages stop here)
ENOUGH_WORD = lazy(r"够|行|可以|装得下|放得下|跑得动|enough|fine|\bok|suffic|\bdo\b|\bwork", re.IGNORECASE)


# "两张4090 有必要吗", "租 8 卡 h100 是不是更快更好", "do I need two 4090s", "is 8x h100 overkill": whether
# the count named is needed at all, which one card answers (the count is compared with one)
NEEDED = lazy(r"有必要|必要吗|需不需要|用得着|是不是更快|更快吗|更快更好|更好吗|值得吗|值不值|浪费吗|多余吗|大材小用"
              r"|overkill|necessary|worth\s+it|\bdo\s+i\s+(?:really\s+)?need\b|\b(?:is|would)\s+(?:it|that)\s+(?:be\s+)?(?:faster|better)\b",
              re.IGNORECASE)


def read(text: str, blank: list[tuple[int, int]], cards: list[tuple[int, int]]) -> tuple[int, int] | None:
    """`compared` on the normalized message, with the model spans blanked and the card names marked;
    else, asked whether the one count named (two or more) is needed, that count against one card."""
    pair = compared(marked(text, blank, cards)) if ENOUGH_WORD.search(text) else None
    return pair if pair is not None or not NEEDED.search(text) else needed(marked(text, blank, cards))


def needed(text: str) -> tuple[int, int] | None:
    """(the count named, 1) when the message names one count of two or more cards: asked whether that
    many are needed, one card is what the reply weighs it against."""
    counts = {v for m in NAMED.finditer(text) if (v := _value(next(g for g in m.groups() if g))) is not None}
    return (counts.pop(), 1) if len(counts) == 1 and max(counts) >= 2 else None


def _value(word: str) -> int | None:
    word = " ".join(word.lower().split())
    if word.isdigit():
        value = int(word)
        return value if 0 < value <= 64 else None
    return _WORDS.get(word)


def marked(text: str, blank: list[tuple[int, int]], cards: list[tuple[int, int]]) -> str:
    """`text` with the `blank` spans (model, money) overwritten by "|" and each card name by §."""
    chars = list(text)
    for spans, fill in ((blank, "|"), (cards, GPU_MARK)):
        for start, end in spans:
            chars[start:end] = fill * (end - start)
    return "".join(chars)


def compared(text: str) -> tuple[int, int] | None:
    """(the count asked whether it is enough, the other count named), when the message names two
    different counts and says "enough" of one of them; None otherwise."""
    said = SAID_ENOUGH.search(text)
    if said is None:
        return None
    asked = _value(next(g for g in said.groups() if g))
    if asked is None:
        return None
    for m in NAMED.finditer(text):
        other = _value(next(g for g in m.groups() if g))
        if other is not None and other != asked and not (said.start() <= m.start() < said.end()):
            return asked, other
    return None
