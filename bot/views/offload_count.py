"""A card count that holds a full fine-tune only with ZeRO-3 and offload ("how many 4090s for a 14B full
fine-tune": eight, offloading): the seed's own minimum for the size class named beside it.

Why: the count alone read as a plan to rent, when offload on consumer cards costs 20-50% of the
throughput and seed 000 sizes this class on 80 GB cards without offload; the reply says the count is
impractical and which setup the seed gives instead (engine.seed_minimums holds its rows).
"""

from __future__ import annotations

from typing import Any

from engine.catalog import gpus
from engine.planning import CardsNeeded
from engine.seed_minimums import SEED_000_MINIMUMS


def seed_instead(found: CardsNeeded) -> dict[str, Any] | None:
    """The seed's minimum setup without offload for this job's size class, when the count found needs
    offload for a full fine-tune on a smaller card than the seed's; None otherwise."""
    r = found.sizing.resolved
    plan = found.fit.estimate.plan
    if r.adapter or r.request.method != "full" or plan.offload == "none":
        return None
    b = r.params / 1e9
    rows = [row for row in SEED_000_MINIMUMS if row.low_b <= b <= row.high_b]
    if any(row.plan.offload != "none" and found.gpu.memory_gb >= row.min_card_gb for row in rows):
        return None  # the seed offloads on this card too (72B: 8 × H100 with optimizer offload)
    for row in rows:
        if row.plan.offload == "none" and found.gpu.memory_gb < row.min_card_gb:
            return {"n": row.plan.num_gpus, "gpu": gpus().get(row.gpu).name, "zero": row.plan.zero,
                    "eight_bit": row.optimizer == "adamw-8bit", "mem": row.min_card_gb}
    return None
