"""ZeRO-3 asked whether it is needed on one card ("13b 用 a100 40g 跑 lora 需要 zero3 吗", "do I need zero3 for 7b
lora on one 4090?"): no leads, then the job sized as it should run.

Why here: the sizing took the setting as asked and never said whether it was needed. ZeRO-3 shards the
training state across cards, so on one card there is nothing to shard: no, and the job sized without it.
(Whether offload is needed is answered by the sizing's own switch answer.)"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.core.same_as_full import same_as_full_first
from bot.core.several import verdict_first
from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.parser import Parsed


def need_first(reply: Reply, parsed: Parsed, size: Callable[[Parsed], Reply]) -> Reply:
    """`reply` (a sizing of one card) led by "no" to whether ZeRO-3 is needed, sized without it; `reply`
    unchanged for any other question."""
    reply = same_as_full_first(reply, parsed)  # "继续预训练 7b 要多少显存 跟全参一样吗": yes leads
    need, q = parsed.asks.need, parsed.request
    view = reply.data.get("v") if isinstance(reply.data, dict) else None
    if need is None or reply.kind != "sizing" or parsed.parts or not isinstance(view, dict):
        return reply
    if need != "zero" or (q.num_gpus or view.get("num_gpus") or 1) > 1 or not q.zero:
        return reply  # several cards: whether to shard depends on the plan, which the sizing states
    sized = size(replace(parsed, asks=replace(parsed.asks, need=None),
                         request=q.model_copy(update={"zero": None, "num_gpus": q.num_gpus or 1})))
    if sized.kind != "sizing":
        return reply
    return verdict_first(sized, Reply("error", reply.lang, {"message": t("plan.need_zero_one_card", reply.lang)}))
