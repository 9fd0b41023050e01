"""Whether a message asks, yes or no, if a rental can be bought by a unit ("能按天租吗", "可以按小时计费不",
"can I rent it by the day?", "do they do hourly rentals?"): the unit asked, read once with the parse.

Why here: "gpuli 的 4090 我只要用 3 天 能按天租吗" was priced for three days (a week, ₮109) and the question
it asked (can it be rented by the day) went unanswered; the price said it only implicitly. The reply leads
with yes or no against the provider's own terms (bot.views.unit_verdict)."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

# the unit named as the way a rental is bought: "按天", "按日", "日租", "按小时", "时租", "by the day", "hourly"
_UNIT = lazy(r"按\s*(?:天|日)|论天|日租|天租|按\s*小?时|时租|小时租"
             r"|\b(?:by|per)\s+the\s+(?:day|hour)\b|\bper[\s-]+(?:day|hour)\b|\b(?:daily|hourly)\b", re.IGNORECASE)
# asked yes or no: "吗", "能不能", "可不可以", "支持", "can I", "is there", "possible"
_YES_NO = lazy(r"吗|不\s*$|能不能|可不可以|可以不|行不行|能否|是否|支持|有没有|\bcan\b|\bcould\b|\bdo(?:es)?\s+(?:they|you|it|gpuli|cloudgpu)\b"
               r"|\bis\s+(?:there|it)\b|\bare\s+there\b|\bpossible\b|\bavailable\b|\boffer\b|\ballow", re.IGNORECASE)
# a price asked of that unit is a price, not a yes or no: "按天多少钱", "hourly price?"
_PRICE = lazy(r"多少|几|价|\bhow\s+much\b|\bprice\b|\bcost\b|\brate\b", re.IGNORECASE)
# where a yes/no question about the unit ends: its 吗, or an English "and"/"also" starting the next question
_CLOSED = lazy(r"吗|\b(?:and|also)\s+(?:what|how|the)\b", re.IGNORECASE)


def unit_asked(norm: str) -> str | None:
    """"day" or "hour": the unit a yes/no question asks a rental to be bought by; None when none is
    asked, or its price is asked instead ("4090 按小时多少钱")."""
    m = _UNIT.search(norm)
    if m is None or not _YES_NO.search(norm):
        return None
    # a price asked after the yes/no question has closed ("能按小时租吗 最少要花多少", "can we rent by the hour? and
    # the least it costs?") is a second question; the unit is still asked yes or no
    closed = _CLOSED.search(norm, m.end())
    if _PRICE.search(norm[:closed.start()] if closed else norm):
        return None
    return "hour" if re.search(r"时|hour", m.group(0), re.IGNORECASE) else "day"
