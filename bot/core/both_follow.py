"""Each of two cards a question just named, priced for a length ("70b qlora at cloudgpu", "a800 or a100?" then
"cost for 8h each?"): the two cards for that length where the job was asked (CloudGPU: A800 $8.72, A100 80GB
$11.92 for 8 h), their difference leading; the parser reads "each"/"both"/"分别" (asks.both)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.core.about_last import ABOUT_LAST, duration_of
from bot.messages import Turn
from bot.understand.entities import find_gpus
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed
from engine.catalog import form_variants


def both_of_asked(parsed: Parsed, last: Turn | None, asked: str | None) -> Parsed | None:
    """`parsed` as both cards named in `asked` (the question answered from the FAQ) priced for the length the
    message states, at the provider of the job or price before it; None unless it asks of each with a length."""
    q = parsed.request
    span = duration_of(parsed)
    if not parsed.asks.both or last is None or last.kind not in ("size", "cost", "price") or not span \
            or q.gpu or q.model or q.params_b or parsed.cues.chars > ABOUT_LAST:
        return None
    # the two cards of the FAQ question asked, else of the side-by-side sizing just given ("4090s vs one a100 for 7b qlora")
    compared = last.data.get("versus") if not asked else None
    cards = list(dict.fromkeys(m.ident for m in find_gpus(normalize(asked)))) if asked else \
        [str(g) for g in compared] if isinstance(compared, list) else []
    if len(cards) != 2:
        return None
    job: dict[str, Any] = last.data["request"] if isinstance(last.data.get("request"), dict) else {}
    where = parsed.rental.provider or job.get("provider") or last.data.get("first")
    hours = span.get("days", 0) * 24 + span.get("hours", 0)
    data = {"gpu": form_variants(cards[1]), "num_gpus": None, "hours": hours, "add_ons": {}, "infiniband": None,
            "repeat": False, "first": where, "asked_currency": False,
            "before": {"gpu": form_variants(cards[0]), "num_gpus": None}, "versus_before": True}
    return replace(parsed, intent="price", follow=data, follow_up=True, missing=[], faq=[], faq_answers=[],
                   faq_confident=False)
