"""A card named after a price question that counted cards but named none: "帮我算下 两台八卡 包月 多少" then "h200",
"how much are 8 cards for a month?" then "a100 80g": the cards counted, of the card named, priced as asked.

Why: the first message got the FAQ's closest entries or its 8 × H100 example, and the card named next was priced
on its own (its one- and eight-card machines), the count, the machines and the term said before lost. The two
messages are one question: it is read again with the card after it.
"""

from __future__ import annotations

from dataclasses import replace

from bot.core.asked_reading import request_of
from bot.messages import Turn
from bot.understand.parser import Parsed, parse


def card_of_counted(parsed: Parsed, asked: str | None, turn: Turn | None = None) -> Parsed | None:
    """The question before (`asked`, answered by the FAQ or not at all) with the card this message names, when
    that question counted cards, named none and asked a price; else None. `turn`: the turn that asked it, which
    may hold that question's reading (bot.core.asked_reading)."""
    q = parsed.request
    if not asked or not q.gpu or set(q.stated()) - {"gpu", "provider"} or parsed.parts:
        return None
    before = request_of(turn, asked)
    if before.get("gpu") or not before.get("num_gpus") or before.get("model") or before.get("params_b") or before.get("method"):
        return None
    joined = parse(f"{asked} {parsed.words}")
    if joined.intent != "price" or joined.request.gpu != q.gpu or joined.request.num_gpus != before.get("num_gpus"):
        return None
    return replace(joined, follow_up=True)
