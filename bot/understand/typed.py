"""Typed options (Discord's slash-command fields) as a reading of the message, inside the core.

Why here: the options arrive on the Incoming like the text does, and the core reads them in the one
entry every front end uses; an adapter never parses. The free-text option is read once and every
typed field is set on top of it (a typed field wins over the same field in the text).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.understand.parser import Parsed, parse
from engine.request import TrainingRequest

TYPED_FIELDS = {"model": "model", "method": "method", "gpu": "gpu", "gpus": "num_gpus", "seq_len": "seq_len",
                "provider": "provider"}


def typed_request(typed: dict[str, Any]) -> Parsed:
    """{"command": "size", "text": "...", "model": ..., "gpus": ...} -> the Parsed the command asks."""
    parsed = parse(str(typed.get("text") or ""))
    update = {field: typed[key] for key, field in TYPED_FIELDS.items() if typed.get(key) is not None}
    request = TrainingRequest.model_validate({**parsed.request.model_dump(), **update})
    missing = [] if request.model or request.params_b else ["model"]
    return replace(parsed, intent=str(typed["command"]), request=request, missing=missing)
