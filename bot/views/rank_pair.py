"""The answer to two LoRA ranks compared on one job ("rank 64 vs rank 8 for 7b lora", "rank 从 8 改成 64 显存差多少"):
the expected memory at each rank and the difference, with the adapter's trainable parameters at each.

Why its own reply: the rank changes only the adapter (its weights, gradients and optimizer states); the
frozen base and the activations are the same at both, so the figure asked is the difference and where it
comes from, not one more sizing at one of the ranks.
"""

from __future__ import annotations

from bot.messages import Reply, Turn
from engine.architecture import LORA_TARGETS, count_params, lora_params
from engine.request import TrainingRequest
from engine.sizing import size

SMALL_SHARE = 0.15  # a gap under this share of the smaller total is "small": the adapter is a sliver beside the base


def rank_pair_reply(req: TrainingRequest, ranks: tuple[int, ...], lang: str) -> Reply:
    """Each rank's expected total on one card (or per card on the count stated) and its adapter's size."""
    method = req.method if req.method in ("lora", "qlora") else "lora"
    # a count that is one of the ranks ("rank 8 改成 64") was the rank's number, not cards
    count = None if req.num_gpus in ranks else req.num_gpus
    rows = []
    for rank in ranks:
        s = size(req.model_copy(update={"lora_rank": rank, "method": method, "num_gpus": count}))
        targets = tuple(s.request.lora_targets or LORA_TARGETS)
        n = lora_params(s.resolved.spec, rank, targets)
        rows.append({"rank": rank, "total_gb": s.estimate.total_gb, "adapter_m": n / 1e6,
                     "share": 100 * n / count_params(s.resolved.spec).total})
    s0 = size(req.model_copy(update={"lora_rank": ranks[0], "method": method, "num_gpus": count}))
    reply = Reply("rank_pair", lang, {
        "model": s0.resolved.spec.name if req.model else f"{req.params_b:g}B", "method": method, "rows": rows,
        "diff": (diff := abs(rows[1]["total_gb"] - rows[0]["total_gb"])), "n": s0.estimate.plan.num_gpus,
        "small": diff < SMALL_SHARE * min(r["total_gb"] for r in rows),
        "seq": s0.request.seq_len, "batch": s0.request.micro_batch,
    })
    reply.turn = Turn("size", {"request": req.model_copy(update={"lora_rank": ranks[-1], "method": method, "num_gpus": count}).stated()})
    return reply
