"""Find catalog names in chat text: models, GPUs and providers, exact or with typos.

Names are matched on a compact form of the message (no spaces, dashes, dots), so "Qwen3-32B",
"qwen3 32b" and "QWEN3_32B" all hit the key "qwen332b"; word boundaries are checked on the
original text so "a100" is not read inside "a1000" and "a10" not inside "a100". When nothing
matches exactly, a fuzzy pass (rapidfuzz) catches typos such as "qwne3 8b" or "lamma3.1 8b", but
only against names with the same digits, so "qwen 7b" is never mistaken for "qwen2.5 7b". A brand
and a size that fit exactly one catalog model ("gemma 9b") name it; an ambiguous one does not.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from rapidfuzz import fuzz, process

from bot.understand import name_glyphs, one_message
from bot.understand.lazy import lazy
from bot.understand.provider_place import place_provider
from bot.understand.short_family import shortened
from engine.catalog import gpus, models, normalize_name
from engine.providers import provider_names as catalog_provider_names

SEPARATORS = set(" \t\n-_./·")
FUZZY_CUTOFF = 84


@dataclass(frozen=True)
class Match:
    """A catalog id found at [start, end) of the normalized text."""

    ident: str
    start: int
    end: int
    fuzzy: bool = False


@dataclass(frozen=True)
class Compact:
    """The message without separators, and where each of its characters came from."""

    text: str
    origin: list[int]

    @classmethod
    def of(cls, text: str) -> Compact:
        chars, origin = [], []
        for i, ch in enumerate(text):
            if ch not in SEPARATORS:
                chars.append(ch)
                origin.append(i)
        return cls("".join(chars), origin)


# A variant word after a name that carries no size ("phi-3.5" in "phi-3.5 moe", "deepseek-r1" in
# "deepseek-r1 distill 7b"): the text names a different model, so the bare name must not match.
VARIANT_AFTER = lazy(r"[\s\-_./·]*(?:mini|minitron|lite|moe|distil+|蒸馏|vl|vision|coder|math)(?![a-z])")
SIZED_KEY = lazy(r"\d+b")


class NameTable:
    """Normalized names of one catalog, indexed by their first two characters."""

    def __init__(self, names: Iterable[tuple[str, str]]) -> None:
        self.by_key: dict[str, str] = {}
        for name, ident in names:
            key = normalize_name(name)
            if len(key) >= 2:
                self.by_key.setdefault(key, ident)
        self.sizeless = {key for key in self.by_key if not SIZED_KEY.search(key)}
        self.by_prefix: dict[str, list[str]] = {}
        for key in sorted(self.by_key, key=len, reverse=True):
            self.by_prefix.setdefault(key[:2], []).append(key)
        # the names grouped by the digits they contain: a typo keeps its digits ("qwen3-8b" ~ "qwn3 8b")
        self.by_digits: dict[str, list[str]] = {}
        for key in self.by_key:
            self.by_digits.setdefault(_digits(key), []).append(key)

    def exact(self, text: str, compact: Compact) -> list[Match]:
        """Every catalog name in `text`, longest first, without overlaps."""
        found: list[Match] = []
        taken = [False] * len(compact.text)
        s = compact.text
        for i in range(len(s) - 1):
            for key in self.by_prefix.get(s[i:i + 2], ()):
                end = i + len(key)
                if s.startswith(key, i) and not any(taken[i:end]):
                    start_o, end_o = compact.origin[i], compact.origin[end - 1] + 1
                    variant = key in self.sizeless and VARIANT_AFTER.match(text, end_o) is not None
                    if bounded(text, start_o, end_o) and not variant:
                        found.append(Match(self.by_key[key], start_o, end_o))
                        for j in range(i, end):
                            taken[j] = True
                        break
        return sorted(found, key=lambda m: m.start)


# what follows the number in "a 10h", "a 10 hour job", "a 100k budget"
ARTICLE_UNIT = re.compile(r"[a-z]|\s*(?:hours?\b|hrs?\b|mins?\b|minutes?\b|days?\b|weeks?\b|months?\b|steps?\b"
                          r"|epochs?\b|samples?\b|tokens?\b|小时|分钟|天|周|个月|步)")
# what follows a count: its unit, or a price or sufficiency asked of it ("a100 sxm，4 包月价格", "sxm, 4 enough?")
COUNT_UNIT = re.compile(r"\s*(?:张|块|卡|台|片|x(?![a-z])|gpus?\b|cards?\b|$|够|行吗|包月|包周|月租|周租|租|多少|价|报价|费用"
                        r"|price|cost|how\s+much|monthly|weekly|per\s+(?:month|week)\b|enough\b)")


def bounded(text: str, start: int, end: int) -> bool:
    """A name must not continue into a neighbouring digit or latin word ("a10" inside "a100")."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    if after.isascii() and after.isdigit():
        return False
    plural = after == "s" and not re.match(r"[a-z]", text[end + 1:end + 2])  # "four h100 sxms"
    if after.isascii() and after.isalpha() and text[end - 1:end].isascii() and text[end - 1:end].isalpha() and not plural:
        return False  # "a100 80g budget": "a100 80gb" would take the b of budget; a name never runs into a word
    if re.match(r"[a-z]\s+\d", text[start:end]) and ARTICLE_UNIT.match(text, end):
        return False  # "a 10h run", "a 100k budget", "a 10 hour job": the article before an amount, not a card
    if re.search(r"\s\d$", text[start:end]) and COUNT_UNIT.match(text, end):
        return False  # "a100 sxm，四张", "a100 sxm，4 包月价格" name no "A100 SXM4": the spaced digit is a count
    if before.isascii() and before.isalnum():
        # "8xh100", "8*h100": a count glued to the card with x or *
        glued = before in "x*" and start >= 2 and text[start - 2].isdigit()
        if not glued:
            return False
    return True


