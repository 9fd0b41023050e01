"""A LoRA / QLoRA card count that differs from what the seeds' table implies ("70b lora 要几张 A100 80G": the
table's 155-175 GB makes two 80 GB cards, our count is four): the table's count, our figure at it, and by
how much it misses, said right under our count.

Why: seed 000 gives the adapter classes a total in GB (engine.seed_adapter_rows), and seed 003 names two
A100 80G for 70B LoRA; a reply that only says "4 cards" reads as contradicting them. The reason is the
part the table's total leaves to chance: activations, the loss over the vocabulary and the allocator.
"""

from __future__ import annotations

from math import ceil
from typing import Any

from engine.planning import CardsNeeded
from engine.providers import providers
from engine.seed_adapter_rows import SEED_ROWS, seed_figures
from engine.sizing import size


def adapter_seed_count(found: CardsNeeded) -> dict[str, Any] | None:
    """The seed table's count for this adapter job on the card asked, with our per-card figure there, when
    it is fewer than the count found; None when the job is no adapter, the table has no row, or they agree."""
    s = found.sizing
    r = s.resolved
    if not r.adapter:
        return None
    b = r.params / 1e9
    row = next((x for x in SEED_ROWS if x.method == r.method and x.low_b <= b <= x.high_b and x.gpuli), None)
    if row is None or row.gpuli is None:
        return None
    mem = found.gpu.memory_gb
    seed_n = max(1, ceil(row.gpuli[0] / mem))
    if seed_n >= found.fit.estimate.plan.num_gpus:
        return None
    at = size(s.request.model_copy(update={"gpu": found.gpu.id, "num_gpus": seed_n})).fit
    if at is None or at.fits:
        return None
    return {"low": row.gpuli[0], "high": row.gpuli[1], "n": seed_n, "gb": at.estimate.total_gb,
            "over": at.estimate.total_gb - mem, "high_gb": at.high_gb}


def seed_tables(s: Any) -> list[tuple[str, tuple[float, float]]]:
    """Each seed's band for the job's class, by its provider (seed 000 gpuli's, seed 002 CloudGPU's); [] if none."""
    row = seed_figures(s)
    if row is None:
        return []
    found = [(providers().find(who), band) for who, band in (("gpuli", row.gpuli), ("cloudgpu", row.cloudgpu))]
    return [(p.name, band) for p, band in found if p is not None and band is not None]
