"""Seed 003's own LoRA figure for the job's size (一万网络's article: 7B 18–22 GB, 13B 26–30 GB, 70B's
weights 140 GB), for the reference-table line beside seeds 000 and 002.

Why a view of its own: the article counts the 16-bit weights plus a little activation memory, and names
the setup it says holds the job (13B on one A100 40G). Where our expected figure is outside its band the
reader holding the article needs how far apart we are, where the difference sits (our figure's own parts),
and what that means for the setup it names, all in the one line."""

from __future__ import annotations

from typing import Any

from bot.text.names import gpu_name, short_gpu
from engine.catalog import gpus
from engine.fit import Fit
from engine.memory import Plan
from engine.providers import provider as find_provider
from engine.seed_adapter_rows import ARTICLE_FULL_BYTES, ArticleFigure, article_full
from engine.sizing import Sizing


def article_view(s: Sizing, a: ArticleFigure | None) -> dict[str, Any] | None:
    """The article's figure for the job, the gap to our expected figure with our parts, and its setup checked."""
    if a is None:
        return None
    est = s.estimate
    parts = est.per_gpu()
    low, high = a.band
    gap = est.total_gb - high if est.total_gb > high else low - est.total_gb if est.total_gb < low else 0.0
    gpu = gpus().get(a.gpu)
    at = Fit(gpu, s.memo.estimate(s.resolved, Plan(a.num_gpus, 3 if a.num_gpus > 1 else 0)))
    card = "fits" if at.fits else "tight" if at.may_fit else "over"
    return {"who": find_provider("yiwan").name, "size": a.size_b, "low": low, "high": high,
            "weights_only": a.weights_only, "setup": f"{a.num_gpus}×{short_gpu(gpu_name(a.gpu))}",
            "why": "agree" if gap == 0 else "over" if est.total_gb > high else "under", "gap": gap,
            "mid": est.total_gb, "weights": parts.get("weights", 0.0), "acts": parts.get("activations", 0.0),
            "logits": parts.get("logits", 0.0), "overhead": parts.get("overhead", 0.0),
            "seq": s.request.seq_len, "card": card, "card_mid": at.estimate.total_gb, "card_high": at.high_gb,
            "mem": gpu.memory_gb}


def article_full_view(s: Sizing, bytes_per_param: float) -> dict[str, Any] | None:
    """Seed 003's full fine-tuning figure (16 bytes × its size: 7B ≈ 112 GB, 13B ≈ 208 GB, 70B ≈ 1120 GB)
    beside our model states, and for 7B its in-practice band beside our single-card total."""
    found = article_full(s, bytes_per_param)
    if found is None:
        return None
    size, band = found
    gb = ARTICLE_FULL_BYTES * size
    states = bytes_per_param * s.resolved.params / 1e9
    total = s.estimate.total_gb
    gap = 0.0 if band is None or band[0] <= total <= band[1] else total - band[1] if total > band[1] else total - band[0]
    return {"who": find_provider("yiwan").name, "size": size, "gb": gb, "states_gap": states - gb,
            "band": band, "total": total, "gap": gap, "extra": total - states, "seq": s.request.seq_len}
