"""The provider the conversation is about, for a question that names none.

Why: "show me CloudGPU prices" then "how fast does an instance come up?" asks about CloudGPU's
boot; "gpuli 有哪些卡" then "H100 之间有 nvlink 吗" about gpuli's H100s. The second message
stands on its own as a question, but the provider it is about was named one turn before. Only a
FAQ question that names no provider of its own reads it, so nothing else changes with context.
"""

from __future__ import annotations

from typing import Any

from bot.messages import Turn
from bot.understand.faq import provider_of

DEPTH = 3  # FAQ turns remember the turn before them; look that far back, no further


def provider_before(turn: Turn | None) -> str | None:
    """The provider the last answered question named (or its own subject was), if any."""
    data: Any = {"kind": turn.kind, "data": turn.data} if turn is not None else None
    for _ in range(DEPTH):
        if not isinstance(data, dict):
            return None
        kind, body = data.get("kind"), data.get("data") or {}
        if kind == "faq":
            found = provider_of(str(body.get("text", "")))
            if found is not None:
                return found
            data = body.get("prev")
            continue
        request = body.get("request") or body.get("setup_of") or {}
        named = (request.get("provider") if isinstance(request, dict) else None) or body.get("provider") or body.get("first")
        return str(named) if named else None
    return None
