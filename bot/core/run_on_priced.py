"""A run stated by its steps and seconds a step ("一共 3000 步 每步 4 秒 要花多少", "1000 steps at 6 s each,
cost?", "每步 2 秒 1500 步 下班前能跑完吗") right after a card's price or a job's price on a card
("CloudGPU 3090 一小时多少", "CloudGPU 4090 8b qlora 多少钱一小时"): that run is timed, priced and set against
its deadline on the card and provider just priced, not answered with a request to name them (nor with a
cheapest-card plan of its own).

Why its own module: bot/core/follow_ups.py is near its size limit, and the rule is one: a run's length
names no card of its own, so the card priced is what it runs on (seed 002: 费用 = ⌈任务分钟⌉ × 小时价 ÷ 60)."""

from __future__ import annotations

from dataclasses import replace

from bot.core.priced_card_follow import priced_card
from bot.messages import Turn
from bot.understand.parser import Parsed
from engine.request import TrainingRequest

# what a price answer keeps of its own asks, none of which is the run's
_ASKED_BEFORE = ("before", "runway", "band", "which_currency", "versus_before", "top_up", "units", "weeks")
_RUN_KEYS = ("hours", "days", "tokens", "samples", "step_seconds", "side_minutes")


def run_on_priced(parsed: Parsed, last: Turn) -> Parsed | None:
    """`parsed` (a stated run: steps × seconds, no card or model of its own) priced for its length on the
    card (and count) the last answer priced, or as the job the last answer sized; None when the message
    names its own card or job, or states no run."""
    run, q = parsed.run, parsed.request
    if run is None or not run.stated or not run.step_seconds or q.gpu or q.model or q.params_b or not q.hours:
        return None
    # the run's length is the steps × seconds: a span the deadline states ("还有两小时") rents nothing
    rental = replace(parsed.rental, duration_days=None, duration_hours=None)
    job = dict(last.data.get("request") or {})
    if last.kind in ("size", "cost") and (job.get("model") or job.get("params_b")):
        where = parsed.rental.provider or job.get("provider")
        merged = {**{k: v for k, v in job.items() if k not in _RUN_KEYS}, "hours": q.hours}
        if where:
            merged["provider"] = where
        return replace(parsed, request=TrainingRequest.model_validate(merged), intent="cost", missing=[],
                       follow_up=True, rental=rental)
    if last.kind != "price" or priced_card(last) is None:
        return None
    follow = {k: v for k, v in last.data.items() if k not in _ASKED_BEFORE}
    follow["hours"] = q.hours
    if parsed.rental.provider:
        follow["first"] = parsed.rental.provider
    return replace(parsed, intent="price", follow_up=True, missing=[], follow=follow, rental=rental)
