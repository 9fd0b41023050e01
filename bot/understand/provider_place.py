"""A provider described by where its machines are ("深圳那家", "新加坡的那个服务商", "the one in Shenzhen", "the
Singapore provider") instead of by its name.

Why: a team remembers a provider by its data centre more often than by its name; read as nothing, "深圳那家 3090
包月" priced every provider or fell to the regions FAQ. The places are the catalog's (catalogs/providers/*.yaml,
each region's id and names, from the seeds), never words of this module, and a place two providers share names
neither."""

from __future__ import annotations

import re
from functools import cache

from engine.providers import provider_places

# what points at a provider after the place: "深圳那家", "深圳的那个", "深圳机房的", "新加坡的服务商"; never "那边"
# alone ("深圳那边传数据进去": where the team is, not whose machines)
_ZH_AFTER = r"\s*(?:的)?\s*(?:那一?家|这一?家|那个|机房的?|节点的?|的?(?:服务商|厂商|供应商|云|平台))"
# and before or around it in English: "the one in Shenzhen", "the provider based in LA", "the Shenzhen one"
_EN_BEFORE = r"\b(?:the\s+)?(?:one|provider|company|host|vendor|guys?|place)\s+(?:in|at|from|based\s+in|out\s+of)\s+"
_EN_AFTER = r"(?:[\s-]+based)?\s+(?:one|provider|company|host|vendor|guys?)\b"


@cache
def _places() -> tuple[dict[str, str], re.Pattern[str] | None]:
    """Each place named by one provider alone (lowercased) with that provider, and the pattern that finds one."""
    owners: dict[str, set[str]] = {}
    for ident, places in provider_places():
        for place in places:
            owners.setdefault(place.lower(), set()).add(ident)
    single = {place: next(iter(who)) for place, who in owners.items() if len(who) == 1}
    if not single:
        return single, None
    names = "|".join(re.escape(p) if not p.isascii() else rf"\b{re.escape(p)}\b"
                     for p in sorted(single, key=len, reverse=True))
    return single, re.compile(rf"(?P<a>{names}){_ZH_AFTER}|{_EN_BEFORE}(?P<b>{names})|\bthe\s+(?P<c>{names}){_EN_AFTER}",
                              re.IGNORECASE)


def place_provider(text: str) -> tuple[str, int, int] | None:
    """The provider `text` points at by the place of its machines, with the span of the words that do it;
    None when it points at none."""
    single, pattern = _places()
    if pattern is None:
        return None
    m = pattern.search(text)
    if m is None:
        return None
    place = (m["a"] or m["b"] or m["c"]).lower()
    return single[place], m.start(), m.end()
