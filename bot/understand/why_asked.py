"""A sizing asked why ("explain like I'm 5 why 7b full finetune needs an 80gb card", "为什么 7b 全参要 80G 的卡"):
the reason leads the figures. Full fine-tuning's memory is mostly model states, 16 bytes a parameter with
AdamW (10 with an 8-bit optimizer, seed 000), and that is the reason a reader asking why wants first."""

from __future__ import annotations

from bot.understand.lazy import lazy

WHY = lazy(r"\bwhy\b|\bexplain\b|\beli5\b|like\s+i'?\s*a?m\s+(?:5|five)\b|为什么|为啥|为何|咋就|怎么就|解释一下|讲讲为什么")


# a why about something else than the memory: speed, a loss, an error
OTHER_CAUSE = lazy(r"slow|fast|speed|throughput|nan|loss|error|crash|慢|快|速度|吞吐|报错|崩")


def asks_why(norm: str) -> bool:
    """Whether the message asks the reason of the sizing it names (not of its speed or an error)."""
    return WHY.search(norm) is not None and OTHER_CAUSE.search(norm) is None
