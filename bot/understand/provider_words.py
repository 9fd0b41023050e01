"""A provider described instead of named: by how it bills ("按分钟计费那家", "周租月租那家", "那家只有周租和
月租、用 USDT 结算的平台", "年付那家", "the per-minute provider", "the weekly/monthly GPU provider", "the one
that bills in USDT").

Why: users remember a provider by its billing as often as by its name, and the message must then be read
exactly as if the name were written, by every reader (price, cost, FAQ, follow-ups). The description is a
run of billing facets (rental cycles, per-minute or hourly billing, the currency) before a definite place
word ("那家", "平台", "the … provider", "the one that …"); the catalogs say which providers have every facet
named, and when exactly one does, that is the provider meant and its name replaces the description
(`named`, applied by the normalizer and the FAQ's folding). Several with them ("按月那家": gpuli and 一万网络
both sell months) would be a guess, so the words stay. Words that ask ABOUT billing ("周租和月租哪个划算",
"does cloudgpu bill per minute?", "which provider bills by the minute?", "有没有按分钟计费的平台") have no
definite place word after them, so they describe no one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache, lru_cache

from bot.understand.entities import Match, find_gpus, find_provider
from bot.understand.lazy import LazyPattern, gated
from catalogs import catalog_path
from engine import yamlcache
from engine.billing.rules import rule_of
from engine.providers import Provider, currencies, providers

Has = Callable[[Provider], bool]
# a billing facet: its unit in Chinese, its words in English, and which providers have it
BILLING: dict[str, tuple[str, str, Has]] = {
    "minute": ("分钟", r"per[\s-]?minute|by[\s-]the[\s-]minute|minute[\s-]?(?:billed|billing|based)",
               lambda p: rule_of(p).metered),  # the rule's own trait: a new metered provider is found too
    "hour": ("小时", r"hourly|per[\s-]?hour|by[\s-]the[\s-]hour|hour[\s-]?(?:billed|based)",
             lambda p: p.billing.hourly_rental),
    "week": ("周", r"weekly|per[\s-]?week|by[\s-]the[\s-]week", lambda p: p.billing.cycle("week") is not None),
    "month": ("月", r"monthly|per[\s-]?month|by[\s-]the[\s-]month", lambda p: p.billing.cycle("month") is not None),
    "year": ("年", r"yearly|annual(?:ly)?|per[\s-]?year|by[\s-]the[\s-]year", lambda p: p.billing.cycle("year") is not None),
}
_EN_UNIT = {"minute": "minute", "hour": "hour", "week": "week", "month": "month", "year": "year"}
# a rental term alone names the provider that alone sells it ("4090 周租 租 3 周": gpuli)
TERMS: dict[str, tuple[str, str]] = {
    "minute": (r"按分钟|分钟级|分钟计费", r"per[\s-]?minute|by\s+the\s+minute"),
    "hour": (r"按小时|按时", r"hourly|per[\s-]?hour|by\s+the\s+hour"),
    "week": (r"按周|周租", r"weekly|per[\s-]?week|by\s+the\s+week"),
    "year": (r"按年|年付|包年", r"yearly|annual|per[\s-]?year|by\s+the\s+year"),
}
_ZH_VERB = r"(?:计费|收费|扣费|付费|结算|计价|定价|支付|付款|出租|租赁|租|付|卖)"
# a provider's place word: never "那个" or "one" alone, which name an option as often ("周租那个", "the weekly
# one": the weekly price of the answer before), unless a verb of billing says a provider is meant ("the one that bills …")
_ZH_PLACE = r"(?:那家|那个平台|这家|平台|厂商|服务商|供应商|云|家)"
# a benefit of the way it bills, said between the billing and the place ("有年付折扣的那家")
_ZH_PERK = r"(?:\s*(?:折扣|优惠|打折|减免))?"
_ZH_CONN = r"\s*(?:[/／、,，+&]|和|或者|或|及|与|跟|加)?\s*"
_EN_CONN = r"\s*(?:[/／,&+-]|\band/or\b|\bor\b|\band\b)\s*"
_EN_PROVIDER = r"(?:provider|platform|vendor|cloud|host|company|service|site|shop)s?"
_EN_PLACE = rf"(?:(?:gpu|cloud|rental)\s+)?(?:{_EN_PROVIDER}|one)"
_EN_VERB = (r"(?:(?:that|which|who)\s+(?:only\s+)?(?:bills?|charges?|rents?|sells?|prices?|does|offers?|takes?|accepts?|works?|is)"
            r"|billing|charging|renting|selling|pricing|offering|with)")
# asked about, not described: "有没有按分钟计费的平台", "按分钟计费的平台有哪些", "which is the per-minute one?"
_ASKED_BEFORE = re.compile(r"(?:有没有|有无|是否有|(?<![没只])有|哪家|哪个|哪些|什么|\bwhich\b|\bwhat\b|\bwho\b|\bany\b|\bis\s+there\b)\s*(?:is\s+)?$",
                           re.IGNORECASE)
_IS = re.compile(r"(?:是不是|就是|是|\bis\s+(\S+(?:\s+\S+)?))\s*$", re.IGNORECASE)
_ASKED_AFTER = re.compile(r"\s*(?:(?:是|有|叫)\s*(?:哪|谁|几|什么(?:名字)?\s*(?:$|[吗呢]))|哪(?:家|些))")


def _currency_words(code: str) -> list[str]:
    """A currency's spellings as words (catalogs/currency.yaml): no symbol, no single letter ("u", "元")."""
    entry = next(c for c in currencies().entries if c.id == code)
    words = {code.lower(), *(a.lower() for a in entry.aliases)}
    return sorted((w for w in words if len(w) > 1 and w.isalnum()), key=len, reverse=True)


