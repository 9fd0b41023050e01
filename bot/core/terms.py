"""A rental term named by its unit ("周租", "包月", "weekly", "by the week"): how the time is bought,
never how long a run takes.

Why: "今天租一张4090周租 7b qlora 来得及吗 多少钱" names the week it rents, not a 168-hour run; the
deadline answer estimates what fits before the deadline, and the term named is the rental priced,
where it is sold (a week only at gpuli, seed 000: ₮109 for a 4090).
"""

from __future__ import annotations

from dataclasses import replace

from bot.understand.normalize import normalize
from bot.understand.parser import Parsed
from bot.understand.provider_words import term_provider


def term_hours(parsed: Parsed) -> float:
    """The length of the term the message names as its only length (168 for "周租"), else 0."""
    r = parsed.rental
    return (r.duration_days or 0) * 24 + (r.duration_hours or 0) if r.term else 0.0


def where_sold(parsed: Parsed, text: str) -> Parsed:
    """`parsed` priced at the one provider that sells the term named, where no provider is named."""
    where = parsed.request.provider or term_provider(normalize(text))
    return replace(parsed, request=parsed.request.model_copy(update={"provider": where}))
