"""A budget said before the rental it is for: "老板说预算 ¥2.5万 想做 7b qlora", "一万网络 3090 包月", then "能租几个月"
(¥25,000 / ¥1,750 a month: 14 months); "budget 2k usd", "cloudgpu a800", "how many hours" ($2,000 / $1.09: 1,834 h).

Why: a budget stated with a job or on its own stays with the turn it was said in; the price asked next is a turn
of its own, so a "how long does it last" after it found no money and read as a FAQ question. The price turn now
holds the budget said the turn before (`held_budget`), and a how-long question naming no money, card or model of
its own divides that budget into the rental just priced, in the unit asked, as when the money was said with it.
"""

from __future__ import annotations

from dataclasses import replace

from bot.messages import Reply, Turn
from bot.understand.parser import Parsed


def hold_budget(reply: Reply, parsed: Parsed, last: Turn | None) -> None:
    """A price answered right after a turn that stated a budget keeps that budget for a how-long question."""
    if reply.turn is None or reply.turn.kind != "price" or last is None or parsed.asks.budget is not None:
        return
    held = last.data.get("budget") or last.data.get("held_budget")
    if isinstance(held, list | tuple) and len(held) == 2 and "runway" not in reply.turn.data:
        reply.turn.data["held_budget"] = list(held)


def runway_of_held(parsed: Parsed, last: Turn) -> Parsed | None:
    """"能租几个月", "how many hours" after a price that holds a budget said before it: that budget divided into
    the rental priced, in the unit asked; None when nothing is held or the message names money, a card or a job."""
    held = last.data.get("held_budget") if last.kind == "price" else None
    a, q = parsed.asks, parsed.request
    if not held or not (a.runway or a.how_long) or a.budget is not None or q.gpu or q.model or q.params_b \
            or a.deadline is not None or parsed.run is not None:
        return None
    runway = [held[0], held[1], True, False, a.runway_unit]
    return replace(parsed, intent="price", wallet=None, follow={**last.data, "runway": runway}, follow_up=True,
                   missing=[], faq=[], faq_answers=[], faq_confident=False)

