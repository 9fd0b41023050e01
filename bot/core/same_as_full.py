"""Continued pretraining asked whether it needs the same memory as full fine-tuning ("继续预训练 7b 要多少显存 跟全参
一样吗", "does pretraining a 14b need as much memory as a full finetune?"): yes leads, with the sizing's own model
states and total (seed 000: the memory bill is full fine-tuning's, ~16 bytes a parameter; what differs is the time
scale, weeks to months, bound by data throughput and the interconnect). The sizing follows as it stands."""

from __future__ import annotations

from bot.core.several import verdict_first
from bot.messages import Reply
from bot.text.figures import fmt_gb
from bot.text.i18n import t
from bot.understand.parser import Parsed


def same_as_full_first(reply: Reply, parsed: Parsed) -> Reply:
    """`reply` (a continued-pretraining sizing) led by the answer to whether it is full fine-tuning's memory; unchanged
    for any other reply or question."""
    view = reply.data.get("v") if isinstance(reply.data, dict) else None
    if not parsed.cues.same_as_full or reply.kind != "sizing" or parsed.parts or not isinstance(view, dict):
        return reply
    if view.get("method") != "pretrain" or not view.get("states_bpp") or not view.get("states_total_gb"):
        return reply
    line = t("plan.pretrain_same_as_full", reply.lang, bpp=fmt_gb(float(view["states_bpp"])),
             states=fmt_gb(float(view["states_total_gb"])), low=fmt_gb(float(view["low_gb"])),
             high=fmt_gb(float(view["high_gb"])))
    return verdict_first(reply, Reply("error", reply.lang, {"message": line}))