@cache
def facets() -> dict[str, Has]:
    """Every facet a description may name: the billing ones and each currency a provider bills in."""
    out: dict[str, Has] = {name: has for name, (_, _, has) in BILLING.items()}
    for code in sorted({p.currency for p in providers().entries}):
        out[code] = _billed_in(code)
    return out


def _billed_in(code: str) -> Has:
    return lambda p: p.currency == code


@cache
def _atoms() -> tuple[str, str]:
    """The Chinese and English patterns of one facet mention."""
    zh, en = [], []
    for unit, words, _ in BILLING.values():
        zh.append(rf"(?:(?:按|包)\s*{unit}(?:级)?(?:\s*{_ZH_VERB})?|{unit}(?:级)?\s*{_ZH_VERB})")
        en.append(rf"(?:{words})")
    for code in sorted({p.currency for p in providers().entries}):
        spelled = "|".join(re.escape(w) for w in _currency_words(code))
        # "用 USDT 结算", "收人民币", "USDT 那家" (an amount's currency, "5000 usdt", is none)
        zh.append(rf"(?:(?:用|收|以)\s*(?:{spelled})(?:\s*{_ZH_VERB})?|(?<![\d.])(?<![\d.]\s)(?:{spelled})(?:\s*{_ZH_VERB})?)")
        en.append(rf"(?:(?:in\s+)?(?:{spelled})(?![a-z]))")
    return "|".join(zh), "|".join(en)


@cache
def _bare() -> tuple[str, str]:
    """A unit alone, read only after another facet and a joiner: "按周/月" is weekly and monthly."""
    zh = "|".join(unit for unit, _, _ in BILLING.values())
    en = "|".join(rf"{unit}(?:ly)?" for unit in _EN_UNIT.values())
    return zh, en


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    (zh, en), (zh_bare, en_bare) = _atoms(), _bare()
    run_zh = rf"(?:{zh})(?:{_ZH_CONN}(?:{zh}|{zh_bare}))*"
    run_en = rf"(?:{en})(?:{_EN_CONN}(?:{en}|{en_bare}))*"
    # "那个" names a provider only after a verb of billing ("按分钟计费的那个"; "周租那个" is an option): see _definite
    zh_pattern = re.compile(
        rf"(?:(?:那家|那个|这家)\s*)?(?:(?:只有|只|仅)\s*)?(?:{run_zh}|(?<![\d.])(?<![\d.]\s)(?:{run_en}))(?:\s*{_ZH_VERB})?{_ZH_PERK}\s*(?:的)?\s*"
        rf"(?:{_ZH_PLACE}|那个(?![\u4e00-\u9fff]*(?:选项|方案|价|周期)))", re.IGNORECASE)
    en_pattern = re.compile(
        rf"\b(?:the|that|this)\s+(?:only\s+)?(?:{run_en})(?:[\s-]+(?:only|billing|billed|rental|rentals|pricing|priced))?"
        rf"\s+(?:(?:gpu|cloud|rental)\s+)?(?:{_EN_PROVIDER}|one)\b"
        rf"|\b(?:the|that|this)\s+{_EN_PLACE}\s+{_EN_VERB}\s+(?:only\s+)?(?:(?:in|by|on|an?|the)\s+)?(?:{run_en})", re.IGNORECASE)
    return zh_pattern, en_pattern


