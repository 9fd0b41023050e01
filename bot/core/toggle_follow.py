"""A setting switched with nothing named: "七b全参 一张 h100 不开八bit" then "那开了呢" / "and with it on?", "开
offload" then "关了呢" / "what if we turn it off". The job before had one setting declined (AdamW where the 8-bit
optimizer was refused, no offload, no checkpointing...) or given; the message turns that one on or off, and the
rest of the job stays. With no such setting, or two of them (which one is meant is not said), nothing changes."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.messages import Turn
from bot.understand.parser import Parsed

# each switchable setting of a job: its value off and its value on, as the request states them
SWITCHES: tuple[tuple[str, Any, Any], ...] = (
    ("optimizer", "adamw", "adamw-8bit"), ("offload", "none", "optimizer"), ("grad_checkpointing", False, True),
    ("checkpointing", "none", "full"), ("chunked_loss", False, True), ("packing", False, True),
    ("double_quant", False, True), ("activation_offload", False, True))


def toggled_back(parsed: Parsed, last: Turn | None) -> Parsed:
    """`parsed` with the one setting of the last job switched as `parsed.cues.toggled` says (a sizing or a
    cost asked again, the change stated so the follow-up merge keeps the rest); `parsed` as is otherwise."""
    way = parsed.cues.toggled
    if way is None or last is None or last.kind not in ("size", "cost") or parsed.request.stated():
        return parsed
    job: dict[str, Any] = last.data.get("request") or {}
    if way == "on":
        found = [(key, on) for key, off, on in SWITCHES if job.get(key) == off]
    else:
        found = [(key, off) for key, off, on in SWITCHES if key in job and job.get(key) != off]
    if len(found) != 1:
        return parsed
    key, value = found[0]
    request = parsed.request.model_copy(update={key: value})
    return replace(parsed, request=request, intent=last.kind, follow_up=True, missing=[], faq=[], faq_answers=[],
                   faq_confident=False)
