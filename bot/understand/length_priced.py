"""A later clause that names a length and asks what it costs, but names no card and no job ("…开机那两分钟收钱吗？
跑了 61 分钟 按多少钱算", "…is the boot time billed? what do 90 minutes come to?").

Why: read alone, such a clause is the FAQ on how per-minute billing works (a length and a money word, no card); beside
a first clause that names one card it asks that card's price for that length, so bot.understand.clauses reads it with
the card, as it does a clause asking of "it". A clause naming a card or a model size of its own is read as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from bot.understand import fields as f
from bot.understand.entities import find_gpus
from bot.understand.normalize import normalize

if TYPE_CHECKING:
    from bot.understand.parser import Parsed

MONEY_ASKED = re.compile(r"多少钱|多少|什么价|怎么算钱|收多少|\bhow\s+much\b|\bcost\w*\b|\bprice\b|\bcome\s+to\b|\bbill\w*\b")


def priced_length(clause: str) -> bool:
    """Whether `clause` asks the price of a length it names, with no card and no model size of its own."""
    norm = normalize(clause)
    return f.duration(norm) != (None, None) and MONEY_ASKED.search(norm) is not None \
        and not find_gpus(norm) and not f.SIZE_B.search(norm)


def read_of_its_card(clause: str, of_card: str, now: datetime | None, read: Callable[[str, datetime | None], Parsed]) -> Parsed:
    """A later clause read as of the first clause's card (`of_card`: the clause with the card put before it) only where
    it has no confident reading of its own or it prices a length: "…and does it have NVLink?" or "…and does bandwidth
    come with it?" are questions of their own (the rental's terms, the card's interconnect), "…and what is it good
    for" means nothing without the card, and "跑了 61 分钟 按多少钱算" is that card's 61 minutes."""
    plain = read(clause, now)
    if of_card == clause or (plain.intent == "faq" and plain.faq_confident and not priced_length(clause)):
        return plain
    return read(of_card, now)
