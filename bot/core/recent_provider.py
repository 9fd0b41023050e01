"""The provider the conversation is about, for a question that names none.

Why: "show me CloudGPU prices" then "how fast does an instance come up?" asks about CloudGPU's
boot; "gpuli 有哪些卡" then "H100 之间有 nvlink 吗" about gpuli's H100s. The second message
stands on its own as a question, but the provider it is about was named one turn before. Only a
FAQ question that names no provider of its own reads it, so nothing else changes with context.
"""

from __future__ import annotations

from typing import Any

from bot.messages import Turn
from bot.understand.entities import find_gpus
from bot.understand.faq import provider_of
from bot.understand.normalize import normalize
from engine.price_list import setup_prices

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


def renting(turn: Turn | None) -> list[str]:
    """The providers that rent the setup the last answer priced, in its order ("8卡 h100 包月": gpuli and
    一万网络, not CloudGPU, which rents no H100): a FAQ question after it naming no provider ("能开
    infiniband 吗") is about those, never an entry about a provider that does not rent it."""
    if turn is None or turn.kind != "price" or not turn.data.get("gpu"):
        return []
    gpu, count = turn.data["gpu"], turn.data.get("num_gpus")
    return [r.provider.id for r in setup_prices(gpu, int(count) if count else None, None).offered]


def card_before(turn: Turn | None) -> str | None:
    """The one card the last answer was about ("gpuli 4090 weekly price", a sizing on an H100, a FAQ
    question naming a card), looking under FAQ answers as `provider_before` does; None when it named
    none or several."""
    setup = setup_before(turn)
    return setup[0] if setup is not None else None


def setup_before(turn: Turn | None) -> tuple[str, int | None] | None:
    """`card_before` with the count the last answer gave it ("32b 全参 gpuli 8卡h100 包月多少": H100 SXM, 8), when it
    gave one (a FAQ question naming a card gives none)."""
    data: Any = {"kind": turn.kind, "data": turn.data} if turn is not None else None
    for _ in range(DEPTH):
        if not isinstance(data, dict):
            return None
        kind, body = data.get("kind"), data.get("data") or {}
        if kind in ("faq", "about", "wallet"):
            named = {g.ident for g in find_gpus(normalize(str(body.get("text") or "")))}
            if len(named) == 1:
                return named.pop(), None
            if named:
                return None
            data = body.get("prev")
            continue
        request = body.get("request") or body.get("setup_of") or {}
        gpu = body.get("gpu") or (request.get("gpu") if isinstance(request, dict) else None)
        if isinstance(gpu, list) and len(gpu) > 1:  # "h100 一周多少钱" priced the SXM form only: that is the card
            count = body.get("num_gpus")
            gpu = sorted({r.gpu for r in setup_prices(gpu, int(count) if count else None, None).offered})
        gpu = gpu if isinstance(gpu, str) else (gpu[0] if isinstance(gpu, list) and len(gpu) == 1 else None)
        count = body.get("num_gpus") or (request.get("num_gpus") if isinstance(request, dict) else None)
        pick = body.get("pick")
        if gpu is None and body.get("setup") and isinstance(pick, list) and len(pick) == 2 and isinstance(pick[0], str):
            # "32b 全参 多少钱": the one setup the answer recommended and priced (8×A100 80GB SXM); a sizing's
            # pick is one of the cards it lists (its table's card may lead), so it names none
            gpu, count = pick
        return (str(gpu), int(count) if count else None) if gpu else None
    return None