def _facets_of(span: str) -> set[str]:
    """Every facet a description's words name: a unit ("周", "月", "minute") or a currency's spelling."""
    span = span.lower()
    named = {name for name, (unit, words, _) in BILLING.items()
             if unit in span or _EN_UNIT[name] in span or re.search(words, span)}
    for code in {p.currency for p in providers().entries}:
        if any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", span) for w in _currency_words(code)):
            named.add(code)
    return named


def having(named: set[str]) -> list[Provider]:
    """Every provider with each facet named (none when nothing is named)."""
    have = facets()
    return [p for p in providers().entries if all(have[f](p) for f in named)] if named else []


def _with_all(named: set[str]) -> str | None:
    """The one provider with every facet named, or None when none or several have them."""
    found = having(named)
    return found[0].id if len(found) == 1 else None


def _definite(span: str, named: set[str], fit: list[Provider]) -> bool:
    """Whether a description ending in a word that may name an option instead ("那个", "one") names a
    provider: "那个" after a verb of billing ("按分钟计费的那个"), "one" when the terms named are every term
    the one provider it fits sells, so the option and the provider are one ("the per-minute one"; "the
    weekly one" may be gpuli's weekly option beside its monthly one, and stays)."""
    if re.search(r"那个$", span):
        return bool(re.search(rf"{_ZH_VERB}{_ZH_PERK}\s*的\s*那个$", span))
    if re.search(r"\bone$", span, re.IGNORECASE):
        return len(fit) == 1 and {c.kind for c in fit[0].billing.cycles} <= named
    return True


def _identity_asked(before: str) -> bool:
    """"gpuli 是周租月租那家吗", "is cloudgpu the per-minute one?": whether a named provider is the one described."""
    said = _IS.search(before)
    named = said.group(1) or before[:said.start()] if said is not None else ""
    return bool(named) and find_provider(named.lower()) is not None


def _described(text: str) -> list[tuple[int, int, list[Provider]]]:
    """Each description of a provider by its billing in `text`: its span and every provider it fits."""
    out: list[tuple[int, int, list[Provider]]] = []
    for pattern in _patterns():
        for m in pattern.finditer(text):
            before = text[max(0, m.start() - 24):m.start()]
            asked, start = _ASKED_BEFORE.search(before), m.start()
            # "有年付折扣的那家 a100 多少": 有 before a definite place says what it has, not whether one exists ("…的那家吗" asks)
            if asked and asked.group(0).strip() == "有" and re.search(r"(?:那家|这家|那个)$", m.group(0)) \
                    and not re.match(r"\s*[吗么嘛]", text[m.end():]):
                start = m.start() - len(before) + asked.start()
                asked = None
            if asked or _ASKED_AFTER.match(text, m.end()) or _identity_asked(before):
                continue
            named_facets = _facets_of(m.group(0))
            fit = having(named_facets)
            if fit and _definite(m.group(0), named_facets, fit) and not any(s < m.end() and m.start() < e for s, e, _ in out):
                out.append((start, m.end(), fit))
    return out


def several_described(text: str) -> list[Provider]:
    """The providers a description fits when it fits more than one ("月付那家": gpuli and 一万网络 both sell
    months): the reply names them, never one picked silently."""
    return next((fit for _, _, fit in _described(text) if len(fit) > 1), [])


def descriptions(text: str) -> list[Match]:
    """Each provider `text` describes instead of naming, with the description's span."""
    found = [Match(fit[0].id, start, end) for start, end, fit in _described(text) if len(fit) == 1]
    if not found and find_provider(text.lower()) is None:
        found.extend(_billed_card(text))
    return sorted(found, key=lambda f: f.start)


# per-minute billing said of the card itself ("per-minute A100 80G", "按分钟计费的 4090", "minute-billed H100"): one
# provider bills by the minute, so the words name it as "the per-minute provider" does, when no provider is named
_MINUTE_CARD = re.compile(r"(?:\b(?:per[\s-]?minute|by[\s-]the[\s-]minute|minute[\s-]?(?:billed|billing|based))"
                          r"|按分钟(?:计费|收费|计价|付费|算钱)?)\s*(?:的\s*)?", re.IGNORECASE)


