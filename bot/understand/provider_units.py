"""A unit asked of each provider named ("cheapest on cloudgpu per hour and on gpuli per week?", "cloudgpu 按小时、
gpuli 按周各多少", "hourly at cloudgpu, monthly at gpuli"): each provider's price in the unit asked of it.

Why its own reader: the parse reads one rental length for the whole message (the week of "per week"), so each
provider was priced for that week and the hourly rate asked of the other was lost. Pairs are read between the
provider names: the unit words after each name up to the next one (else those before it). Only two or more
providers with different units make the reading; one unit for all is an ordinary price question."""

from __future__ import annotations

import re

from bot.understand.entities import Compact, provider_names
from bot.understand.lazy import lazy

UNITS = (
    ("hour", lazy(r"每\s*(?:个)?\s*小时|按\s*(?:小时|时)|小时\s*(?:价|租|计)|时租|\bper\s+hour\b|\bhourly\b|\ban\s+hour\b|\bby\s+the\s+hour\b|/\s*h(?:r|our)?\b", re.I)),
    ("day", lazy(r"每\s*天|按\s*天|日租|天租|\bper\s+day\b|\bdaily\b|\ba\s+day\b|\bby\s+the\s+day\b|/\s*day\b", re.I)),
    ("week", lazy(r"每\s*周|按\s*周|周租|包周|\bper\s+week\b|\bweekly\b|\ba\s+week\b|\bby\s+the\s+week\b|/\s*(?:wk|week)\b", re.I)),
    ("month", lazy(r"每\s*(?:个)?\s*月|按\s*月|月租|包月|月付|\bper\s+month\b|\bmonthly\b|\ba\s+month\b|\bby\s+the\s+month\b|/\s*(?:mo|month)\b", re.I)),
)


def _spans(text: str) -> list[tuple[int, int, str]]:
    """Each provider name's place in `text`, in order, one per provider (its first mention)."""
    compact = Compact.of(text)
    found: dict[str, tuple[int, int]] = {}
    for ident, keys in provider_names():
        for key in keys:
            i = compact.text.find(key)
            if i >= 0 and ident not in found:
                found[ident] = (compact.origin[i], compact.origin[i + len(key) - 1] + 1)
    return sorted((s, e, ident) for ident, (s, e) in found.items())


def _unit(segment: str) -> str | None:
    said = [unit for unit, pattern in UNITS if pattern.search(segment)]
    return said[0] if len(said) == 1 else None


def units_by_provider(text: str) -> tuple[tuple[str, str], ...]:
    """(provider id, unit) for each provider `text` names with a unit of its own, in the order named; () unless
    two or more are named, each with exactly one unit, and the units differ."""
    spans = _spans(text)
    if len(spans) < 2:
        return ()
    ends = [s for s, _, _ in spans[1:]] + [len(text)]
    after = [_unit(text[e:nxt]) for (_, e, _), nxt in zip(spans, ends, strict=True)]
    starts = [0] + [e for _, e, _ in spans[:-1]]
    before = [_unit(text[prev:s]) for (s, _, _), prev in zip(spans, starts, strict=True)]
    for units in (after, before):
        if all(units) and len(set(units)) > 1:
            return tuple((ident, str(unit)) for (_, _, ident), unit in zip(spans, units, strict=True))
    return ()
