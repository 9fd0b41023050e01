"""What one memory lever saves on the job named: "8bit 优化器对 7b 全参能省多少显存", "how much does gradient
checkpointing save on an 8b lora", "offload 对 14b 全参能省多少", "how much does zero3 save for 14b full on 4 gpus".

Why: the lever's FAQ entry gives its rule of thumb for one model (seed 000: the 8-bit optimizer takes a 7B full
fine-tune from 16 to 10 bytes a parameter, 112 GB to 70 GB), and a sizing with the lever on gives one figure
with nothing to set it against; the question is the difference on this job. So the job is sized twice by the
engine, the lever off and on at the same plan, and the reply leads with what moved: the model states (bytes
per parameter, their total) for the levers that shrink or shard them, the activations for checkpointing, the
host memory that offload fills; then the whole per-card figure before and after.
"""

from __future__ import annotations

from typing import Any

from engine.memory import MemoryEstimate
from engine.request import TrainingRequest
from engine.sizing import Sizing, size

STATES = ("weights", "gradients", "master_weights", "optimizer_states")
DEFAULT_SHARDS = 4  # a ZeRO stage asked of no card count: sized over 4 cards, and said so


def _gb(est: MemoryEstimate, keys: tuple[str, ...]) -> float | int:
    """The GB of the terms `keys`, whole when it is a whole number (112, not 112.0: the seeds' own figures)."""
    gb = round(sum(t.gb for t in est.terms if t.key in keys), 1)
    return int(gb) if gb == int(gb) else gb


def _ways(req: TrainingRequest, lever: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The request's changes with the lever off and on: the same job, one setting apart."""
    if lever == "eight_bit":
        return {"optimizer": "adamw"}, {"optimizer": "adamw-8bit"}
    if lever == "checkpointing":
        return {"grad_checkpointing": False}, {"grad_checkpointing": True}
    if lever == "offload":
        return {"offload": "none"}, {"offload": "optimizer"}
    cards = req.num_gpus if req.num_gpus and req.num_gpus > 1 else DEFAULT_SHARDS
    return {"zero": 0, "num_gpus": cards}, {"zero": req.zero or 3, "num_gpus": cards}


def lever_on(req: TrainingRequest, lever: str) -> TrainingRequest:
    """The job the saving was asked of with the lever on, the card count as the user said it: what a follow-up ("so
    does that fit on a single H100?", "那单卡 h100 放得下吗") asks about."""
    on_change = _ways(req, lever)[1]
    if lever == "zero":
        on_change = {"zero": on_change["zero"]}  # the 4 cards it was sized over were assumed, not said
    return req.model_copy(update={**on_change, **({"method": "full"} if req.method is None and lever != "checkpointing" else {})})


def lever_saving(req: TrainingRequest, lever: str) -> dict[str, Any]:
    """The reply data for `lever`'s saving on `req` (the job as stated, the lever's own setting replaced):
    the job's name, the card count, the model states, activations and host memory off and on, and the
    per-card totals. Raises a KasuanError when the job cannot be sized."""
    off_change, on_change = _ways(req, lever)
    if lever in ("eight_bit", "offload", "zero") and req.method is None:
        # these act on the optimizer's states, which only a full fine-tune carries in bulk: the job they are asked of
        off_change, on_change = {**off_change, "method": "full"}, {**on_change, "method": "full"}
    carded = {"gpu": None} if lever == "zero" else {}  # the count is the lever's: no card's fit is asked
    off: Sizing = size(req.model_copy(update={**off_change, **carded}))
    on: Sizing = size(req.model_copy(update={**on_change, **carded}))
    a, b = off.estimate, on.estimate
    params_b = off.resolved.params / 1e9
    return {
        "lever": lever, "stage": on.request.zero, "cards": b.plan.num_gpus, "cards_assumed": lever == "zero" and not (req.num_gpus or 0) > 1, "method": on.request.method or "lora",
        "model": f"{req.params_b:g}B" if req.model is None and req.params_b else on.resolved.spec.name,
        "states_off": _gb(a, STATES), "states_on": _gb(b, STATES),
        "bpp_off": round(_gb(a, STATES) / params_b), "bpp_on": round(_gb(b, STATES) / params_b),
        "act_off": _gb(a, ("activations",)), "act_on": _gb(b, ("activations",)),
        "host_gb": round(b.host_gb), "total_off": round(a.total_gb, 1), "total_on": round(b.total_gb, 1),
        "saved": round(a.total_gb - b.total_gb, 1), "seq": on.request.seq_len, "mb": on.request.micro_batch,
    }
