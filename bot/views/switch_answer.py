"""The yes/no that leads a sizing asked whether a switch is needed ("还需要 offload 吗", "要不要 8bit 优化器",
"is cpu offload the cheapest safe option for 14b full ft").

Why its own line: the sizing under it answers "what fits"; a team lead asked "do I need it", and the
first words must say yes or no and why (the setup that holds the job without the switch, or the
figure that misses without it). The decision is read off the engine's advice, never re-sized here:
- offload: not needed when the answer's setup keeps everything on the cards and holds the job (fits,
  may fit, or is seed 000's own minimum at the edge); needed when it only holds with offload;
- the 8-bit optimizer: needed when the answer's setup is seed 000's 8-bit minimum (7B on one 80 GB
  card) or the named setup only holds with it; not needed when plain AdamW holds it.
"""

from __future__ import annotations

from typing import Any

from bot.views.sizing import fit_row
from engine.advice import Advice, seed_at_edge
from engine.fit import Fit
from engine.sizing import size


def _holds(f: Fit, a: Advice) -> bool:
    """It fits, may fit, or is seed 000's minimum at the edge (the named setup, or the no-card answer)."""
    named_edge = f is a.sizing.fit and any(w.code == "seed_minimum" and w.params.get("edge") for w in a.sizing.warnings)
    return f.fits or f.may_fit or named_edge or (a.seed_is_verdict and seed_at_edge(f))


def switch_answer(a: Advice, switch: str | None) -> dict[str, Any] | None:
    """{"switch", "needed", "setup" (the setup the answer is about), "with" (the setup with the switch,
    when needed and another)}; None when the question asked no switch or nothing holds the job."""
    v = a.verdict
    if switch == "zero3" and v is not None:
        return _zero3(a, v)
    if switch is None or v is None or a.sizing.resolved.adapter:
        return None
    if switch == "offload":
        if v.estimate.plan.offload == "none" and _holds(v, a):
            return {"switch": "offload", "needed": False, "setup": fit_row(v)}
        with_it = next((f for f in (a.alternative, v) if f is not None and f.estimate.plan.offload != "none"), None)
        if with_it is None:
            return None
        return {"switch": "offload", "needed": True, "setup": fit_row(v), "with": fit_row(with_it)}
    eight = a.sizing.request.optimizer == "adamw-8bit" or (a.seed_is_verdict and a.seed_optimizer == "adamw-8bit")
    if eight and _holds(v, a):
        return {"switch": "optimizer", "needed": True, "setup": fit_row(v)}
    if not eight and v.estimate.plan.offload == "none" and _holds(v, a):
        return {"switch": "optimizer", "needed": False, "setup": fit_row(v)}
    # the lever holds it, or it is seed 000's 8-bit minimum at the edge (7B on one 80 GB card)
    edge = any(w.code in ("needs_8bit_optimizer", "edge_8bit_optimizer") for w in a.sizing.warnings)
    lever = next((lv for lv in a.all_levers if lv.code == "eight_bit" and (lv.fits or edge)), None)
    if lever is None:
        return None
    return {"switch": "optimizer", "needed": True, "setup": fit_row(v), "lever_gb": lever.total_gb}


def _zero3(a: Advice, v: Fit) -> dict[str, Any] | None:
    """"8b qlora 两张3090 要开 zero3 吗": needed when the answer's setup holds the job only sharded at stage 3;
    not needed when it holds it unsharded. An adapter job that one card of the kind holds says so ("one"): the
    cards beside it train data-parallel (DDP) or run their own experiments."""
    if not _holds(v, a):
        return None
    if v.estimate.plan.zero == 3:
        return {"switch": "zero3", "needed": True, "setup": fit_row(v)}
    answer: dict[str, Any] = {"switch": "zero3", "needed": False, "setup": fit_row(v)}
    if a.sizing.resolved.adapter and v.estimate.plan.num_gpus > 1:
        one = size(a.sizing.request.model_copy(update={"gpu": v.gpu.id, "num_gpus": 1, "zero": None})).fit
        if one is not None and one.fits:
            answer |= {"one": fit_row(one), "tail": ".one.q" if a.sizing.request.method == "qlora" else ".one"}
    return answer
