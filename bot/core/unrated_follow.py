"""A currency the catalog has no rate for, asked of the last price ("gpuli 4090 月租" then "新台币大概多少",
"…for a week at gpuli?" then "in rupees?"), or money said in it and weighed against that price ("4090 monthly"
then "budget S$300, enough?"): that rental again, led by a line that names the currency, says there is no rate
for it, and gives each figure in the currency it is billed in (bot.views.price_currency).

Why: such a message names no card, job or term, so every other reader took it for something else (an FAQ entry on
gpuli's ₮, "outside what I do", or S$300 checked as $300); the figure it asks is the last one, and the honest
answer is the billed amounts to convert, never a made-up rate."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from bot.core.wallet_follow_ups import priced_rental
from bot.messages import Turn
from bot.understand.parser import Parsed
from bot.understand.roadmap import budget_period

MONTH_HOURS = 30 * 24  # a setup's cost is shown by the month when no length was asked (bot.core.setup_follow)
SPAN_HOURS = {"month": MONTH_HOURS, "week": 7 * 24}


def unrated_of_last(parsed: Parsed, last: Turn | None) -> Parsed | None:
    """The last price (the rental the last cost picked, or the setup just priced), to be shown with the no-rate
    line; None when the message asks more than the figure in that currency, or no price came before."""
    q, cues = parsed.request, parsed.cues
    said = cues.unrated_amount if not cues.unrated_alone else None
    if last is None or cues.unrated_currency is None or not (cues.unrated_alone or said is not None) \
            or q.gpu or q.model or q.params_b or parsed.intent == "wallet":
        return None
    rental = _rental_of(last)
    if rental is None:
        return None
    follow = {**rental, "unrated": parsed.cues.unrated_currency, "display": "USD", "asked_currency": True,
              **({"unrated_said": [format(said[0].normalize(), "f"), said[1]]} if said is not None else {})}
    follow.pop("runway", None)
    span = (budget_period(parsed.words) or _span_said(parsed.words)) if said is not None else None
    if span in SPAN_HOURS:  # "4090 weekly" then "S$150 enough for a month?": the money is weighed against the span it names
        follow["hours"] = float(SPAN_HOURS[span])
        for key in ("days", "duration"):
            follow.pop(key, None)
    return replace(parsed, intent="price", follow=follow, follow_up=True, missing=[], faq=[], faq_answers=[],
                   faq_confident=False)


# a span the normalized words name with its count ("够租1周吗", "整月", "包月"): one week or one month
_ONE_SPAN = (("week", re.compile(r"(?<![\d.])1\s*(?:周|星期|礼拜)")), ("month", re.compile(r"(?<![\d.])1\s*个?月|整月|包月")))


def _span_said(words: str) -> str | None:
    return next((name for name, pattern in _ONE_SPAN if pattern.search(words)), None)


def _rental_of(last: Turn) -> dict[str, Any] | None:
    """The rental a price, a cost or a setup's price left to show again; None for any other answer."""
    if last.kind == "price":
        return dict(last.data)
    if last.kind == "cost":
        return priced_rental(last.data)
    pick = last.data.get("pick")
    if last.kind == "size" and last.data.get("setup") and isinstance(pick, list | tuple) and len(pick) == 2:
        return {"gpu": [pick[0]], "num_gpus": pick[1], "hours": float(last.data.get("setup_hours") or MONTH_HOURS),
                "add_ons": {}, "infiniband": None, "repeat": False, "display": None, "first": None, "asked_currency": False}
    return None
