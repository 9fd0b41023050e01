"""English number words to digits, by grammar rather than by list.

"ninety minutes", "forty-eight hours", "forty eight hours", "a hundred bucks", "two hundred and fifty
dollars", "twelve cards", "one and a half days", "a day and a half": a run of number words is valued as
a whole (units, teens, tens with an optional unit after them, hundreds, thousands) and replaced by its
digits where a unit, a card or a currency word follows it. A run before anything else ("one of them",
"a hundred reasons") stays words: only counts of something the parser reads become numbers.
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

UNITS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
         "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
         "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90}
SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
# fixed phrases that count without a number word
PHRASES = {"a couple of": 2, "a couple": 2, "a few": 3, "half a": 0.5, "half an": 0.5, "a dozen": 12, "dozen": 12}

_WORD = "|".join(sorted([*UNITS, *TENS, *SCALES], key=len, reverse=True))
# a run: optional "a"/"an" before a scale ("a hundred"), then number words joined by spaces, hyphens or "and"
_RUN = (rf"(?:(?:an?\s+)(?=(?:{'|'.join(SCALES)})\b))?(?:{_WORD})\b(?:(?:\s+and\s+|[\s-]+)(?:{_WORD})\b)*")
_PHRASE = "|".join(sorted(map(re.escape, PHRASES), key=len, reverse=True))
# what a count counts: time, cards and machines, money, a model's parameters ("thirty two b", "fourteen
# billion"), or a card name ("four h100s", "two 4090s")
_COUNTED = (r"(?:x\s*)?(?:(?:(?:monthly\s+|weekly\s+|billing\s+)?cycles?|(?:monthly|weekly)\s+(?:rentals?|renewals?|terms?|periods?)|(?:working|business)\s+days?|weeks?|days?|months?|quarters?|hours?|hrs?|minutes?|mins?|years?|cards?|gpus?|nodes?|machines?"
            r"|epochs?|instances?|boxes|servers?|bucks|dollars?|usd|usdt|rmb|yuan|cny|rupees?|euros?|k\b|grand"
            r"|b|bn|billion|u|bits?|gigs?|gb|tb|tokens?|samples?|examples?|rows|steps?|seconds?|secs?)\b"
            r"|(?:nvidia\s*|rtx\s*)?(?:[a-z]{1,3}[\s-]*\d{1,4}|\d{2,4})(?:\s*(?:gb?|ti|ada|sxm|pcie|x))?s?\b"
            r"|个?\s*(?:小时|钟头|天|周|星期|月|张|卡|台|轮))")  # a Chinese counter after dictated English: "two 个小时"
_COUNT = lazy(rf"\b({_PHRASE}|{_RUN})[\s-]+(?={_COUNTED})")
# "one point five k", "two point five grand", "zero point five epochs": a whole run, "point", then one digit word
# each (the decimals as they are said)
_DIGIT = "|".join(w for w, v in UNITS.items() if v < 10)
_POINT = lazy(rf"\b({_RUN})[\s-]+point((?:[\s-]+(?:{_DIGIT}|oh)\b)+)[\s-]*(?={_COUNTED})")
_HALF_UNITS = r"(hour|day|week|month|year|minute)s?"
_HALF_COUNT = rf"(an?|\d+(?:\.\d+)?|{_RUN})"
_AND_A_HALF = lazy(rf"\b{_HALF_COUNT}\s+{_HALF_UNITS}\s+and\s+a\s+half\b"
                   rf"|\b{_HALF_COUNT}\s+and\s+a\s+half\s+{_HALF_UNITS}\b")


def words_value(run: str) -> float | None:
    """The value of a run of number words: "forty-eight" 48, "a hundred" 100, "two hundred and fifty" 250,
    "three thousand five hundred" 3500, "a few" 3; None when the words do not make one number
    ("five six", "twenty thirty")."""
    run = re.sub(r"\s+", " ", run.strip().lower())
    if run in PHRASES:
        return PHRASES[run]
    total = section = 0
    last = ""  # the kind of the last word: "unit", "teen", "tens", "scale"
    for word in re.split(r"[\s-]+", run):
        if word in ("and", "a", "an", ""):
            continue
        if word in TENS:
            if last in ("unit", "teen", "tens"):
                return None
            section += TENS[word]
            last = "tens"
        elif word in UNITS:
            value = UNITS[word]
            if last in ("unit", "teen") or (last == "tens" and (value == 0 or value >= 10)):
                return None
            section += value
            last = "teen" if value >= 10 else "unit"
        elif word in SCALES:
            scale = SCALES[word]
            if scale >= 1000:
                total += (section or 1) * scale
                section = 0
            else:
                if section >= 100:
                    return None
                section = (section or 1) * 100
            last = "scale"
        else:
            return None
    return float(total + section) if last else None


def _digits(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"  # "20000000", never "2e+07"


def and_a_half(text: str) -> str:
    """"a day and a half", "one and a half days", "two and a half weeks", "3 hours and a half": one length
    of N.5 units, written "1.5 days" as "一天半" is read; left as words, "a day" alone is read and the half
    is lost."""
    def repl(m: re.Match[str]) -> str:
        count, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if count in ("a", "an"):
            value: float | None = 1.0
        elif count[0].isdigit():
            value = float(count)
        else:
            value = words_value(count)
        if value is None:
            return m.group(0)
        return f"{_digits(value + 0.5)} {unit}s"
    return _AND_A_HALF.sub(repl, text)


# "a single minute" is one minute and "a fortnight" two weeks: lengths said without a digit
_SINGLE_UNIT = re.compile(r"\b(?:an?\s+)?single\s+(?=(?:minute|hour|day|week|month|year)s?\b)")
_FORTNIGHT = re.compile(r"\b(?:an?\s+|one\s+)?fortnight\b")


def english_numerals(text: str) -> str:
    """"two weeks", "ninety minutes", "forty-eight hours", "a hundred bucks", "four h100s": English number
    words before a unit, a card or a currency become digits. A scale after digits ("20 million tokens",
    "3 thousand samples") scales them, and is left for the readers that know it."""
    def point(m: re.Match[str]) -> str:
        whole = words_value(m.group(1))
        if whole is None or whole != int(whole):
            return m.group(0)
        decimals = "".join(str(UNITS.get(w, 0)) for w in re.split(r"[\s-]+", m.group(2).strip()))
        return f"{int(whole)}.{decimals} "

    def repl(m: re.Match[str]) -> str:
        run = m.group(1)
        value = words_value(run)
        words = run.split()
        if value is None and len(words) > 1 and words[0] == "one" and words_value(" ".join(words[1:])) is not None:
            # "quick one fourteen b", "this one seventy b": "one" is the pronoun, the count is what follows it
            return f"one {_digits(words_value(' '.join(words[1:])) or 0)} "
        if value is None or (words[0] in SCALES and text[:m.start()].rstrip()[-1:].isdigit()):
            return m.group(0)
        return f"{_digits(value)} "
    text = _SINGLE_UNIT.sub("1 ", text) if "single" in text else text
    text = _FORTNIGHT.sub("2 weeks", text) if "fortnight" in text else text
    return _COUNT.sub(repl, _POINT.sub(point, text))
