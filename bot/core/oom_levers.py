"""The memory levers leading a sizing when the message reports an out-of-memory and asks what to do
("14b qlora 在 3090 上 seq 4096 爆显存了 怎么办", "7b lora keeps OOMing on a 4090, what should we do?").

Why: the user already ran the setup and saw it fail, so the verdict on it ("tight, may OOM") is no news;
what to change is the answer. The levers are the sizing's own (each with the GB per card it leaves), then
the ones that always help at no memory cost to the job's result: micro-batch 1 with gradient accumulation,
and gradient checkpointing when it is not on. The sizing follows, unchanged."""

from __future__ import annotations

from typing import Any

from bot.core.several import verdict_first
from bot.messages import Reply
from bot.text.figures import fmt_gb
from bot.text.i18n import t
from bot.understand.parser import Parsed

MOST = 4  # levers said in the lead: the first few, in the order they save the most for the least


def _said(lever: dict[str, Any], seq: int | None, lang: str) -> str:
    gb = fmt_gb(float(lever.get("gb") or 0))
    if lever.get("code") == "shorter_seq" and seq:
        return t("oom.shorter_seq", lang, old=seq, value=lever.get("value"), gb=gb)
    return t("lever." + str(lever.get("code")), lang, value=lever.get("value"), gb=gb)


def oom_levers(parsed: Parsed, view: dict[str, Any], lang: str) -> list[str]:
    """The levers to try against the OOM, in order: the one change the sizing found, its other levers, then
    a smaller micro-batch and gradient checkpointing where the job does not have them yet."""
    q = parsed.request
    found = [view["lever_fix"]] if isinstance(view.get("lever_fix"), dict) else []
    found += [lv for lv in view.get("levers") or [] if isinstance(lv, dict)]
    seen: set[str] = set()
    out = []
    for lever in found:
        if lever.get("code") not in seen:
            seen.add(str(lever.get("code")))
            out.append(_said(lever, q.seq_len, lang))
    if (q.micro_batch or 1) > 1:
        out.append(t("oom.micro_batch", lang, n=q.micro_batch))
    if q.grad_checkpointing is False and "checkpointing" not in seen:
        out.append(t("oom.checkpointing_off", lang))
    elif q.grad_checkpointing is None and "checkpointing" not in seen:
        out.append(t("oom.checkpointing_check", lang))
    return out[:MOST]


def levers_first(reply: Reply, parsed: Parsed) -> Reply:
    """`reply` (a sizing of one setup) led by what to change, when the message reports it ran out of memory."""
    view = reply.data.get("v") if isinstance(reply.data, dict) else None
    if reply.kind != "sizing" or not parsed.cues.oom_hit or not isinstance(view, dict):
        return reply
    levers = oom_levers(parsed, view, reply.lang)
    if not levers:
        return reply
    lead = Reply("error", reply.lang, {"message": t("oom.lead", reply.lang, levers=t("list.sep", reply.lang).join(levers))})
    return verdict_first(reply, lead)
