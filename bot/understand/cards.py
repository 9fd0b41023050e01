"""GPU names the catalog does not know, so a reply can name them back instead of ignoring them.

Why: "8×H800 够吗" sized without a word about the H800 reads as if KaSuan answered another
question. A card-shaped word that is not a catalog card is returned with the memory the user
stated beside it ("4080 16G"), if any, so the reply can say what it sized the card as.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CARD_SHAPE = re.compile(
    r"(?<![a-z0-9])((?:rtx\s*|gtx\s*)?(?:[1-5]0[5-9]0)(?:\s*ti(?:\s*super)?|\s*super)?"
    r"|(?:h|a|l|v|t|b|p|k)\s?[1-9]\d{1,2}[a-z]?(?:\s*(?:pcie|sxm|nvl))?"
    r"|mi\s?[1-9]\d{2}[a-z]?|tesla\s+\w+|quadro\s+\w+|rtx\s*[a-z]?\d{4}(?:\s*ada)?|910b|昇腾\s*\d*\w*|ascend\s*\d*\w*)"
    r"(?![a-z0-9])",
    re.I | re.ASCII,
)
STATED_MEMORY = re.compile(r"^\s*(?:[-(（]?\s*)?(\d{1,3})\s*(?:g|gb)\b", re.I | re.ASCII)
NOT_CARDS = {"a1", "b1", "h1", "t5", "v2", "v3", "l2", "k8"}  # model versions and the like


@dataclass(frozen=True)
class UnknownCard:
    name: str
    memory_gb: int | None  # stated right after the name, e.g. "4080 16G"


def unknown_card(text: str, known_spans: list[tuple[int, int]]) -> UnknownCard | None:
    """The first card-shaped word outside the spans of recognised names (models, GPUs)."""
    for m in CARD_SHAPE.finditer(text):
        if any(start <= m.start() < end or start < m.end() <= end for start, end in known_spans):
            continue
        word = m.group(1)
        compact = re.sub(r"\s+", "", word.lower())
        if compact in NOT_CARDS or (re.fullmatch(r"[a-z]\d{2,3}", compact) and _looks_like_size(text, m.end())):
            continue
        mem = STATED_MEMORY.match(text[m.end():])
        return UnknownCard(word.upper().replace("  ", " "), int(mem.group(1)) if mem else None)
    return None


def _looks_like_size(text: str, end: int) -> bool:
    """"a14b" is a model size, not a card."""
    return text[end:end + 1] == "b"
