"""A provider described by how it bills instead of named: "按分钟计费的那家", "年付的那个平台", "the
per-minute provider", "the one that bills by the minute".

Why: users remember a provider by its billing ("the one that charges by the minute") as often as by
its name. The description names a billing facet; the catalogs say which providers have it, and when
exactly one does, that is the provider meant (two with it would be a guess, so none is read). Found
as an entity with its span, like a name, so its words are never read again as a length or a model.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from bot.understand.entities import Match
from catalogs import catalog_path
from engine import yamlcache
from engine.providers import Provider, providers

# the billing facet's words, zh and en, and which providers have it
FACETS: dict[str, tuple[str, str, Callable[[Provider], bool]]] = {
    "minute": (r"按分钟|分钟级|分钟计费", r"per[\s-]?minute|by\s+the\s+minute",
               lambda p: p.billing.rounding == "ceil_minute"),
    "hour": (r"按小时|按时", r"hourly|per[\s-]?hour|by\s+the\s+hour", lambda p: p.billing.hourly_rental),
    "week": (r"按周|周租", r"weekly|per[\s-]?week|by\s+the\s+week", lambda p: p.billing.cycle("week") is not None),
    "year": (r"按年|年付|包年", r"yearly|annual|per[\s-]?year|by\s+the\s+year", lambda p: p.billing.cycle("year") is not None),
}
_VERB_ZH = r"(?:计费|收费|扣费|付费|算钱|结算|出租|租|卖)?"
_PLACE_ZH = r"(?:那家|那个平台|那个|这家|平台|厂商|服务商|供应商|家)"
_PLACE_EN = r"(?:provider|one|platform|place|vendor|cloud|host|company)"
_VERB_EN = r"(?:bills?|charges?|rents?|sells?|prices?)"


@cache
def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    out = []
    for facet, (zh, en, _) in FACETS.items():
        pattern = re.compile(
            rf"(?:{zh})\s*{_VERB_ZH}\s*的?\s*{_PLACE_ZH}|(?:那家|哪家)\s*(?:是)?\s*(?:{zh})"
            rf"|\b(?:{en})\s+{_PLACE_EN}\b|\b{_PLACE_EN}\s+(?:that|which|who)\s+{_VERB_EN}\s+(?:{en})", re.IGNORECASE)
        out.append((facet, pattern))
    return out


@cache
def _only_one(facet: str) -> str | None:
    """The one provider with this billing facet, or None when none or several have it."""
    having = [p.id for p in providers().entries if FACETS[facet][2](p)]
    return having[0] if len(having) == 1 else None


def described_provider(norm: str) -> Match | None:
    """The provider `norm` (normalized text) describes by its billing, with the description's span."""
    for facet, pattern in _patterns():
        m = pattern.search(norm)
        if m is not None:
            ident = _only_one(facet)
            if ident is not None:
                return Match(ident, m.start(), m.end())
    return None


@cache
def _term_patterns() -> list[tuple[str, re.Pattern[str]]]:
    return [(facet, re.compile(rf"{zh}|\b(?:{en})\b", re.IGNORECASE)) for facet, (zh, en, _) in FACETS.items()]


def term_provider(norm: str) -> str | None:
    """The provider a rental term names when it alone bills that way: "4090 周租 租 3 周", "rent a 4090
    weekly" name gpuli, the one provider that sells weeks (seed 000), as "周租的那家" does. A term
    several providers sell ("包月") names none."""
    for facet, pattern in _term_patterns():
        if pattern.search(norm) and (ident := _only_one(facet)) is not None:
            return ident
    return None


@cache
def _elsewhere() -> list[tuple[str, re.Pattern[str]]]:
    """(name, pattern) of each cloud catalogs/other_providers.yaml lists: the parts of a spelling may
    be joined by nothing, a space or a dot ("vast.ai", "vastai", "vast ai"), never inside a word."""
    raw = yamlcache.load(catalog_path("other_providers.yaml")) or {}
    out = []
    for entry in raw.get("others", []):
        forms = [r"[\s.]?".join(re.escape(part) for part in re.split(r"[\s.]+", s.lower())) for s in entry["spellings"]]
        out.append((str(entry["name"]), re.compile(rf"(?<![a-z0-9])(?:{'|'.join(forms)})(?![a-z0-9])")))
    return out


def elsewhere(norm: str) -> str | None:
    """The name of a GPU cloud we do not cover that `norm` (normalized text) asks about, if any
    ("autodl 上 4090 多少钱"): the reply says we have no figures for it before giving ours, never
    our providers' prices as if they were its."""
    return next((name for name, pattern in _elsewhere() if pattern.search(norm)), None)
