"""A model family shortened in chat ("qw3 8b", "qw2.5 14b", "ll3.1 8b", "gem2 9b") read as the family it begins.

Why: a team types the first letters of the family it always uses, with its version glued on and the size after.
No catalog name starts "qw3", the fuzzy pass wants three letters at least, and the size alone was then sized (and
exported) as the default family of that size: "qw3 8b" came back as Llama-3.1-8B. The letters are read as a
family only when they begin exactly one family word of the catalog (qw -> qwen, ll -> llama; "mi" begins both
mistral and mixtral and names none), with a version glued to them and a size after: never an ordinary word
before a number (an ambiguous one is asked back). A shortening whose version and size name no catalog model is returned as that family's name, so
the reply is the same did-you-mean a family spelt out gets ("qw3 9b": qwen3-4b, qwen3-8b ...).
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

# the family words of the catalog's models, as a shortening can begin them
FAMILY_WORDS = ("qwen", "llama", "gemma", "mistral", "mixtral", "deepseek", "internlm", "chatglm", "glm", "phi")
# two to seven letters, a version glued on (or after a dash), then a size: "qw3 8b", "qw2.5-14b", "ll3.1 8b"
SHORT_NAMED = lazy(r"(?<![a-z0-9])([a-z]{2,7})(-?v?\d+(?:\.\d+)?)[\s-]{1,2}(\d+(?:\.\d+)?\s*b)(?![a-z])", re.ASCII)


def families_begun(word: str) -> list[str]:
    """The catalog families `word` is a shortening of (a proper beginning, so "qwen" itself is none)."""
    return [f for f in FAMILY_WORDS if f.startswith(word) and f != word]


def shortened(text: str) -> tuple[str, int, int, bool] | None:
    """The first shortened family with its version and size in `text`: (the name spelt out, start, end, unique);
    `unique` False when the letters begin several families: the name is then each of them with the size ("mi3 7b":
    "mistral 7b / mixtral 7b"), so the did-you-mean offers a model of each."""
    for m in SHORT_NAMED.finditer(text):
        begun = families_begun(m.group(1))
        if not begun:
            continue
        if len(begun) > 1:
            return " / ".join(f"{f} {m.group(3)}" for f in begun), m.start(), m.end(), False
        return f"{begun[0]}{m.group(2)} {m.group(3)}", m.start(), m.end(), True
    return None
