"""The lead of the offload entry when ZeRO-3 and offload are weighed for a job named ("zero-3 和 offload 哪个先试 32b full
8 卡"): ZeRO-3 first, with the job's per-card states under it (16 bytes a parameter ÷ the cards, seed 000's sharding
table) against an 80 GB card; offload only where that does not fit, at its 20–50% throughput cost."""

from __future__ import annotations

from bot.text.i18n import t
from bot.understand.faq import Hit
from engine.request import TrainingRequest

ENTRY = "optimizer-offload"
STATE_BYTES = 16  # bf16 weights and gradients, fp32 master weights, Adam's two moments: all sharded by ZeRO-3
CARD_GB = 80  # the largest common card of the seeds' multi-GPU servers (H100, A100 80G)


def offload_lead(hit: Hit, req: TrainingRequest, lang: str) -> str | None:
    """ZeRO-3 first or offload needed, for the full fine-tune of `req` on its cards; None without a size and a count."""
    if hit.entry.id != ENTRY or req.zero != 3 or not req.offload or not req.params_b or not req.num_gpus \
            or req.method not in (None, "full"):
        return None
    per_card = req.params_b * STATE_BYTES / req.num_gpus
    key = "faq.zero3_first" if per_card <= CARD_GB else "faq.offload_needed"
    return t(key, lang, size=f"{req.params_b:g}", n=req.num_gpus, per=f"{per_card:,.0f}", card=CARD_GB)
