"""The CLI's JSON contract (`kasuan size --json`): other tools script against these keys.

Keys are documented in the README; a test pins them. Numbers are GB = 10^9 bytes, rounded to
the megabyte so the output is stable.
"""

from __future__ import annotations

from typing import Any

from bot.cli.contract import SizingJson, checked
from bot.views.sizing import fit_row
from engine.fit import Fit
from engine.sizing import Sizing

REQUEST_KEYS = (
    "model", "params_b", "method", "gpu", "num_gpus", "seq_len", "micro_batch", "grad_accum", "zero",
    "offload", "optimizer", "grad_checkpointing", "attention", "lora_rank", "lora_targets",
)
# The rest of the training setup (issue 15), kept out of `request` so its key set stays as scripts know it.
TRAINING_KEYS = (
    "framework", "precision", "double_quant", "train_embeddings", "activation_offload", "lora_dropout", "packing",
    "chunked_loss", "loss", "sharding", "checkpointing", "checkpoint_fraction", "lengths",
)


def _r(x: float) -> float:
    return round(x, 3)


def fit_json(fit: Fit) -> dict[str, Any]:
    row = fit_row(fit)
    row.pop("name")
    row.pop("terms")  # the chart's per-term bars; the contract lists terms once, for the estimate
    return {k: _r(v) if isinstance(v, float) else v for k, v in row.items()}


def sizing_json(s: Sizing) -> dict[str, Any]:
    """The sizing as the JSON contract (bot.cli.contract.SizingJson) has it."""
    return checked(_sizing(s), SizingJson)


def _sizing(s: Sizing) -> dict[str, Any]:
    q = s.request
    plan = s.estimate.plan
    request = {k: getattr(q, k) for k in REQUEST_KEYS}
    request.update(num_gpus=plan.num_gpus, zero=plan.zero, offload=plan.offload)
    request["lora_targets"] = list(q.lora_targets or ()) if s.resolved.adapter else None
    request["lora_rank"] = q.lora_rank if s.resolved.adapter else None
    est = s.estimate
    return {
        "request": request,
        "training": {k: getattr(q, k) for k in TRAINING_KEYS},
        "assumptions": [{"code": a.code, "value": a.value} for a in s.assumptions],
        "memory": {
            "range": {"low_gb": _r(est.range.low_gb), "expected_gb": _r(est.range.expected_gb),
                      "high_gb": _r(est.range.high_gb), "basis": est.range.basis, "confident": est.range.confident},
            "per_gpu": {k: _r(v) for k, v in est.per_gpu().items()},
            "host": {"total_gb": _r(est.host_gb), "items": [i.__dict__ for i in est.host_items]},
            "num_gpus": plan.num_gpus,
            "model_states_gb": _r(est.model_states_gb),
            "figures": {k: _r(v) for k, v in est.figures().items()},
            "explain": {t.key: [{"basis": i.basis, "gb": _r(i.gb), "formula": i.formula} for i in t.items] for t in est.terms},
        },
        "fits": fit_json(s.fit) if s.fit else None,
        "alternative": fit_json(s.alternative) if s.alternative else None,
        "recommendations": [fit_json(f) for f in s.recommendations],
        "warnings": [{"code": w.code, "params": w.params} for w in s.warnings],
        "checkpoint": s.checkpoint.as_dict(),
        "framework": {"id": s.framework.id, "name": s.framework.name, "source": s.framework.source},
    }
