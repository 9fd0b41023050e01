"""A price asked with no card right after a question about one that the FAQ answered ("一万网络 有 8卡 a100 80g 吗"
answered by the A100-or-H100 entry, then "月租多少" / "how much per month?"): that card's rental, at the count and
provider the question named (一万网络 8×A100 80GB: ¥2.5–4 万 a month, an estimate), never the FAQ entry on why
monthly rentals suit fine-tuning that the words "月租" come near.

Why: the question before named the setup, and its answer (whatever entry it was) is no price; a price asked next
asks it of the setup named. A message naming a card, a model or a subject of its own stands alone."""

from __future__ import annotations

from dataclasses import replace

from bot.messages import Turn
from bot.understand.parser import Parsed, parse

PRICE_ASK_CHARS = 40  # characters: "月租多少", "一周多少钱", "how much for a month then?" — a price asked, nothing more


def price_of_card_asked(parsed: Parsed, turn: Turn | None) -> Parsed | None:
    """`parsed` as the price of the setup the FAQ question before named, for the span or term it asks; None when
    the turn before is no FAQ answer to a question naming one card, or the message is more than a price asked."""
    q, r = parsed.request, parsed.rental
    if turn is None or turn.kind != "faq" or turn.data.get("unsure") or parsed.intent not in ("faq", "unknown"):
        return None
    if q.gpu or r.gpu or q.model or q.params_b or parsed.cards or parsed.own_topic or parsed.cues.howto or parsed.parts \
            or not parsed.asks.cost or not (r.duration_days or r.duration_hours) or parsed.cues.chars > PRICE_ASK_CHARS:
        return None
    before = parse(str(turn.data.get("text") or ""))
    card, count = before.request.gpu, before.request.num_gpus
    if not card or len(set(before.cards)) > 1 or before.request.model or before.request.params_b:
        return None
    where = r.provider or before.rental.provider
    return replace(parsed, intent="price", request=q.model_copy(update={"gpu": card, "num_gpus": count}),
                   rental=replace(r, provider=where, gpu=card, num_gpus=count, form_named=before.rental.form_named),
                   faq=[], faq_answers=[], faq_confident=False, missing=[], follow_up=False)