def _billed_card(text: str) -> list[Match]:
    """The per-minute words right before a card's name, read as the one provider billing that way."""
    out = []
    for m in _MINUTE_CARD.finditer(text):
        cards = find_gpus(text[m.end():m.end() + 24].lower())
        ident = _with_all({"minute"})
        if cards and cards[0].start == 0 and ident is not None and not _ASKED_BEFORE.search(text[max(0, m.start() - 24):m.start()]):
            out.append(Match(ident, m.start(), m.end()))
    return out


@lru_cache(maxsize=4096)  # the core, the parser and the normalizer each ask for one message
def named(text: str) -> str:
    """`text` with each description of a provider replaced by its name: "周租月租那家 4090
    多少" reads "gpuli 4090 多少", so every reader after it reads the name."""
    if not any(ch in text for ch in "家台商边云分eoEO"):  # no place word at all: nothing to look for
        return text
    for found in reversed(descriptions(text)):
        name = providers().get(found.ident).name
        text = f"{text[:found.start]} {name} {text[found.end:]}"
    return text


def described_provider(norm: str) -> Match | None:
    """The first provider `norm` describes by its billing, with the description's span."""
    found = descriptions(norm)
    return found[0] if found else None


@cache
def _term_patterns() -> list[tuple[str, re.Pattern[str]]]:
    return [(facet, re.compile(rf"{zh}|\b(?:{en})\b", re.IGNORECASE)) for facet, (zh, en) in TERMS.items()]


def term_provider(norm: str) -> str | None:
    """The provider a rental term names when it alone bills that way: "4090 周租 租 3 周", "rent a 4090
    weekly" name gpuli, the one provider that sells weeks (seed 000), as "周租的那家" does. A term
    several providers sell ("包月") names none."""
    for facet, pattern in _term_patterns():
        if pattern.search(norm) and (ident := _with_all({facet})) is not None:
            return ident
    return None


@cache
def _elsewhere() -> list[tuple[str, LazyPattern]]:
    """(name, pattern) of each cloud catalogs/other_providers.yaml lists: the parts of a spelling may
    be joined by nothing, a space or a dot ("vast.ai", "vastai", "vast ai"), never inside a word. Each
    behind the literal prefilter (bot.understand.lazy.gated): some fifteen searches a message, nearly all vain."""
    raw = yamlcache.load(catalog_path("other_providers.yaml")) or {}
    out = []
    for entry in raw.get("others", []):
        forms = [r"[\s.]?".join(re.escape(part) for part in re.split(r"[\s.]+", s.lower())) for s in entry["spellings"]]
        out.append((str(entry["name"]), gated(re.compile(rf"(?<![a-z0-9])(?:{'|'.join(forms)})(?![a-z0-9])"))))
    return out


def elsewhere(norm: str) -> str | None:
    """The name of a GPU cloud we do not cover that `norm` (normalized text) asks about, if any
    ("autodl 上 4090 多少钱"): the reply says we have no figures for it before giving ours, never
    our providers' prices as if they were its."""
    return next((name for name, pattern in _elsewhere() if pattern.search(norm)), None)


# a term bought in prepaid cycles, by its kind ("包月" too: several providers sell months, so TERMS lacks it)
_CYCLE_WORDS = {"week": r"周租|包周|按周|周付|\bweekly\b|\bper[\s-]?week\b|\bby\s+the\s+week\b",
                "month": r"月租|包月|按月|月付|\bmonthly\b|\bper[\s-]?month\b|\bby\s+the\s+month\b",
                "year": r"年租|包年|按年|年付|\byearly\b|\bannual(?:ly)?\b|\bper[\s-]?year\b|\bby\s+the\s+year\b"}


def weighs_metered(norm: str) -> bool:
    """Whether `norm` weighs time paid as used (a per-minute or hourly term, or a provider whose billing rule
    meters by the minute) against one prepaid term ("4090 跑 40 小时 包周和按分钟哪个划算", "two days:
    per-minute or weekly?"): the span priced both ways across providers is the answer, cheaper first, not
    one provider's week against its month. Two cycle terms named ("包周还是包月") ask that instead."""
    cycles = [kind for kind, words in _CYCLE_WORDS.items() if re.search(words, norm, re.IGNORECASE)]
    if len(cycles) != 1:
        return False
    if any(pattern.search(norm) for facet, pattern in _term_patterns() if facet in ("minute", "hour")):
        return True
    found = find_provider(norm.lower())
    return found is not None and rule_of(providers().get(found.ident)).metered
