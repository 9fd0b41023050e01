"""A setup said on its own, then the job: "老板问 8 卡 H100" / "we have 8 H100s", then "训 32b 全参" / "32b full ft".

Why: the setup came in a message with no job, so it got a FAQ answer (or none), and the job named next was
sized from scratch on the recommended card; the cards the team said it has were dropped. The job is sized on
the card and count stated in the message just before, when the job names no card or count of its own and that
message stated nothing else to size (no model or method of its own)."""

from __future__ import annotations

from dataclasses import replace

from bot.messages import Turn
from bot.understand.parser import Parsed, parse

JOB_CHARS = 40  # characters: a job said on its own ("训 32b 全参"), not a new question of many parts


def job_on_setup(parsed: Parsed, turn: Turn | None) -> Parsed:
    """`parsed` sized on the setup the last message stated ("8 卡 H100", then "32b 全参": 8×H100); unchanged
    when it names a card or count itself, asks no sizing or cost, or the last message stated no card with a count."""
    q = parsed.request
    if turn is None or turn.kind != "faq" or parsed.intent not in ("size", "cost") or q.gpu or q.num_gpus \
            or parsed.cards or not (q.model or q.params_b) or not q.method or parsed.cues.chars > JOB_CHARS:
        return parsed
    said = parse(str(turn.data.get("text") or ""))
    before = said.request
    if not before.gpu or not before.num_gpus or before.model or before.params_b or before.method or len(said.cards) > 1:
        return parsed
    return replace(parsed, request=q.model_copy(update={"gpu": before.gpu, "num_gpus": before.num_gpus}),
                   rental=replace(parsed.rental, gpu=parsed.rental.gpu or before.gpu, num_gpus=before.num_gpus))
