"""A currency the catalog has no rate for, asked of the last price ("gpuli 4090 月租" then "新台币大概多少",
"…for a week at gpuli?" then "in rupees?"): that rental again, led by a line that names the currency asked, says
there is no rate for it, and gives each figure in the currency it is billed in (bot.views.price_currency).

Why: such a message names no card, job or term, so every other reader took it for something else (an FAQ entry on
gpuli's ₮, or nothing at all); the figure it asks is the last one, and the honest answer is the billed amounts to
convert, never a made-up rate."""

from __future__ import annotations

from dataclasses import replace

from bot.core.wallet_follow_ups import priced_rental
from bot.messages import Turn
from bot.understand.parser import Parsed


def unrated_of_last(parsed: Parsed, last: Turn | None) -> Parsed | None:
    """The last price (or the rental the last cost picked), to be shown with the no-rate line; None when the
    message asks more than the figure in that currency, or no price came before."""
    q = parsed.request
    if last is None or not parsed.cues.unrated_alone or parsed.cues.unrated_currency is None \
            or q.gpu or q.model or q.params_b:
        return None
    rental = dict(last.data) if last.kind == "price" else priced_rental(last.data) if last.kind == "cost" else None
    if rental is None:
        return None
    follow = {**rental, "unrated": parsed.cues.unrated_currency, "display": "USD", "asked_currency": True}
    return replace(parsed, intent="price", follow=follow, follow_up=True, missing=[], faq=[], faq_answers=[],
                   faq_confident=False)
