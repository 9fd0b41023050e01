"""A bare ask of the plan just answered ("选哪套", "which card then", "ok 吗", "行不行") after a sizing or a cost of a
job: that job answered again, as its cost when it was priced or a budget is held (the budget said earlier is
weighed against it: bot.core.router keeps it for a follow-up), else as its sizing. The reply so leads with the setup
to rent, its price and whether the budget covers it.

Why: read alone such a message names nothing, and it was answered "that's outside what I do", losing the model,
the method and the budget stated over the messages before it."""

from __future__ import annotations

from dataclasses import replace

from bot.messages import Turn
from bot.understand.parser import Parsed
from engine.request import TrainingRequest

BARE_PLAN_CHARS = 24  # characters: "选哪套", "which card ah", "那用哪个方案好" — an ask with nothing of its own


def plan_asked(parsed: Parsed, last: Turn | None) -> Parsed:
    """`parsed` as the job of `last` asked again when it is a short ask naming nothing (no model, card, count,
    provider or wallet action) that nothing else read; `parsed` unchanged otherwise."""
    job = last.data.get("request") if last is not None and last.kind in ("size", "cost") else None
    q = parsed.request
    if parsed.intent != "unknown" or parsed.parts or not parsed.cues.asking or parsed.cues.chars > BARE_PLAN_CHARS \
            or not isinstance(job, dict) or not (job.get("model") or job.get("params_b")) or last is None \
            or q.model or q.params_b or q.gpu or q.num_gpus or parsed.cards or parsed.rental.provider or parsed.wallet is not None:
        return parsed
    intent = "cost" if last.kind == "cost" or last.data.get("budget") else "size"
    merged = TrainingRequest.model_validate({**job, **q.stated()})
    return replace(parsed, intent=intent, request=merged, missing=[], follow_up=True, faq=[], faq_answers=[],
                   faq_confident=False)
