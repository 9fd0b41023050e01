"""Whether a message asks what a card is suited for ("适合干啥", "能拿来干什么", "what's it good for", "what is
it suited to"): read once with the parse (`Asks.suits`).

Why here: asked right after a card's price ("gpuli mi300x 包月" then "适合干啥"), the question names no card
and matched nothing sure, so it got "outside what I do"; it asks about the card just priced, whose own FAQ
entry answers it (bot.core.faq_context.with_card_before)."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

SUITS = lazy(r"适合|适用|能干啥|能干什么|干啥用|做啥用|用来干|拿来干|能做什么|能做啥|有啥用|有什么用|用在哪|擅长"
             r"|用途|干嘛用|做什么用|干什么用|派什么用场"
             r"|\bwhat(?:'?s|\s+is|\s+are)\s+(?:it|this|that|they|these|those|the\s+[\w-]+)\s+(?:used\s+|meant\s+)?for\b|\bwhat\s+(?:would|do|does|should|can)\s+(?:i|we|you|people|one)\s+use\s+(?:it|this|that|them)\s+for\b"
             r"|\bgood\s+for\b|\bsuit(?:ed|able)?\b|\bbest\s+(?:used\s+)?for\b|\buse\s+(?:it|this|that|one)\s+for\b|\bmeant\s+for\b",
             re.IGNORECASE)


def suits_asked(norm: str) -> bool:
    """"适合干啥", "what's it good for": what a card is suited for asked."""
    return bool(SUITS.search(norm))