@cache
def model_table() -> NameTable:
    return NameTable((n, m.id) for m in models().entries for n in [m.id, m.name, *m.aliases])


@cache
def gpu_table() -> NameTable:
    return NameTable((n, g.id) for g in gpus().entries for n in [g.id, g.name, *g.aliases])


# A family word, then anything short, then a size like 8b / 0.6b: a span worth a fuzzy look.
MODEL_SPAN = lazy(
    r"(?:[a-z]{3,9}|千问|通义千问)[\w.\- ]{0,14}?\d+(?:\.\d+)?\s*b(?:[\s\-]*a\d+b)?(?![a-z])", re.ASCII
)
# A family with its version ("千问3", "qwen2.5", "llama3.1") and a size written elsewhere in the message.
# (a version must not be the size itself: "gemma 27b" is not Gemma 2 7B)
FAMILY_VERSION = lazy(
    r"(?:(?:通义)?千问\s*\d+(?:\.\d+)?|qwen\s*\d+(?:\.\d+)?|llama\s*\d+(?:\.\d+)?|gemma\s*-?\d(?!\d)"
    r"|internlm\s*\d+(?:\.\d+)?|yi\s*-?1\.5|glm\s*-?4)(?!\s*b)|mixtral",
    re.ASCII,
)
SIZE = lazy(r"(?<![a-z0-9.])(\d+x\d+|\d+(?:\.\d+)?)\s*b(?![a-z])", re.ASCII)  # "8x7b" for Mixtral
DIGITS = lazy(r"\d+")


def _digits(s: str) -> str:
    return "".join(DIGITS.findall(s))


