"""How many billing cycles to buy, asked of the span just priced ("gpuli 4090 包周多少", "跑10天呢", then "那要买几周" /
"how many weeks do I need to buy?"): the rental priced again for that span, each provider's cycles leading (gpuli
10 days: 2 weeks × ₮109 = ₮218).

Why: read alone the message names no card, span or money; it was answered "that's outside what I do", though the
last answer had priced exactly those cycles."""

from __future__ import annotations

from dataclasses import replace

from bot.core.about_last import duration_of
from bot.messages import Turn
from bot.understand.cues import FOLLOW_UP_CHARS
from bot.understand.parser import Parsed


def cycles_of_priced(parsed: Parsed, last: Turn) -> Parsed | None:
    """The last price again, when the message asks how many weeks or months to buy and states nothing of its own
    (no card, model, span or money); None otherwise (money held before is weighed by bot.core.wallet_follow_ups, and
    "能租几周" / "how long will that last" asks what money buys, never which cycles to buy)."""
    q, a = parsed.request, parsed.asks
    if last.kind != "price" or not last.data.get("hours") or not last.data.get("gpu") or not (a.how_long and a.runway_unit) \
            or a.budget is not None or (a.runway and not parsed.cues.buy) or q.gpu or q.model or q.params_b or parsed.cards or duration_of(parsed) \
            or parsed.cues.chars > FOLLOW_UP_CHARS or parsed.cues.figures:
        return None
    return replace(parsed, intent="price", follow_up=True, follow=dict(last.data), missing=[], faq=[], faq_answers=[],
                   faq_confident=False)
