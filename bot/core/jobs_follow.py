"""Several jobs weighed together against a budget, then changed by a follow-up: "预算 ₮1000 一个月 要跑 14b lora 和 7b
qlora 两个活" then "gpuli 够不够" then "那 14b 也换 qlora 呢" (seed 000: ₮369 + ₮369 = ₮738 on the table's cards).

Why: the answer remembered only its first job, so a change after it was read against that job alone and the second
job (and the sum the budget was weighed against) was lost. The jobs are remembered with the answer that summed them
(`remember`); a follow-up that changes the place, the length, the budget or a method (of the job whose size it names,
else of every job) gives them all again, changed, to be weighed together once more (bot.core.bundle_budget).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from typing import Any

from bot.core.jobs_totalled import jobs_totalled
from bot.messages import Reply, Turn
from bot.understand.parser import Parsed
from engine.request import TrainingRequest

# what a follow-up may change of every job without naming one of its own
SHARED = ("method", "seq_len", "optimizer", "framework", "lora_rank", "precision")


def remember(first: Reply, parsed: Parsed) -> None:
    """The jobs `parsed` weighed together, kept with the answer's turn for the follow-ups."""
    if first.turn is None or first.turn.kind != "cost":
        return
    if parsed.asks.budget is not None:  # the money they were weighed against holds for the follow-ups, as for one job
        first.turn.data["budget"] = [str(parsed.asks.budget[0]), parsed.asks.budget[1]]
    first.turn.data["jobs"] = [{"request": p.request.stated(), "provider": p.rental.provider,
                                "days": p.rental.duration_days, "hours": p.rental.duration_hours} for p in parsed.parts]


def jobs_again(parsed: Parsed, last: Turn | None, merge: Callable[[Parsed, Turn], Parsed]) -> Parsed | None:
    """The remembered jobs with the change `parsed` asks, as parts under the budget, or None when `parsed` is no
    change of them (a question of its own, a job of another size, a new kind of request). Jobs weighed against a
    budget are changed here first, so a new length ("两个月呢", "2 months total?") is weighed against it again; any
    other turn's jobs are totalled for the length asked (bot.core.jobs_totalled)."""
    if (weighed := _changed_under_budget(parsed, last)) is not None:
        return weighed
    return jobs_totalled(parsed, last, merge)  # "客户 A 14b qlora" "客户 B 32b qlora" then "两个都包月 合计多少": summed


def _changed_under_budget(parsed: Parsed, last: Turn | None) -> Parsed | None:
    jobs: list[dict[str, Any]] = list(last.data.get("jobs") or []) if last is not None else []
    if len(jobs) < 2 or parsed.cues.fresh or parsed.intent not in ("size", "cost", "price", "faq", "unknown") or parsed.parts:
        return None
    q, r = parsed.request, parsed.rental
    said = q.stated()
    if set(said) - {"params_b", *SHARED} or q.model or r.gpu or parsed.wallet is not None:
        return None
    sizes = {float(j["request"].get("params_b") or 0) for j in jobs}
    if q.params_b is not None and q.params_b not in sizes:
        return None  # "32b qlora 够吗": a job of its own
    length = r.duration_days is not None or r.duration_hours is not None
    budget = parsed.asks.budget
    if not (r.provider or length or budget is not None or set(said) & set(SHARED)):
        return None
    if not (parsed.follow_up or parsed.asks.enough or parsed.asks.cost or parsed.asks.total or budget is not None or said):
        return None  # "gpuli 能退款吗": a question of its own about the place, not the jobs there
    kept = last.data.get("budget") if last is not None else None
    if budget is None and kept:
        budget = (Decimal(str(kept[0])), kept[1])
    if budget is None:
        return None
    change = {k: v for k, v in said.items() if k in SHARED}
    parts = []
    for job in jobs:
        request = dict(job["request"])
        if q.params_b is None or float(request.get("params_b") or 0) == q.params_b:
            request |= change
        rental = replace(r, provider=r.provider or job.get("provider"), gpu=None, num_gpus=None,
                         duration_days=r.duration_days if length else job.get("days"),
                         duration_hours=r.duration_hours if length else job.get("hours"))
        parts.append(replace(parsed, intent="cost", request=TrainingRequest.model_validate(request), rental=rental,
                             follow_up=False, missing=[], parts=[], faq=[], faq_answers=[], faq_confident=False,
                             asks=replace(parsed.asks, budget=budget)))
    return replace(parsed, intent="cost", parts=parts, follow_up=True, missing=[], faq=[], faq_answers=[],
                   faq_confident=False, asks=replace(parsed.asks, budget=budget))


def with_cost_asked(planned: Reply, parsed: Parsed, cost: Callable[[], Reply]) -> Reply:
    """"7b full: memory? how many a100s at gpuli? cost for a month?": the count of the card answered first, then
    the month's cost the message asks too (its own answer, with the seed's one-card price), never dropped."""
    view = planned.data.get("v") if isinstance(planned.data, dict) else None
    r = parsed.rental
    if isinstance(view, dict) and view.get("q") == "cards" and parsed.intent == "cost" and parsed.asks.cost \
            and (r.duration_days or r.duration_hours) and not planned.also:
        planned.also = [cost()]
    return planned