def fuzzy_models(text: str) -> list[Match]:
    """Typos of a model name: rapidfuzz over the names whose digits are the same."""
    out = []
    table = model_table()
    for m in MODEL_SPAN.finditer(text):
        # the span may open with a word before the name ("can qwne3-14b", "will Owen3 8b"): each word start is tried
        starts = [m.start()] + [m.start() + i + 1 for i, ch in enumerate(m.group(0)) if ch == " "]
        tries = []
        for start in starts:
            key = name_glyphs.as_letters(normalize_name(text[start:m.end()]))
            candidates = table.by_digits.get(_digits(key), [])
            best = process.extractOne(key, candidates, scorer=fuzz.ratio, score_cutoff=FUZZY_CUTOFF)
            if best is not None:
                tries.append((best[1], start, best[0]))
        if tries:
            _, start, key = max(tries, key=lambda t: (t[0], -t[1]))
            out.append(Match(table.by_key[key], start, m.end(), fuzzy=True))
    return out


DISTILL = lazy(r"(?:deepseek|ds|r1)[\w\s\-]{0,12}?(?:蒸馏|distil+|distill)[^\d]{0,16}?(\d+)\s*b(?![a-z])")


@one_message.per_message
def find_models(text: str) -> list[Match]:
    """Models named in `text`: exact names and the distill shorthand, then typos."""
    found = model_table().exact(text, Compact.of(text))
    m = DISTILL.search(text)
    if m:
        ident = f"deepseek-r1-distill-qwen-{m.group(1)}b"
        if models().find(ident) and not any(x.start < m.end() and m.start() < x.end for x in found):
            found = sorted([*found, Match(ident, m.start(), m.end())], key=lambda x: x.start)
    if found:
        return found
    short = shortened(text)  # "qw3 8b": the one family the letters begin, spelt out
    if short is not None and short[3] and (named := model_table().by_key.get(normalize_name(short[0]))) is not None:
        return [Match(named, short[1], short[2], fuzzy=True)]
    fuzzy = fuzzy_models(text)
    if fuzzy:
        return fuzzy
    return brand_size(text) or split_name(text)


# Brands whose bare "<brand> <size>" is read as the one catalog model of that size ("gemma 9b",
# "internlm 7b", "mistral 24b"). Qwen and Llama are left out on purpose: their generations share
# sizes with different shapes (Qwen1 7B, LLaMA 7B), and a wrong generation would pass silently.
BRAND_SIZE = lazy(
    r"(?<![a-z])(mistral|mixtral|gemma|yi|internlm|phi|glm|chatglm|deepseek)[\s-]?(\d+(?:\.\d+)?)\s*b(?![a-z])", re.ASCII
)
NAME_SIZE = lazy(r"(?<![\d.])(\d+(?:\.\d+)?)b(?![a-z])")


@cache
def brand_sizes() -> dict[tuple[str, str], list[str]]:
    """(brand, size) -> catalog ids, sizes read from each model's id, name and aliases."""
    out: dict[tuple[str, str], list[str]] = {}
    for m in models().entries:
        brand = re.match(r"[a-z]+", m.family)
        if brand is None:
            continue
        for name in [m.id, m.name, *m.aliases]:
            for size in NAME_SIZE.findall(name.lower()):
                ids = out.setdefault((brand.group(0), size), [])
                if m.id not in ids:
                    ids.append(m.id)
    return out


def brand_size(text: str) -> list[Match]:
    """"gemma 9b": a brand and a size naming exactly one catalog model; ambiguous ("gemma 27b") gives none."""
    m = BRAND_SIZE.search(text)
    if m is None:
        return []
    ids = brand_sizes().get((m.group(1), m.group(2)), [])
    return [Match(ids[0], m.start(), m.end(), fuzzy=True)] if len(ids) == 1 else []


NAMED_SIZE = lazy(
    r"(?<![a-z])(?:(?:通义)?千问|qwen|llama|glm|chatglm|gemma|mistral|mixtral|deepseek|yi|internlm|phi)"
    # the version and the size apart ("qwen3-9b", "llama 3 13b"): "qwen 14b" is a bare size, not version 1, size 4b
    r"[\s-]?v?\d+(?:\.\d+)?[\s-]{1,2}\d+(?:\.\d+)?\s*b(?![a-z])",
    re.ASCII,
)


