"""Cards the user rules out ("别给我推 h100 整机", "不要 4090", "not the a100", "anything but an h100",
"h100 就算了"): never the card asked about, and never recommended.

Why: a card named only to be ruled out used to be read as the card asked about, so "预算 1 万 一万网络
7b lora 推荐什么 别给我推 h100" priced the very H100 box the user refused and never reached the cheaper
cards that provider rents (seed 003: RTX 3090 ¥1,750, A100 40G ¥2,800 a month). The parser drops these
mentions from the cards it reads and puts them in the request's `exclude`, which the engine's
recommendations and cost options skip (engine.fit.candidates).
"""

from __future__ import annotations

from bot.understand.entities import Match
from bot.understand.lazy import lazy

# the words just before a card that rule it out: "别(给我)推(荐)", "不要", "不想用", "除了", "排除", "别考虑",
# "not (the/a)", "no", "except", "excluding", "other than", "anything but", "avoid", "skip"; never "别的" ("other":
# "再问个别的：L40S 有没有 NVLink") or a word 别 is part of ("个别", "特别")
BEFORE = lazy(r"(?:(?<![区分告级差类个特识辨性])别(?!的)|不要|不想要?|不考虑|别考虑|排除|去掉|除了|除开|不用|别用|不需要)\s*(?:给我|给)?\s*(?:推荐?|用|租|选|上|考虑)?"
              r"\s*(?:的)?\s*$"
              r"|\b(?:not|no|except|excluding|exclude|avoid|avoiding|skip|without)\s+(?:the\s+|an?\s+|any\s+)?$"
              r"|\b(?:other\s+than|anything\s+but|but\s+not|rather\s+than|instead\s+of)\s+(?:the\s+|an?\s+)?$")
# the words just after a card that rule it out: "h100 就算了", "h100 除外", "h100 不考虑", "h100s are out"
AFTER = lazy(r"^\s*(?:s\b)?\s*(?:整机|机器|那种|这种)?\s*(?:就)?\s*(?:算了|除外|不考虑|免谈|不要|别推|pass\b)"
             r"|^\s*(?:s\b)?\s*(?:is|are)\s+(?:out|off\s+the\s+table|excluded)\b")
WINDOW = 24  # characters before a card read for the ruling-out words ("anything other than the ")


def ruled_out(norm: str, cards: list[Match]) -> set[int]:
    """The positions in `cards` (mentions found in the normalized text `norm`) the message rules out."""
    out = set()
    starts = {c.start for c in cards}
    for n, card in enumerate(cards):
        before = norm[max(0, card.start - WINDOW):card.start]
        after = AFTER.search(norm[card.end:card.end + WINDOW])
        if after is not None and (named := NAMED_NEXT.match(norm, card.end + after.end())) and named.start(1) not in starts:
            after = None  # "4090 48g，不要 E 记数法", "a100 不要 offload": what follows 不要 is ruled out, not the card
        if BEFORE.search(before) or after is not None:
            out.add(n)
    return out


# a thing named right after "不要" (letters or digits that are no card): the word the refusal is about
NAMED_NEXT = lazy(r"(?<=不要)\s*([a-z0-9])")
