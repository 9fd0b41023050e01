"""The minimum full fine-tuning setups seed 000 gives ("最小可行配置"), so a reply can agree with
the seed or say why it differs and by how much.

The seed sizes these on the model states alone (16 B per parameter with AdamW, 10 B with an 8-bit
optimizer, sharded by ZeRO-3, master weights and moments on the host with offload) and says the
activations come on top ("激活值另算，再留 15%–30%"). Our estimate adds the activations, the loss
over the vocabulary and the allocator's overhead, so at the seed's own setup it can land over the
card; the note names the states figure the seed used and what the rest adds.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.breakdown import Plan
from engine.fit import Fit, Warning
from engine.resolve import Resolved


@dataclass(frozen=True)
class SeedMinimum:
    low_b: float  # the size class, in billions of parameters
    high_b: float
    optimizer: str
    plan: Plan
    min_card_gb: float  # the seed's card (80 GB class, or 141 GB for H200)


SEED_000_MINIMUMS = (
    SeedMinimum(6.0, 9.0, "adamw-8bit", Plan(1, 0), 80),  # 7B / 8B: 1 × A100 / H100 80GB with an 8-bit optimizer
    SeedMinimum(13.0, 15.5, "adamw", Plan(4, 3), 80),  # 14B: 4 × A100 SXM, ZeRO-3
    SeedMinimum(30.0, 34.0, "adamw", Plan(8, 3), 80),  # 32B: 8 × A100 SXM, ZeRO-3
    SeedMinimum(65.0, 75.0, "adamw", Plan(8, 3, "optimizer"), 80),  # 72B: 8 × H100 SXM + optimizer offload
    SeedMinimum(65.0, 75.0, "adamw-8bit", Plan(8, 3), 141),  # 72B: 8 × H200 + 8-bit optimizer
)


def seed_minimum_note(r: Resolved, fit: Fit | None) -> Warning | None:
    """At a setup seed 000 gives as the minimum, when our high end does not fit the card: the
    seed's basis (model states per card) and what activations, loss and overhead add."""
    if fit is None or fit.fits or r.adapter:
        return None
    est = fit.estimate
    b = r.params / 1e9
    for row in SEED_000_MINIMUMS:
        if (row.low_b <= b <= row.high_b and r.request.optimizer == row.optimizer and est.plan == row.plan
                and fit.gpu.memory_gb >= row.min_card_gb):
            return Warning("seed_minimum", 1, {
                "states_gb": est.model_states_gb, "extra_gb": est.total_gb - est.model_states_gb,
                "total_gb": est.total_gb, "high_gb": est.range.high_gb, "card_gb": fit.gpu.memory_gb})
    return None