# the same with the family misspelt and its version glued on ("Owen3-9b", "lama3 9b", "0wen2.5 9b")
MISSPELT_NAMED_SIZE = lazy(r"(?<![a-z0-9])([a-z0]{3,7})(-?v?\d+(?:\.\d+)?[\s-]{1,2}\d+(?:\.\d+)?\s*b)(?![a-z])", re.ASCII)
FAMILY_WORDS = ("qwen", "llama", "gemma", "mistral", "mixtral", "deepseek", "internlm", "chatglm")


def unknown_model(text: str) -> Match | None:
    """A family, a version and a size that name no catalog model ("qwen3-9b"): worth a "did you mean". A
    misspelt family ("Owen3-9b") is named by the one family it is close to, so the answer is the same."""
    m = NAMED_SIZE.search(text)
    if m:
        return Match(m.group(0), m.start(), m.end())
    short = shortened(text)  # "qw3 9b" as "qwen3 9b"; "mi3 7b" (mistral or mixtral) as typed
    if short is not None:
        return Match(short[0], short[1], short[2])
    for m in MISSPELT_NAMED_SIZE.finditer(text):
        word = name_glyphs.as_letters(m.group(1))
        close = [f for f in FAMILY_WORDS if f != word and fuzz.ratio(word, f) >= 75]
        if len(close) == 1:
            return Match(close[0] + m.group(2), m.start(), m.end())
    return None


def split_name(text: str) -> list[Match]:
    """"h100 八张 全参 那个 32b 的千问3": the family and its size apart, joined and looked up."""
    family = FAMILY_VERSION.search(text)
    size = SIZE.search(text)
    if not family or not size:
        return []
    ident = model_table().by_key.get(normalize_name(family.group(0) + size.group(0)))
    if ident is None:
        return []
    return [Match(ident, min(family.start(), size.start()), max(family.end(), size.end()))]


# "a 40 GB card", "an 80G one": a letter, a gap, then a memory amount is that much memory, not the card
# whose name the letters and digits spell once spaces are dropped (A40, A80)
SPACED_MEMORY = lazy(r"[a-z]\s+\d+\s*(?:g|gb)\b", re.I)


# A memory amount said of the card right beside it: before it ("48gb 4090", "40g 的 a100", "48G版4090", "48g 版的
# 4090", "the 48gb version of the 4090") or
# after it with a bracket or "with" between ("4090 (48gb)", "4090 with 48GB"); "4090 48G" is a name already.
# the memory before the card, with the word that says the card is a variant between ("48g 魔改 4090", "48gb modded 4090")
MEMORY_BEFORE = lazy(r"(?<![\d.])(\d{2,3})\s*(?:g|gb)\s*(?:的|(?:版本?|显存)\s*(?:的)?|(?:version|variant|edition)\s+(?:of\s+)?(?:the\s+|an?\s+)?)?\s*(?:(?:魔改|改装|modded|modified|mod)\s*(?:版|的)?\s*(?:rtx\s*)?)?$",
                     re.ASCII)
MEMORY_AFTER = lazy(r"\s*(?:[(（]|with\s+|带\s*)\s*(\d{2,3})\s*(?:g|gb)(?![a-z0-9])", re.ASCII)


FORM_AFTER = lazy(r"\s*(sxm\d?|pcie|nvl)(?![a-z0-9])", re.ASCII)


# A bare number that spells a card ("5090") counts data when a data unit follows it ("5090 条数据",
# "3090 samples"); a label before the count is no unit ("4090 样本2万条" is the card, then 20,000 samples)
# a bare number followed by a count of data or an amount's currency is that count or amount, never a card's name:
# "3090 条", "4090 steps"; "预算 3090 美元", "$3090", "5090 块钱"
DATA_COUNT_AFTER = lazy(r"\s*(?:条|个样本|行数据|samples?\b|rows?\b|examples?\b|tokens?\b|steps?\b|步|epochs?\b"
                        r"|美元|美金|刀|块钱|元|人民币|usdt?\b|dollars?\b|bucks\b|rmb\b|cny\b)", re.I)


