"""Another rental added to the one just priced, and the total asked: "4090 月租" then "开 2 台，再租一周 5090，合计多少",
"gpuli a6000 weekly" then "plus an L40S for a month, total?" (seed 000: 2 × ₮369 + ₮149 = ₮887).

Why: read as a change of the last question, the new card replaced the one priced and its week was added to the
month (one 5090 for 37 days, twice), so the rental priced first was lost from the total. The message names a card
other than the one priced, with a length of its own, and asks a total (or whether a budget covers it): the rental
priced before (with a count the message says of it: "开 2 台", "make it two") and the new one are priced each for
its own length, and their sum leads (bot.core.price_pairs.total_first, the budget's verdict where one is asked).
"""

from __future__ import annotations

from dataclasses import replace

from bot.core.about_last import duration_of
from bot.core.priced_card_follow import priced_card
from bot.messages import Turn
from bot.understand import fields
from bot.understand.entities import find_gpus
from bot.understand.parser import Parsed
from engine.request import TrainingRequest


def rental_added(parsed: Parsed, last: Turn | None) -> tuple[Turn, Parsed] | None:
    """(`last`, the two rentals as parts of one price question with their total asked), or None when the message
    adds no rental to the one priced."""
    if last is None or last.kind != "price" or not last.data.get("hours") or last.data.get("options"):
        return None
    before = priced_card(last)
    a, q, r = parsed.asks, parsed.request, parsed.rental
    # money asked of a card with no word adding it ("we have 3000 usdt, can it rent a gpuli 5090 for 4 months?") is that
    # rental's own question; "再租一周 5090 预算够吗", "plus a 5090 for a month, within budget?" add it
    if before is None or not (a.total or (a.budget is not None and (parsed.cues.joined or parsed.cues.also))) or parsed.cues.fresh:
        return None
    if q.model or q.params_b or q.method or len(parsed.cards) != 1 or not duration_of(parsed):
        return None
    card, count = before
    new = find_gpus(parsed.words)
    if len(new) != 1 or new[0].ident == card:
        return None
    own = fields.count_near(parsed.words, new[0].start, new[0].end)
    # a count said away from the new card ("开 2 台，再租一周 5090") is of the rental priced before
    said = parsed.cues.instances or parsed.cues.lone_count or (q.num_gpus if q.num_gpus != own else None)
    kept = last.data.get("first")
    where = r.provider or (kept if isinstance(kept, str) else None)
    first = _rental(parsed, card, said or count, where, None, float(str(last.data["hours"])))
    added = _rental(parsed, new[0].ident, own, where, r.duration_days, r.duration_hours)
    whole = replace(parsed, intent="price", follow_up=True, missing=[], parts=[first, added], faq=[], faq_answers=[],
                    faq_confident=False, asks=replace(a, total=True))
    return last, whole


def _rental(parsed: Parsed, gpu: str, count: int | None, provider: str | None, days: float | None,
            hours: float | None) -> Parsed:
    """One card rented for its own length, asked as a price question of its own."""
    n = count if count and count > 1 else None
    return replace(parsed, intent="price", request=TrainingRequest(gpu=gpu, num_gpus=n), cards=[gpu], parts=[],
                   rental=replace(parsed.rental, gpu=gpu, num_gpus=n, provider=provider, duration_days=days,
                                  duration_hours=hours),
                   cues=replace(parsed.cues, instances=None, lone_count=None, span_added=False, joined=False),
                   price=replace(parsed.price, nodes=None, nodes_counted=False),  # "再加一台 L40S": one card, not a node
                   asks=replace(parsed.asks, total=False, budget=None), follow_up=False, follow=None, missing=[],
                   faq=[], faq_answers=[], faq_confident=False)
