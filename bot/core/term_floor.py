"""A short run asked whether a longer term must still be bought, after a price or a sizing ("4090 周租多少" then
"跑两天的话是不是也得买一周"; "7b qlora on a 4090", "weekly price?", then "if I only need 2 days do I still pay a
week?"): the setup before, priced for the run's length (bot.understand.term_floor read both), so each provider's
bill for it shows what its rule makes you buy: gpuli sells weeks (one week, ₮109 for a 4090), CloudGPU bills by the
minute (48 h × $0.33). The yes or no per provider leads it (bot.views.term_floor)."""

from __future__ import annotations

from dataclasses import replace

from bot.core.recent_provider import setup_before
from bot.messages import Turn
from bot.understand.parser import Parsed


def run_of_floor(parsed: Parsed, last: Turn | None) -> Parsed | None:
    """`parsed` as the price of the setup before (or the card it names) for the run's hours; None when it asks no
    term's floor or there is no setup to price."""
    floor = parsed.cues.term_floor
    if floor is None or parsed.request.model or parsed.request.params_b:
        return None
    hours = floor[0]
    rental = replace(parsed.rental, duration_days=None, duration_hours=hours, term=False)
    if parsed.rental.gpu or parsed.request.gpu:  # "4090 跑两天也得买一周吗": the card it names, for the run
        return replace(parsed, intent="price", rental=rental, missing=[], faq=[], faq_answers=[], faq_confident=False)
    setup = setup_before(last)
    if last is None or setup is None:
        return None
    gpu, count = setup
    follow: dict[str, object] = {**last.data, "hours": hours} if last.kind == "price" else {
        "gpu": [gpu], "num_gpus": count, "hours": hours, "first": parsed.rental.provider, "display": None}
    return replace(parsed, intent="price", rental=rental, follow=follow, follow_up=True, missing=[], faq=[],
                   faq_answers=[], faq_confident=False)
