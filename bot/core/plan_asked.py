"""A bare ask of the plan just answered ("选哪套", "which card then", "ok 吗", "行不行") after a sizing or a cost of a
job: that job answered again, as its cost when it was priced or a budget is held (the budget said earlier is
weighed against it: bot.core.router keeps it for a follow-up), else as its sizing. The reply so leads with the setup
to rent, its price and whether the budget covers it. A longer ask naming nothing of its own that asks what to rent
or what it costs ("what should we rent and how much will that run us?", "那租啥 要花多少") is the same ask; and which
method to take ("全参还是 lora 好", "LoRA or full, which is better?") is that choice for the job held, not the FAQ's
general comparison.

Why: read alone such a message names nothing, and it was answered "that's outside what I do" (or with a FAQ entry),
losing the model, the method, the deadline and the budget stated over the messages before it."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from decimal import Decimal

from bot.core.brief_kept import DATA
from bot.core.budget_before import SAID as BUDGET
from bot.core.deadline_kept import SAID as DEADLINE
from bot.messages import Turn
from bot.understand.cues import FOLLOW_UP_CHARS
from bot.understand.parser import Parsed
from engine.request import TrainingRequest

SPAN_SLACK_H = 2.0  # hours: a job priced up to the deadline said before has about the span left to it
BARE_PLAN_CHARS = 24  # characters: "选哪套", "which card ah", "那用哪个方案好" — an ask with nothing of its own


def _own_job(parsed: Parsed) -> bool:
    """The message names a job, a card, a provider or a wallet action of its own."""
    q = parsed.request
    return bool(q.model or q.params_b or q.gpu or q.num_gpus or parsed.cards or parsed.rental.provider) or parsed.wallet is not None


def _method_pick(parsed: Parsed) -> bool:
    """"全参还是 lora 好": which of two methods to take, and nothing else asked."""
    return parsed.cues.method_pick and len(parsed.asks.methods_versus) >= 2 and parsed.intent in ("faq", "unknown", "size")


def _plan_ask(parsed: Parsed) -> bool:
    """A choice, a go-ahead or the cost asked with nothing else read: short, or up to a follow-up's length when it
    asks the cost ("what should we rent and how much is that going to set us back?")."""
    c = parsed.cues
    if parsed.intent != "unknown" or not c.asking or c.refund or c.money_rule or c.meaning:
        return False
    return c.chars <= BARE_PLAN_CHARS or (c.chars <= FOLLOW_UP_CHARS and (parsed.asks.cost or c.how_much))


def plan_asked(parsed: Parsed, last: Turn | None, now: datetime) -> Parsed:
    """`parsed` as the job of `last` asked again when it is an ask naming nothing (no model, card, count, provider or
    wallet action) that nothing else read, or which method to take for it; `parsed` unchanged otherwise."""
    job = last.data.get("request") if last is not None and last.kind in ("size", "cost") else None
    if parsed.parts or not isinstance(job, dict) or not (job.get("model") or job.get("params_b")) or last is None:
        return parsed
    if _until_deadline_again(parsed, job, last):  # "ok so what do we rent, how much?": priced to the deadline again
        return _timed(parsed, parsed.request, last, now)
    if _own_job(parsed):
        return parsed
    if _method_pick(parsed):  # "全参还是 lora 好" after "qwen 14b 客服微调", "预算 3w 一个月": LoRA or full for that job
        merged = TrainingRequest.model_validate({k: v for k, v in job.items() if k not in ("method", "num_gpus", "gpu", "days", "hours")})
        said = last.data.get("budget") or last.data.get(BUDGET)
        held = (Decimal(said[0]), said[1]) if isinstance(said, list) and len(said) >= 2 else None
        return replace(parsed, intent="size", request=merged, missing=[], faq=[], faq_answers=[], faq_confident=False,
                       cues=replace(parsed.cues, budget_held=held))
    if not _plan_ask(parsed):
        return parsed
    intent = "cost" if last.kind == "cost" or last.data.get("budget") else "size"
    data = last.data.get(DATA) if not (job.get("tokens") or job.get("samples")) else None  # the dataset said before the job
    merged = TrainingRequest.model_validate({**job, **(data if isinstance(data, dict) else {}), **parsed.request.stated()})
    return _timed(replace(parsed, intent=intent, missing=[], follow_up=True, faq=[], faq_answers=[], faq_confident=False),
                  merged, last, now)


def _until_deadline_again(parsed: Parsed, job: dict[str, object], last: Turn) -> bool:
    """A cost follow-up of the job last priced up to the deadline, with no span, deadline or data of its own."""
    r, a = parsed.rental, parsed.asks
    return parsed.follow_up and parsed.intent == "cost" and isinstance(last.data.get(DEADLINE), str) \
        and job.get("hours") is not None and job.get("hours") == last.data.get("asked_span") \
        and parsed.request.stated() == job and not (r.duration_days or r.duration_hours or a.deadline or a.until)


def _timed(parsed: Parsed, merged: TrainingRequest, last: Turn, now: datetime) -> Parsed:
    """`parsed` asking `merged`, against the deadline said before ("done by monday 9am"), named back and counted
    again from now, when it says none of its own and that one is still ahead."""
    due = last.data.get(DEADLINE)
    asks = parsed.asks
    left = (datetime.fromisoformat(due) - now).total_seconds() / 3600 if isinstance(due, str) else 0.0
    run = merged.hours or (merged.days or 0) * 24  # "about 30 hours of training": the run's own length stays
    if left > 0 and asks.deadline is None and asks.until is None and (not run or abs(run - left) <= SPAN_SLACK_H):
        asks = replace(asks, deadline=datetime.fromisoformat(str(due)))  # the span to it is counted again, from now
        merged = merged.model_copy(update={"hours": None, "days": None})
    return replace(parsed, request=merged, asks=asks)
