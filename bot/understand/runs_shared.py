"""A plan of several runs in one message, with the place and the length said once for all of them.

Why: a team lists an ablation ("1) 8b qlora 2) 8b lora 3) 14b qlora, 各在 gpuli 租一周", "a) 8b qlora b) 14b qlora,
each one week on gpuli, total?") and the clause splitter gives the length and the provider to the clause they were
typed in only (the header before the list, or the last item), so the other runs came back as bare sizings and the
plan was never priced. Here, after the split, every run that states no length and no provider of its own takes the
ones said once for the plan, and becomes a cost of its own; a run with its own length keeps it ("32b qlora 2 weeks,
then 14b lora 1 week, all on gpuli").

Reads only the parsed values (no raw text)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.understand.parser import Parsed

JOB_INTENTS = ("size", "cost")


def is_run(p: Parsed) -> bool:
    """A part that is a training job of its own: a model or a size, with nothing left to ask back."""
    return p.intent in JOB_INTENTS and bool(p.request.model or p.request.params_b) and not p.missing


def distinct_jobs(parts: list[Parsed]) -> bool:
    """Whether every part is a job of its own (a plan of runs), not one job asked twice or set on two options
    ("14b qlora: gpuli 4090 by the week, or cloudgpu 3090 for 20 hours?": options to choose from, not runs to add up)."""
    jobs = {(p.request.model, p.request.params_b, p.request.method, p.request.optimizer, p.request.objective) for p in parts}
    return len(jobs) == len(parts)


def _length(p: Parsed) -> tuple[float | None, float | None]:
    return p.rental.duration_days, p.rental.duration_hours


def shared_terms(whole: Parsed, parts: list[Parsed]) -> list[Parsed]:
    """`parts`, each run given the provider and the length said once for the plan; `parts` unchanged unless there are
    two or more, every one a run, and the plan states a length (the whole message, or one of its runs)."""
    if len(parts) < 2 or not all(is_run(p) for p in parts) or whole.wallet is not None:
        return parts
    if not distinct_jobs(parts):
        return parts  # "14b lora 要多少显存 多少钱一周", "7b qlora：①4090 够吗 ② 周租多少": one job asked two ways
    lengths = [_length(p) for p in parts if any(_length(p))]
    length = _length(whole) if any(_length(whole)) else (lengths[0] if len(set(lengths)) == 1 else (None, None))
    places = {p.rental.provider for p in parts} - {None}
    place = whole.rental.provider if whole.rental.provider and (not places or places == {whole.rental.provider}) else None
    place = place or (next(iter(places)) if len(places) == 1 else None)
    said_last = [bool(any(_length(p))) for p in parts] == [False] * (len(parts) - 1) + [True]
    if lengths and not (whole.asks.total or whole.asks.both or said_last):
        length = (None, None)  # "8b 全参 h200 一个月多少，还有 14b 全参要几卡": the length is the first run's own
    if not any(length) and not lengths:
        return parts  # "7b 和 14b 全参各要几卡": a sizing of each, nothing priced
    out = []
    for p in parts:
        days, hours = _length(p) if any(_length(p)) else length
        if days is None and hours is None:
            out.append(p)
            continue
        rental = replace(p.rental, duration_days=days, duration_hours=hours, provider=p.rental.provider or place,
                         term=p.rental.term or whole.rental.term)
        out.append(replace(p, intent="cost", rental=rental))
    return out


def method_runs(whole: Parsed) -> list[Parsed]:
    """One job's methods set side by side as runs to rent ("72b 的 ablation：qlora vs bf16 lora，各在 gpuli 租一周",
    "8b lora or full, a week each at gpuli"): a cost of the job once per method, for the length stated; [] for any other
    message (no length, no job, a card named: a comparison of memory or of a card's fit is answered as one)."""
    q, r = whole.request, whole.rental
    methods = whole.asks.methods_versus
    if whole.intent != "cost" or len(methods) < 2 or whole.parts or whole.missing or not (q.model or q.params_b) \
            or (r.duration_days is None and r.duration_hours is None) or q.gpu or r.gpu or whole.wallet is not None:
        return []
    asks = replace(whole.asks, methods_versus=())
    return [replace(whole, request=q.model_copy(update={"method": m}), asks=asks, parts=[]) for m in dict.fromkeys(methods)]