@one_message.per_message
def find_gpus(text: str) -> list[Match]:
    table = gpu_table()
    found = [_with_form(text, _with_memory(text, m, table), table) for m in table.exact(text, Compact.of(text))
             if not SPACED_MEMORY.match(text, m.start)
             and not (text[m.start:m.end].isdigit() and (DATA_COUNT_AFTER.match(text, m.end) or text[:m.start].rstrip()[-1:] in ("$", "¥", "₮")))]
    return _other_memories(text, _other_forms(text, found, table), table)


# a bare form factor joined to a card just named ("h100 sxm 和 pcie", "a100 pcie vs sxm", "h100 sxm or the pcie one"):
# the same card in that form, a second card of the question
OTHER_FORM = lazy(r"\s*(?:和|跟|与|对比|比|还是|vs\.?|versus|and|or|to|compared\s+(?:to|with))\s*(?:the\s+|its\s+)?(sxm\d?|pcie|nvl)(?![a-z0-9])", re.ASCII)


def _other_forms(text: str, found: list[Match], table: NameTable) -> list[Match]:
    out = list(found)
    for m in found:
        other = OTHER_FORM.match(text, m.end)
        if other is None:
            continue
        base = FORM_STRIP.sub("", text[m.start:m.end]).strip()
        ident = table.by_key.get(normalize_name(f"{base} {other.group(1)}"))
        if ident is not None and ident != m.ident and not any(f.start == other.start(1) for f in found):
            out.append(Match(ident, other.start(1), other.end(1), m.fuzzy))
    return out


# a bare memory joined to a card just named ("4090 24g 和 48g", "a100 40g vs 80g", "4090 or the 48gb one"): the
# same card with that memory, a second card of the question, when the catalog has that variant; a memory that
# opens the next card's name ("4090 和 48g 的 a6000") is that card's, not this one's
OTHER_MEMORY = lazy(r"\s*(?:和|跟|同|与|对比|比|还是|或|vs\.?|versus|and|or|to|compared\s+(?:to|with))\s*(?:the\s+|its\s+)?"
                    r"(\d{2,3})\s*(?:g|gb)(?![a-z0-9])(?!\s*(?:的\s*)?(?:版本?\s*(?:的)?\s*)?(?:rtx\s*)?[a-z]*\s*\d)", re.ASCII)
MEMORY_TAIL = lazy(r"\s*\(?\d{2,3}\s*(?:g|gb)\)?\s*$", re.ASCII)


def _other_memories(text: str, found: list[Match], table: NameTable) -> list[Match]:
    out = list(found)
    for m in found:
        other = OTHER_MEMORY.match(text, m.end)
        if other is None or any(f.start <= other.start(1) < f.end for f in found):
            continue
        base = MEMORY_TAIL.sub("", text[m.start:m.end]).strip()
        ident = table.by_key.get(normalize_name(f"{base} {other.group(1)}g"))
        if ident is not None and ident != m.ident and all(f.ident != ident for f in out):
            out.append(Match(ident, other.start(1), other.end(), m.fuzzy))
    return out


FORM_STRIP = lazy(r"(?<![a-z0-9])(?:sxm\d?|pcie|nvl)(?![a-z0-9])", re.ASCII)


def _with_form(text: str, m: Match, table: NameTable) -> Match:
    """A form factor typed after the card and its memory ("h100 80gb sxm") is the card's: the variant it
    names, or the card found when its own name has that form, so "sxm" is never left over as a word of
    the question (which the PCIe-vs-SXM FAQ entry would claim)."""
    form = FORM_AFTER.match(text, m.end)
    if form is None:
        return m
    ident = table.by_key.get(normalize_name(text[m.start:form.end()]))
    if ident is None and form.group(1)[:3] in normalize_name(gpus().get(m.ident).name):
        ident = m.ident
    return Match(ident, m.start, form.end(), m.fuzzy) if ident is not None else m


