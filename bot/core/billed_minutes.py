"""The minutes a used time is billed as, at a provider that bills by the started minute.

Why: "my job ran 61 seconds, how many minutes do I pay for?" asks for a number, and the rule's
wording alone ("rounded up to whole minutes, at least 1") leaves the sum to the reader. The rule
is the provider's catalog entry (rounding: ceil_minute, minimum_minutes), so the figure traces to
it: billed = max(ceil(used seconds / 60), minimum). It leads the FAQ answer that states the rule.
"""

from __future__ import annotations

import math

from bot.text.i18n import t
from bot.understand.faq import Hit, faq_index
from bot.understand.parser import Parsed
from engine.errors import KasuanError
from engine.providers import provider as find_provider


def billed_minutes_line(parsed: Parsed, hit: Hit, lang: str) -> str | None:
    """The used time the message states, billed in minutes at its provider (the one it names, or the
    one the entry is about), when that provider rounds up to the minute; None otherwise (no used
    time, a card named: that is a price, priced elsewhere; a provider billing by the week)."""
    r = parsed.rental
    if r.duration_hours is None or r.duration_days or parsed.request.gpu or r.gpu:
        return None
    ident = r.provider or faq_index().about.get(hit.entry.id)
    if ident is None:
        return None
    try:
        p = find_provider(ident)
    except KasuanError:
        return None
    billing = p.billing
    if billing.rounding != "ceil_minute":
        return None
    seconds = round(r.duration_hours * 3600, 3)  # what was typed, without float dust
    billed = max(math.ceil(seconds / 60), billing.minimum_minutes or 0)
    minutes, rest = divmod(round(seconds), 60)
    used = t("faq.used_seconds", lang, seconds=rest) if not minutes else (
        t("faq.used_minutes", lang, minutes=minutes) if not rest else t("faq.used_minutes_seconds", lang, minutes=minutes, seconds=rest))
    return t("faq.billed_minutes", lang, provider=p.name, used=used, billed=billed, minimum=billing.minimum_minutes or 0)
