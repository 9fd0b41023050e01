"""Whether QLoRA is still needed on the card the message has ("we already have 48G cards — should we still do qlora
for an 8b?", "有 80G 的卡了 14b 还有必要上 qlora 吗"): the answer is whether bf16 LoRA of the same job fits that card,
leading the sizing (no need when it fits: LoRA is faster and a little better; QLoRA is for a card LoRA does not fit).

Why: the sizing answered the QLoRA asked ("✅ fits"), which reads as "yes, do QLoRA" to a question whose answer is
"no need". The figures are the engine's, for both methods on the same card (seed 000: QLoRA trades speed for memory;
engine.fit.QLORA_SLOW_PCT)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.core.several import verdict_first
from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.parser import Parsed
from engine.fit import QLORA_SLOW_PCT


def method_needed_first(reply: Reply, parsed: Parsed, size: Callable[[Parsed], Reply]) -> Reply:
    """`reply` (a QLoRA sizing) led by whether QLoRA is needed at all on its card, when the message asks so."""
    q = parsed.request
    if reply.kind != "sizing" or not parsed.cues.method_needed or q.method != "qlora":
        return reply
    lora = size(replace(parsed, request=q.model_copy(update={"method": "lora"})))
    v = lora.data.get("v") if lora.kind == "sizing" and isinstance(lora.data, dict) else None
    verdict: dict[str, Any] | None = v.get("verdict") if isinstance(v, dict) else None
    if not isinstance(verdict, dict):
        return reply
    low, high = QLORA_SLOW_PCT
    words = {"n": verdict["num_gpus"], "gpu": verdict["name"], "gb": f"{float(verdict['total_gb']):.1f}",
             "high": f"{float(verdict['high_gb']):.1f}", "mem": f"{float(verdict['memory_gb']):g}", "low": low, "slow": high}
    key = "method_needed.tight" if verdict.get("may_fit") else "method_needed.no" if verdict.get("fits") else "method_needed.yes"
    return verdict_first(reply, Reply("error", reply.lang, {"message": t(key, reply.lang, **words)}))
