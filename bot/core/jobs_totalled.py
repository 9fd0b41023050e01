"""Several clients' jobs, each asked on its own (one message naming two, or one turn after another), then priced
together: "客户 A 32b qlora，客户 B 8b qlora，各用啥卡" (or "client A: 14b qlora" then "client B: 32b qlora") then
"两家都租一个月，一共多少" / "both on gpuli for a month, total?" (seed 000: ₮389 A6000 + ₮369 4090 = ₮758).

Why: the answer remembered its first job only (or only the last job asked), so the total priced one job and the
other client's job was lost. Each job answer keeps the jobs asked before it (`keep_together`, at most `KEPT`); a
follow-up asking a total (or "each"/"both") with a length and no job of its own prices every one of them for that
length, each at its cheapest safe pick, and their sum leads (bot.views.jobs_total).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.messages import Reply, Turn
from bot.understand.parser import Parsed

KEPT = 3  # the jobs a total may gather: two or three clients, not a whole day's chat
JOB_KINDS = ("size", "cost")


def _of_turn(turn: Turn | dict[str, Any]) -> dict[str, Any] | None:
    """A job's answer as kept: its kind and data, without what it kept of others."""
    kind, data = (turn.kind, turn.data) if isinstance(turn, Turn) else (turn.get("kind"), turn.get("data") or {})
    request = data.get("request") if kind in JOB_KINDS else None
    if not isinstance(request, dict) or not (request.get("params_b") or request.get("model")):
        return None
    return {"kind": kind, "data": {k: v for k, v in data.items() if k not in ("together", "options")}}


def _gathered(turn: Turn | None) -> list[dict[str, Any]]:
    """The jobs `turn` stands for: those it kept, else the options it listed, else its own job."""
    if turn is None or turn.kind not in JOB_KINDS:
        return []
    kept = turn.data.get("together")
    if isinstance(kept, list) and kept:
        return [dict(j) for j in kept]
    options = [j for o in turn.data.get("options") or [] if isinstance(o, dict) and (j := _of_turn(o)) is not None]
    if len(options) > 1:
        return options
    own = _of_turn(turn)
    return [own] if own is not None else []


def _distinct(jobs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for job in jobs:
        if all(job["data"].get("request") != o["data"].get("request") for o in out):
            out.append(job)
    return out[-KEPT:]


def keep_together(reply: Reply, parsed: Parsed, last: Turn | None) -> None:
    """A job answered on its own ("client B: 32b qlora" after "client A: 14b qlora"), or several in one message:
    the jobs asked so far stay with the answer's turn, for a total asked next."""
    turn = reply.turn
    if turn is None or turn.kind not in JOB_KINDS or parsed.follow_up:
        return
    own = _gathered(Turn(turn.kind, {k: v for k, v in turn.data.items() if k != "together"}))
    if not own:
        return
    jobs = _distinct([*_gathered(last), *own]) if len(own) == 1 else _distinct(own)
    if len(jobs) > 1:
        turn.data["together"] = jobs


def jobs_totalled(parsed: Parsed, last: Turn | None, merge: Callable[[Parsed, Turn], Parsed]) -> Parsed | None:
    """The jobs kept with `last`, each priced for the length `parsed` states, as parts whose sum leads; None unless
    `parsed` asks a total (or of each) for a length and names no job, card or count of its own. After a plan of runs
    priced together, a total asked with no length keeps each run's own, and a length alone changes every run."""
    asks, q, r = parsed.asks, parsed.request, parsed.rental
    plan = last is not None and bool(last.data.get("runs"))  # a plan of runs priced together (bot.views.runs_priced)
    length = r.duration_days is not None or r.duration_hours is not None
    if not (asks.total or asks.both or (plan and length)) or parsed.parts or parsed.cues.fresh or parsed.wallet is not None:
        return None  # after a plan, "若改为包月呢" / "what if monthly?" is every run again for that length
    if q.model or q.params_b or q.method or r.gpu or q.gpu or r.num_gpus or q.num_gpus:
        return None
    if not length and not plan:
        return None  # "total?" after a plan: each run for the length it was priced for
    jobs = _gathered(last)
    if len(jobs) < 2:
        return None
    # each job as if the length were asked of its answer alone ("包月多少" after it): the card it was answered with
    alone = replace(parsed, asks=replace(asks, total=False, both=False), intent="cost" if parsed.intent in ("faq", "unknown") else parsed.intent,
                    faq=[], faq_answers=[], faq_confident=False, follow_up=True)
    # each job merged alone: the list of jobs a budget was weighed against (bot.core.jobs_follow) is the whole's, not its
    parts = [replace(merge(_own_length(alone, job), Turn(job["kind"], {k: v for k, v in job["data"].items() if k not in ("jobs", "budget")})),
                     follow_up=False) for job in jobs]
    if any(p.intent not in ("cost", "price") for p in parts):
        return None
    return replace(parsed, intent="cost", parts=parts, follow_up=True, missing=[], faq=[], faq_answers=[],
                   faq_confident=False, asks=replace(asks, total=True))


def _own_length(parsed: Parsed, job: dict[str, Any]) -> Parsed:
    """`parsed` for `job`: the length it states, else the one the job was priced for ("total?" after a plan)."""
    r, said = parsed.rental, job["data"].get("request") or {}
    if r.duration_days is not None or r.duration_hours is not None or not (said.get("days") or said.get("hours")):
        return parsed
    return replace(parsed, rental=replace(r, duration_days=said.get("days"), duration_hours=said.get("hours")))
