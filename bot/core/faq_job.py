"""A model sent after a question the FAQ answered for a size of its own ("qlora 要多少显存", answered for
70B): the model completes that question, sized with what it asked (QLoRA), not the LoRA default.

Why: "qlora 要多少显存" then "qwen3 8b" was sized as Qwen3-8B LoRA (23.4 GB on an RTX A6000) while the
question was the QLoRA one (12.3 GB, a 4090 or a 3090): the method lived only in the FAQ turn's words.
"""

from __future__ import annotations

from dataclasses import replace

from bot.understand.parser import Parsed, parse
from engine.request import TrainingRequest

SHORT = 30  # characters: "qwen3 8b", "那 14b 呢", "llama 3.1 8b then" — a model supplied, not a question of its own


def job_of_question(parsed: Parsed, asked: str | None) -> Parsed:
    """`parsed` with the job fields of the FAQ question `asked` (method, card, length, optimizer) under
    what it states itself, when it names only a model and that question named no model; else as it is."""
    q = parsed.request
    if asked is None or parsed.intent not in ("size", "cost") or not (q.model or q.params_b) \
            or not (parsed.asks.names_only or parsed.follow_up) or parsed.cues.chars > SHORT:
        return parsed
    before = parse(asked).request
    job = {k: v for k, v in before.stated().items() if k not in ("model", "params_b")}
    if not job or before.model or before.params_b:
        return parsed
    merged = TrainingRequest.model_validate({**job, **q.stated()})
    return replace(parsed, request=merged, missing=[], follow_up=True)