def _with_memory(text: str, m: Match, table: NameTable) -> Match:
    """The catalog variant a stated memory names: "48gb 4090" is the 48 GB RTX 4090 and "40g a100" the
    A100 40GB when the catalog has them, found as the card's name with that memory ("4090 48g"); a memory
    no variant has leaves the card as named."""
    before = MEMORY_BEFORE.search(text[max(0, m.start - 28):m.start])
    after = MEMORY_AFTER.match(text, m.end)
    for found, start, end in ((before, m.start - len(before.group(0)) if before else 0, m.end),
                              (after, m.start, after.end() if after else 0)):
        if found is None:
            continue
        ident = table.by_key.get(normalize_name(f"{text[m.start:m.end]} {found.group(1)}g"))
        if ident is not None:
            return Match(ident, start, end, m.fuzzy)
    return m


PROVIDER_TOKEN = lazy(r"[a-z][a-z0-9]{3,12}")


def provider_names() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each provider's id with its names as matched (id, name and aliases from
    catalogs/providers/*.yaml, normalized, longest first): a new alias is a YAML line."""
    return _normalized(catalog_provider_names())


@lru_cache(maxsize=4)
def _normalized(table: tuple[tuple[str, tuple[str, ...]], ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    out = []
    for ident, names in table:
        keys = {normalize_name(n) for n in names} - {""}
        out.append((ident, tuple(sorted(keys, key=lambda k: (-len(k), k)))))
    return tuple(out)


@one_message.per_message
def find_provider(text: str) -> Match | None:
    """The provider named in `text` (exact name or alias, or a typo such as "gpuil"); of several
    named, the one named first."""
    compact = Compact.of(text)
    table = provider_names()
    found = [(i, -len(key), ident, key) for ident, keys in table for key in keys
             if (i := compact.text.find(key)) >= 0 and not _split_word(text, compact.origin[i], compact.origin[i + len(key) - 1] + 1)]
    if found:
        i, _, ident, key = min(found)
        return Match(ident, compact.origin[i], compact.origin[i + len(key) - 1] + 1)
    latin = {key: ident for ident, keys in table for key in keys if key.isascii() and key[:1].isalpha()}
    for tok in PROVIDER_TOKEN.finditer(text):
        best = process.extractOne(tok.group(0), list(latin), scorer=fuzz.ratio, score_cutoff=80)
        if best is not None:
            return Match(latin[best[0]], tok.start(), tok.end(), fuzzy=True)
    described = place_provider(text)  # "深圳那家", "the one in Singapore": the provider whose machines are there
    return Match(*described) if described is not None else None


def _split_word(text: str, start: int, end: int) -> bool:
    """A name read across a space that ends inside a word: "gpu list" is no "gpuli"."""
    return any(c.isspace() for c in text[start:end]) and end < len(text) and text[end].isascii() and text[end].isalpha()


def providers_named(text: str) -> list[str]:
    """Every provider `text` names by its exact name or alias, in the order named ("gpuli or cloudgpu?":
    both, for a question that sets them against each other)."""
    return list(dict.fromkeys(ident for _, ident in provider_starts(text)))


def provider_starts(text: str) -> list[tuple[int, str]]:
    """Where in `text` each provider is first named by its exact name or alias (start, id), in the order named."""
    compact = Compact.of(text)
    found = sorted((i, ident) for ident, keys in provider_names() for key in keys
                   if (i := compact.text.find(key)) >= 0 and not _split_word(text, compact.origin[i], compact.origin[i + len(key) - 1] + 1))
    firsts = {ident: i for i, ident in reversed(found)}
    return sorted((compact.origin[i], ident) for ident, i in firsts.items())
