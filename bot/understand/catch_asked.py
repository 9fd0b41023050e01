"""Whether a message asks what a plan costs besides money: "what's the catch?", "any downside?", "有啥代价",
"缺点是什么", "会牺牲什么". Read once with the parse (`Asks.catch`).

Why here: "72b full ft on 8x H100 with offload, what's the catch?" was read as a FAQ question (a card's
caveats), and the plan's real catch, offload's 20–50% of throughput, came last in a sizing or not at all.
Asked of a job stated in full, the question is the job's: its sizing, led by what the plan costs in speed
(bot.core.catch_first)."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

CATCH = lazy(r"代价|缺点|坏处|弊端|副作用|牺牲|有啥问题|有什么问题|有啥影响|有什么影响|有啥坑|什么坑|啥坑|亏在哪"
             r"|\bcatch\b|\bdownsides?\b|\bdrawbacks?\b|\btrade[\s-]?offs?\b|\bcons\b|\bpitfalls?\b|\bgotchas?\b"
             r"|\bwhat\s+do\s+(?:i|we)\s+(?:lose|give\s+up|sacrifice)\b|\bpenalty\b"
             r"|\bcaveats?\b|注意事项|要注意(?:什么|啥)", re.IGNORECASE)


def catch_asked(norm: str) -> bool:
    """"what's the catch", "有啥代价", "any downside": the plan's cost in throughput asked."""
    return bool(CATCH.search(norm))
