"""The answer to several ZeRO stages asked side by side on one job ("32b 8卡 zero-1 zero-2 zero-3 每卡各多少显存",
"zero2 vs zero3 for 70b full on 8 gpus, memory per gpu?"): each stage's model states per card (weights, gradients,
optimizer states) and the whole per-card figure, from the engine, one line per stage.

Why its own reply: the message named three stages and the sizing took the first one, so the per-card figures the
stages were named for never came. With no method stated the stages are compared for full fine-tuning: that is
what ZeRO shards (a LoRA's states are a sliver of the base, the same at every stage), and the reply says so.
"""

from __future__ import annotations

from bot.messages import Reply, Turn
from bot.text.names import short_gpu
from bot.views.summary import states_nominal
from engine.request import TrainingRequest
from engine.sizing import size

DEFAULT_CARDS = 8  # no count stated: a node of eight, as the seeds' sharding tables count


def zero_stages_reply(req: TrainingRequest, stages: tuple[int, ...], lang: str) -> Reply:
    """One row per stage: model states per card (on the size in the name, as the seeds count), the expected
    per-card total with activations, and whether the named card holds it."""
    n = req.num_gpus or DEFAULT_CARDS
    method = req.method or "full"
    rows = []
    for stage in stages:
        s = size(req.model_copy(update={"zero": stage, "num_gpus": n, "method": method}))
        nominal = states_nominal(s)
        rows.append({"zero": stage, "states_gb": nominal["gb"] if nominal else s.estimate.model_states_gb,
                     "total_gb": s.estimate.total_gb,
                     "fit": None if s.fit is None else "fits" if s.fit.fits else "tight" if s.fit.may_fit else "no_fit"})
    s0 = size(req.model_copy(update={"zero": stages[0], "num_gpus": n, "method": method}))
    reply = Reply("zero_stages", lang, {
        "model": s0.resolved.spec.name if req.model else f"{req.params_b:g}B",
        "method": method, "method_assumed": req.method is None, "n": n, "rows": rows,
        "gpu": short_gpu(s0.resolved.gpu.name) if s0.resolved.gpu else None,
        "adamw": s0.request.optimizer == "adamw" and method == "full",
        "seq": s0.request.seq_len, "batch": s0.request.micro_batch,
    })
    reply.turn = Turn("size", {"request": req.model_copy(update={"num_gpus": n, "method": method, "zero": stages[-1]}).stated()})
    return reply
