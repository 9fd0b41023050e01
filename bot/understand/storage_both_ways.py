"""A rate asked both with the storage and without it ("per-GPU-hour on the 8×H100 monthly: pure rental vs incl.
storage?", "8 卡 H100 包月 每卡每小时 不含存储和含存储各多少", "with and without storage"): the cards' own rate and
the rate with the storage are both the answer.

Why: the storage named makes the price reply add it (seed 000's cost example: ₮14,432 + volume and object storage,
₮2.54 a card-hour); the rental alone (₮2.51) is the other half of the question, asked in the same breath, and was
left out. bot.core.price leads with the cards' own rate when this reads true, the rental with storage following.
"""

from __future__ import annotations

import re

# the rental without the storage named beside the storage: "pure rental", "the cards alone", "without storage",
# "纯租", "不含存储", "含不含存储", "with and without storage", "有无存储"
CARDS_ALONE = re.compile(r"\bpure\s+(?:rental|rent|gpu|cards?)\b|\b(?:cards?|gpus?|rental)\s+(?:alone|only)\b"
                         r"|\b(?:without|excl(?:uding|\.)?|ex)\s+(?:the\s+)?storage\b|\bwith\s+(?:and|or)\s+without\b"
                         r"|纯租|裸租|只算卡|光算卡|不含存储|不带存储|不算存储|不加存储|含不含存储|带不带存储|有无存储|加不加存储")


def both_ways(words: str) -> bool:
    """Whether the message asks the rate without the storage as well as with it."""
    return CARDS_ALONE.search(words) is not None
