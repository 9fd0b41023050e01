"""A memory figure asked to be got under, of a sizing ("what's 7B full fine-tune memory?" then "and with gradient
checkpointing on, does it drop below 80 GB?", "开梯度检查点能降到 80G 以下吗"): yes or no leads, from the sizing's own
estimate on one card (seed 000: 7B full with AdamW is 112 GB of model states alone, so no), the sizing after it.

Why: the sizing alone answered with the job's figures and left the question asked (below 80 GB?) unanswered."""

from __future__ import annotations

from bot.core.several import verdict_first
from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.parser import Parsed


def _gb(value: float) -> str:
    """116.2 -> "116", 61.8 -> "61.8": as the sizing's own lines show it."""
    return f"{value:,.0f}" if value >= 100 else f"{value:,.1f}".rstrip("0").rstrip(".")


def under_lead(reply: Reply, parsed: Parsed, lang: str) -> Reply:
    """`reply` led by whether its one-card estimate is under the memory asked; `reply` as is when no figure is
    asked to be got under, or the sizing has no one-card estimate."""
    limit = parsed.cues.under_gb
    estimate = reply.turn.data.get("estimate") if limit and reply.turn is not None and reply.turn.kind == "size" else None
    if limit is None or not isinstance(estimate, dict) or estimate.get("cards") != 1 or not estimate.get("total"):
        return reply
    low, mid, high = float(estimate["low"]), float(estimate["total"]), float(estimate["high"])
    key = "under.yes" if high <= limit else "under.no" if low > limit else "under.edge"
    line = t(key, lang, low=_gb(low), mid=_gb(mid), high=_gb(high), limit=_gb(limit))
    return verdict_first(reply, Reply("error", lang, {"message": line}))
