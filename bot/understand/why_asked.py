"""A sizing asked why ("explain like I'm 5 why 7b full finetune needs an 80gb card", "为什么 7b 全参要 80G 的卡"):
the reason leads the figures. Full fine-tuning's memory is mostly model states, 16 bytes a parameter with
AdamW (10 with an 8-bit optimizer, seed 000), and that is the reason a reader asking why wants first."""

from __future__ import annotations

from bot.understand.lazy import lazy

WHY = lazy(r"\bwhy\b|\bexplain\b|\beli5\b|like\s+i'?\s*a?m\s+(?:5|five)\b|为什么|为啥|为何|咋就|怎么就|解释一下|讲讲为什么")


# a why about something else than the memory: speed, a loss, an error
OTHER_CAUSE = lazy(r"slow|fast|speed|throughput|\bnan\b|\bloss\b|error|crash|慢|快|速度|吞吐|报错|崩"
                   # or of a setting left out: "why not zero 2?", "why can't we use ZeRO-2", "为啥不用 offload"
                   r"|why\s+(?:not|can'?t|couldn'?t|won'?t)|为什么不|为啥不|zero|offload|8[\s-]?bit|ddp|fsdp")


def asks_why(norm: str) -> bool:
    """Whether the message asks the reason of the sizing it names (not of its speed or an error)."""
    return WHY.search(norm) is not None and OTHER_CAUSE.search(norm) is None


# "why not", "ok what instead", "为啥不用", "那用什么" right after a switch was answered: that answer asked again
WHY_NOT_OR_INSTEAD = lazy(r"^\s*(?:ok(?:ay)?|so|then|and|那|那么|好的?)?\s*(?:why\s+not|how\s+come|what\s+instead|(?:so\s+)?what\s+then"
                          r"|what\s+(?:should|do)\s+i\s+(?:use|do)(?:\s+(?:instead|then))?|use\s+what(?:\s+(?:then|instead))?|instead\??"
                          r"|为啥不用?|为什么不用?|为啥不要|为什么不要|为啥不需要|为什么不需要|用什么代替|用啥代替|那?用什么|那?用啥|换成什么|改用什么)"
                          r"\s*(?:instead|then|呢|啊|吗)?\s*$")


def asks_again_of_switch(norm: str) -> bool:
    """Whether a short message asks why not, or what instead, of the switch just answered."""
    return WHY_NOT_OR_INSTEAD.search(norm) is not None
