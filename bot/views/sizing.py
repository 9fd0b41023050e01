"""Reply data built from engine results: plain dicts the templates render, same for every flavor.

Nothing here words a sentence; it selects and orders what the reply shows (the terms, the best
cards, the warnings that matter) so every front end shows the same figures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.text.names import short_gpu
from engine.fit import Fit
from engine.memory import TERM_KEYS
from engine.sizing import Sizing

if TYPE_CHECKING:
    from bot.messages import Reply


def fit_row(fit: Fit) -> dict[str, Any]:
    plan = fit.estimate.plan
    return {
        "gpu": fit.gpu.id,
        "name": fit.gpu.name,
        "memory_gb": fit.gpu.memory_gb,
        "num_gpus": plan.num_gpus,
        "zero": plan.zero,
        "offload": plan.offload,
        "sharding": fit.estimate.sharding,
        "total_gb": fit.estimate.range.expected_gb,  # a published caution's expected figure is the published one
        "low_gb": fit.estimate.range.low_gb,
        "high_gb": fit.high_gb,
        "headroom_gb": fit.headroom_gb,
        "fits": fit.fits,
        "may_fit": fit.may_fit,
        "decided_by": fit.decided_by,
        "tight": fit.tight,
        "host_gb": fit.estimate.host_gb,
        "terms": [term.gb for term in fit.estimate.terms],  # GB per card, TERM_KEYS order (the chart's bars)
    }


def sizing_view(s: Sizing, limit: int | None = 6) -> dict[str, Any]:
    """What a sizing reply shows; `limit` caps the recommendation list (None: every card)."""
    q = s.request
    est = s.estimate
    terms = []
    for term in est.terms:
        terms.append(
            {
                "key": term.key,
                "gb": term.gb,
                "items": [{"basis": i.basis, "gb": i.gb, "formula": i.formula} for i in term.items if i.gb != 0],  # a negative item corrects a sum to a peak
            }
        )
    assert [t["key"] for t in terms] == list(TERM_KEYS)
    fitting = [f for f in s.recommendations if f.fits]
    shown = fitting if limit is None else fitting[:limit]
    return {
        "model": s.resolved.spec.name,
        "model_id": s.resolved.spec.id,
        "params": s.resolved.params,
        "bare_size": any(a.code == "architecture_from" for a in s.assumptions),
        "method": q.method,
        "seq_len": q.seq_len,
        "micro_batch": q.micro_batch,
        "lora_rank": q.lora_rank,
        "lora_all": tuple(q.lora_targets or ()) == ("q", "k", "v", "o", "gate", "up", "down"),
        "lora_targets": ",".join(q.lora_targets or ()),
        "num_gpus": est.plan.num_gpus,
        "zero": est.plan.zero,
        "offload": est.plan.offload,
        "sharding": est.sharding,
        "gpu_name": s.fit.gpu.name if s.fit else None,
        "terms": terms,
        "total_gb": est.total_gb,
        "low_gb": est.range.low_gb,
        "high_gb": est.range.high_gb,
        "range_basis": est.range.basis,
        "model_states_gb": est.model_states_gb,
        "host_gb": est.host_gb,
        "fit": fit_row(s.fit) if s.fit else None,
        "alternative": fit_row(s.alternative) if s.alternative else None,
        "recommendations": [fit_row(f) for f in shown],
        "more_fitting": len(fitting) - len(shown),
        "none_fit": [short_gpu(f.gpu.name) for f in s.recommendations if not f.fits],
        "none_fit_count": q.num_gpus if s.resolved.num_gpus_stated else None,
        "warnings": [{"code": w.code, "params": w.params} for w in s.warnings],
        "assumptions": [{"code": a.code, "value": a.value} for a in s.assumptions],
        "framework": {"id": s.framework.id, "name": s.framework.name},
        "checkpoint": s.checkpoint.as_dict(),
        "adapter": s.resolved.adapter,
        "lineup": details_lineup(s, shown),
    }


CHART_BARS = 4  # a phone preview has room for four labelled bars


def details_lineup(s: Sizing, shown: list[Fit]) -> list[dict[str, Any]]:
    """The chart's bars, in the order the details text lists them: the named card, then the table."""
    first = [s.fit] if s.fit is not None else []
    rest = [f for f in shown if s.fit is None or (f.gpu.id, f.num_gpus) != (s.fit.gpu.id, s.fit.num_gpus)]
    return [fit_row(f) | {"role": "named" if f is s.fit else "fits"} for f in first + rest][:CHART_BARS]


def sizing_details_reply(s: Sizing, lang: str, explain: bool = True, limit: int | None = None) -> Reply:
    """The full sizing answer (term by term, every card that fits, warnings, assumptions and
    checkpoints): the chat's Details button and the output of `kasuan size`."""
    data = {"v": sizing_view(s, limit), "explain": explain, "max_warnings": 6}
    from bot.messages import Reply  # here: `size --json` takes fit_row from this module and builds no reply

    return Reply("sizing_details", lang, data, source=s)
