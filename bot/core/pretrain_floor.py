"""Continued pretraining asked how many cards (or whether it needs InfiniBand across nodes): the sizing's note on
its floor leads (one 8-card node, 400G InfiniBand once it spans nodes), moved up from below the memory figures.

Why: the sizing alone answered "继续预训练 7B 需要几张卡？跨机要不要 IB" with the one card whose memory holds
the model states, which is true of memory and wrong for the question: a pretraining run lasts weeks, its limits
are data throughput and traffic between cards, and the reference (the continued-pretraining FAQ entry) starts it
at one 8-GPU node. The note that says so came seventh, under the figures, where a reader of the lead never saw
the answer to either half of the question.
"""

from __future__ import annotations

from bot.core.several import verdict_first
from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.parser import Parsed

NOTE = "method.pretrain.setup"  # bot.views.summary: the note on pretraining's card count


def floor_first(reply: Reply, parsed: Parsed, lang: str) -> Reply:
    """`reply` led by the 8-card floor when continued pretraining is asked its card count or the link between nodes."""
    across = parsed.cues.machines or bool(parsed.price.infiniband)  # "跨机要不要 IB", "multi-node": the parse's own readings
    if parsed.request.method != "pretrain" or parsed.follow_up or not (parsed.asks.count or across):
        return reply
    v = reply.data.get("v") if reply.kind == "sizing" else None
    if not isinstance(v, dict) or not any(n.get("code") == NOTE for n in v.get("notes", [])):
        return reply
    v["notes"] = [n for n in v["notes"] if n.get("code") != NOTE]
    return verdict_first(reply, Reply("error", lang, {"message": "🧭 " + t(NOTE, lang)}))
