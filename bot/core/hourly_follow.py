""""and hourly?", "按小时呢", "一小时多少", "per hour?" right after a card was picked for a job at a provider
("qwen 32b qlora" then "which card at cloudgpu"): the picked setup's price for one hour there, so the answer
names the RTX A6000's $0.44/h (or, at a provider with no hourly billing, the shortest rental it sells).

Why: read alone, the words only ask whether a GPU can be rented by the hour, and the FAQ on hourly rentals
answered a question about the card just picked with every provider's billing rule."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.messages import Turn
from bot.understand.lazy import lazy
from bot.understand.parser import Parsed
from engine.providers import provider

HOURLY_CHARS = 24  # characters: "and hourly?", "那按小时算呢", "how much an hour then?" — no question of its own
# the hour named as the unit a price is asked in: "按小时", "每小时", "一小时", "一个钟", "时租", "hourly", "per hour"
_HOURLY = lazy(r"按\s*小?时|(?:每|一)\s*(?:个\s*)?(?:小时|钟头?)|时租|小时价"
               r"|\bhourly\b|\b(?:per|an|one|by\s+the|each)\s+hour\b|/\s*h(?:r|our)?\b", re.IGNORECASE)
# a yes-or-no about billing by the hour, not a price: "能按小时租吗", "can I rent hourly?"
_YES_NO = lazy(r"能|可以|可不可以|支持|\bcan\b|\bcould\b|\bdo(?:es)?\s+(?:they|you|it)\b|\bis\s+it\s+possible\b", re.IGNORECASE)


def hourly_of_pick(parsed: Parsed, last: Turn, text: str) -> Parsed | None:
    """The card picked by the last sizing (or priced by the last cost), at the provider it named, priced for one hour; None when
    the message names anything of its own or asks whether hourly billing exists."""
    request, pick, priced = dict(last.data.get("request", {})), last.data.get("pick"), last.data.get("priced")
    if last.kind == "cost" and isinstance(priced, list) and len(priced) == 3:  # a job's cost: the setup it priced
        request, pick = {**request, "gpu": priced[0], "num_gpus": priced[1], "provider": priced[2]}, priced[:2]
    where = request.get("provider")  # a provider named here ("cloudgpu 多少钱一小时") is priced as asked elsewhere
    if last.kind not in ("size", "cost") or not isinstance(pick, list) or len(pick) != 2 or not isinstance(where, str):
        return None
    q = parsed.request
    if q.gpu or q.model or q.params_b or q.num_gpus or parsed.cards or parsed.rental.provider or parsed.cues.chars > HOURLY_CHARS \
            or parsed.rental.duration_days or (parsed.rental.duration_hours or 1) != 1:
        return None
    lower = text.lower()
    if not _HOURLY.search(lower) or _YES_NO.search(lower):
        return None
    gpu = request.get("gpu") or pick[0]
    count = request.get("num_gpus") or pick[1]
    asked = q.model_validate({"gpu": gpu, "num_gpus": count})
    # a provider that sells no hour says so first (bot.views.unit_verdict), its shortest rental below
    asks = parsed.asks if provider(where).billing.hourly_rental else replace(parsed.asks, unit="hour")
    return replace(parsed, intent="price", request=asked, rental=replace(parsed.rental, provider=where, duration_hours=1.0), asks=asks,
                   follow_up=True, missing=[], faq=[], faq_answers=[], faq_confident=False)
