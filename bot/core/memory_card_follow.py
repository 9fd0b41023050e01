"""A card asked by its memory alone, with no provider, right after an answer at one provider ("70b qlora on
cloudgpu" then "cheapest 80GB card for 8h?", "最便宜的 48g 卡跑 10 小时多少"): that provider's cards holding
that much, for the span asked, the cheapest first (bot.views.price.provider_price_list), as if the message had
named the provider; never a general FAQ entry on cheap cards. With no provider before it, the cheapest such card
of all asked ("48G 的卡哪张最便宜") is a price question of nobody in particular (bot.views.memory_cheapest)."""

from __future__ import annotations

from dataclasses import replace

from bot.core.price import card_memory
from bot.core.recent_provider import provider_before
from bot.messages import Turn
from bot.understand.cards import UnknownCard
from bot.understand.parser import Parsed

PRICED_KINDS = ("size", "cost", "price")


def memory_card_at_last(parsed: Parsed, last: Turn | None) -> Parsed | None:
    """`parsed` asked at the last answer's provider, when it asks cards by memory and names no card, model or
    provider of its own (at no provider when none came before and the cheapest is asked); else None."""
    q = parsed.request
    if q.gpu or q.model or q.params_b or parsed.rental.provider \
            or len(parsed.cues.providers) or (card_memory(parsed) or parsed.cues.memory_card) is None:
        return None
    priced = parsed.asks.cheapest or parsed.asks.cheaper or parsed.cues.how_much or parsed.intent == "price"
    if not priced or parsed.cues.fit:  # "48g 够吗" asks whether that much holds the job: the sizing's question
        return None
    provider = provider_before(last) if last is not None and last.kind in PRICED_KINDS else None
    if provider is None and not (parsed.asks.cheapest or parsed.asks.cheaper):
        return None  # "48g 卡多少钱" with nobody named: no one card is asked
    card = parsed.unknown_card or UnknownCard(f"{parsed.cues.memory_card} GB", parsed.cues.memory_card, bare=True)
    return replace(parsed, intent="price", rental=replace(parsed.rental, provider=provider), faq=[], faq_answers=[],
                   faq_confident=False, follow_up=False, missing=[], unknown_card=card)
