"""Whether a message asks for the cheapest card of all, naming none ("how much is the cheapest card per hour?",
"最便宜的卡一小时多少钱", "which gpu is cheapest by the week?"): the card is what the answer must name.

Why apart: the parser reads cards, models and providers named; a card asked for by its rank alone names none of
them, and its words ("per hour", "按小时") met the FAQ's rule on renting by the hour. bot.core.cheapest_card
turns the question into that card's price."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy
from bot.understand.options_named import HOURLY

# the cheapest card, GPU or instance, asked for: "最便宜的卡", "最便宜的显卡是哪张", "哪张卡最便宜", "cheapest gpu",
# "the lowest-priced card", "which card is cheapest"; never "cheapest way" or "最便宜的方案" (a setup for a job)
CHEAPEST_CARD = lazy(r"最(?:便宜|低价|实惠)的?\s*(?:那|哪)?\s*(?:张|块|个|款)?\s*(?:卡|显卡|gpu|机器|实例)"
                     r"|(?:哪|那)\s*(?:张|块|个|款)\s*(?:卡|显卡|gpu)?\s*最(?:便宜|低价)"
                     r"|\b(?:cheapest|lowest[\s-]+priced|least\s+expensive)\s+(?:single\s+)?(?:gpus?|cards?|instances?|machines?)\b"
                     r"|\bwhich\s+(?:gpu|card|instance)\s+is\s+(?:the\s+)?cheapest\b", re.IGNORECASE)


def cheapest_card_said(text: str) -> bool:
    """Whether `text` asks for the cheapest card of all."""
    return CHEAPEST_CARD.search(text) is not None


def by_the_hour(text: str) -> bool:
    """Whether `text` asks the price by the hour ("by the hour", "hourly", "按小时", "每小时")."""
    return HOURLY.search(text) is not None
