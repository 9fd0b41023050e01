"""Where the machines must be, or are asked to be: a team's data-residency rule ("数据必须留在境内", "our hospital
requires mainland China hosting", "海外的也行", "US-based only"), a whether-question about it ("数据能不能放境内"),
and a question of which provider or region has something ("gpuli 哪个机房能行", "which region has InfiniBand").

Why: a hospital or a bank may only rent where the law lets its data go; read as nothing, "有境内机房的 A100 吗"
priced every provider's A100 and never said which of them is in China. The rule is read once here, at the parse:
when it leaves one provider with machines there and none was named, that provider is the one priced. The places
are the catalog's (each region's `area`), never words of this module; these words only say which area is meant.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bot.understand.provider_place import place_provider
from engine.providers import provider_areas

if TYPE_CHECKING:
    from bot.understand.parser import Parsed

# "国内" alone is often where the team is ("从国内连过去延迟多少", "从国内传数据"): it counts only beside what is hosted
_MAINLAND = re.compile(
    # a rule that the data may not leave ("数据不出境", "不能出境", "must not leave China") keeps it inside
    r"(?:不|不能|不得|不可|不许|不准|禁止|严禁|别)\s*(?:出境|离境|出国|(?:离开|出)\s*(?:中国|国内|大陆))|出不了境"
    r"|\b(?:not|never|cannot|can'?t|mustn'?t)\s+(?:be\s+allowed\s+to\s+)?leave\s+(?:mainland\s+)?(?:china|the\s+country)\b"
    r"|境内|中国大陆|大陆(?:的)?(?:机房|服务器|节点)|(?:放|留|存|部署|托管|待)\s*(?:在)?\s*国内|国内\s*(?:的)?\s*(?:机房|服务器|节点|机器|托管|部署)"
    r"|\bmainland\b|\b(?:in|inside|within|stays?\s+in|kept\s+in|hosted\s+in)\s+(?:mainland\s+)?china\b"
    r"|\bchina[\s-](?:based|hosted|hosting|region|data\s*cent(?:er|re)s?)\b|\bchinese\s+(?:soil|data\s*cent(?:er|re)s?|servers?)\b",
    re.IGNORECASE)
_ABROAD = re.compile(r"海外|境外|国外(?:的)?(?:机房|节点|服务器|机器)|\boverseas\b|\boutside\s+(?:of\s+)?(?:mainland\s+)?china\b|\babroad\b",
                     re.IGNORECASE)
_US = re.compile(r"(?:在|放)\s*美国|美国\s*(?:的)?\s*(?:机房|服务器|机器|节点)|\bin\s+the\s+(?:us|usa|u\.s\.?|states)\b|\bus[\s-](?:based|hosted|regions?|data\s*cent(?:er|re)s?)\b"
                 r"|\bunited\s+states\b|\bin\s+america\b", re.IGNORECASE)
_SINGAPORE = re.compile(r"(?:在|放)\s*新加坡|新加坡\s*(?:的)?\s*(?:机房|服务器|机器)|\bin\s+singapore\b|\bsingapore[\s-](?:based|hosted|regions?)\b",
                        re.IGNORECASE)
# whether the data may go there, asked, not required: answered beside the rest, the providers all still priced
_WHETHER = re.compile(
    r"(?:能不能|能否|可不可以|可以|能)\s*(?:把)?\s*(?:数据)?\s*(?:放|留|存|部署)\s*(?:在)?\s*(?:境内|国内|海外|境外)"
    r"|(?:放|留|存)\s*(?:在)?\s*(?:境内|国内|海外|境外)\s*(?:吗|么|嘛|行吗|可以吗|能行吗)"
    r"|\b(?:can|could|may)\s+(?:the\s+|our\s+|my\s+)?data\s+(?:stay|be\s+(?:kept|hosted|stored))\b"
    r"|\bis\s+(?:there\s+)?(?:any\s+)?(?:hosting|option)\s+in\s+(?:mainland\s+)?china\b",
    re.IGNORECASE)
# which region or site is asked: "哪个机房", "机房在哪", "which region", "where are the machines"
_WHERE = re.compile(
    r"哪(?:个|些|里的?|几个)\s*(?:机房|地区|区域|节点|region)|机房\s*(?:在)?\s*哪"
    r"|\b(?:which|what)\s+(?:regions?|data\s*cent(?:er|re)s?|locations?|sites?)\b|\bwhere\s+(?:are|is|do|does|can)\b",
    re.IGNORECASE)
# which provider suits a rule, or whether the one named does ("哪家 OK", "一万网络的 H100 能用吗", "which one works"):
# under a residency rule the place answers it
_FITS = re.compile(r"哪家|哪个(?:平台|服务商|厂商|云)|谁家|能用吗|能不能用|可以用吗|可不可以用|能租吗|能不能租|行吗|行不行|可以吗|合适吗|符合|满足"
                   r"|\bok\b|\bwhich\s+(?:one|provider|host|vendor|cloud)s?\b|\b(?:can|could)\s+(?:we|i)\s+(?:use|rent)\b|\bworks?\b|\busable\b"
                   r"|\ballowed\b|\bcomplian", re.IGNORECASE)
# which provider is asked ("哪家有", "which provider has"): who rents a card, which the price list answers by itself;
# a place only beside an area named ("哪家在境内有机房") or InfiniBand between nodes (each provider's sits in named regions)
_WHO = re.compile(r"哪家\s*(?:有|在)|谁家\s*(?:有|在)"
                  r"|\bwhich\s+(?:provider|one|company|host|vendor)s?\s+(?:\w+\s+){0,4}?(?:has|have|is|are|runs?|offers?)\b",
                  re.IGNORECASE)


@dataclass(frozen=True)
class Place:
    """The area the machines must be in (a catalog `area`), and whether the message only asks if they can be."""

    area: str
    whether: bool = False


def place_wanted(text: str) -> Place | None:
    """The area `text` keeps the machines to, or asks about; None when it names none."""
    if place_provider(text) is not None:
        return None  # "新加坡机房的那家": a provider described by where its machines are (bot.understand.provider_place)
    whether = bool(_WHETHER.search(text))
    for area, words in (("mainland-china", _MAINLAND), ("abroad", _ABROAD), ("us", _US), ("singapore", _SINGAPORE)):
        if words.search(text):
            return Place(area, whether)
    return None


def where_asked(text: str, placed: bool = False) -> bool:
    """The message asks which region or site (has a card, InfiniBand between nodes); with `placed` (an area, two
    nodes or InfiniBand in the message), which provider has it too."""
    return bool(_WHERE.search(text) or (placed and _WHO.search(text)))


def in_area(region_area: str | None, area: str) -> bool:
    """A region of `region_area` is in the `area` asked ("abroad": anywhere but mainland China, country known or not)."""
    if region_area is None:
        return False
    return region_area != "mainland-china" if area == "abroad" else region_area == area


def providers_in(area: str) -> list[str]:
    """The providers with a region in `area`, in catalog order."""
    return [ident for ident, areas in provider_areas() if any(in_area(a, area) for a in areas)]


def resident(parsed: Parsed, text: str) -> Parsed:
    """`parsed` kept to where the machines must be: the area stated on its price; and when exactly one provider has
    machines there and the message names none, that provider priced (and its parts). A whether-question keeps
    every provider: it is answered beside them."""
    place = place_wanted(text)  # "哪家在境内有机房": which provider is there; "哪家有 a6000" asks no place
    asked = where_asked(text, place is not None or (parsed.price.nodes or 0) >= 2 or bool(parsed.price.infiniband))
    if asked:
        parsed.price = replace(parsed.price, where_asked=True)
    if place is None:
        return parsed
    parsed.price = replace(parsed.price, place=place.area, place_whether=place.whether, place_fits=bool(_FITS.search(text)))
    there = providers_in(place.area)
    named = parsed.rental.provider or parsed.request.provider
    if named in there and (
            sibling := _sibling_there(parsed.request.gpu or parsed.rental.gpu, named, place.area, text)):
        return _kept_to(parsed, named, sibling)  # "不出境，一万网络的 A100 能用吗": its A100 in Shenzhen, the 40G
    if place.whether or len(there) != 1 or named:
        return parsed
    card = parsed.request.gpu or parsed.rental.gpu
    if parsed.intent in ("faq", "unknown") and card:  # "有境内机房的 A100 吗？多少钱": the card's price, not the regions entry
        from bot.understand.parser import parse  # lazy: the parser calls this module

        again = parse(_WORDS.sub(" ", _without_place(text)))
        if again.intent in ("price", "cost", "size"):
            parsed = again
            parsed.price = replace(parsed.price, place=place.area, where_asked=asked)
    if parsed.intent not in ("price", "cost", "size"):
        return parsed
    return _kept_to(parsed, there[0], _sibling_there(parsed.request.gpu or parsed.rental.gpu, there[0], place.area, text))


# what is left of a residency phrase once its place is taken out: "有境内机房的" -> "有的"
_WORDS = re.compile(r"(?:机房|节点|服务器)\s*的?|\bhosting\b|\bdata\s*cent(?:er|re)s?\b|\bmachines?\s+in\b", re.IGNORECASE)


def _without_place(text: str) -> str:
    for words in (_MAINLAND, _ABROAD, _US, _SINGAPORE):
        text = words.sub(" ", text)
    return text


def _family(name: str) -> str:
    """A card without its memory and form ("A100 40GB SXM" -> "a100"): the card a bare "A100" may mean."""
    return re.sub(r"\s*\d+\s*gb\b|\b(?:sxm|pcie|oam)\b|\(.*?\)", "", name.lower()).strip()


def _sibling_there(card: str | None, ident: str, area: str, text: str) -> str | None:
    """The card of the same family `ident` rents in `area` when the one read is not there and its memory was
    never said ("境内的 A100": the A100 40G in Shenzhen, not the 80G a bare A100 reads as)."""
    from engine.catalog import gpus
    from engine.providers import provider

    found = gpus().find(card) if card else None
    if found is None or re.search(rf"(?<!\d){int(found.memory_gb)}\s*g", text, re.IGNORECASE):
        return None
    p = provider(ident)
    ids = {r.id for r in p.regions if in_area(r.area, area)}
    if any(set(o.regions) & ids for o in p.offers_for(found.id)):
        return None
    for o in p.offers:
        other = gpus().find(o.gpu)
        if set(o.regions) & ids and other is not None and _family(other.name) == _family(found.name):
            return other.id
    return None


def _kept_to(parsed: Parsed, ident: str, card: str | None = None) -> Parsed:
    parsed.rental = replace(parsed.rental, provider=ident, gpu=card or parsed.rental.gpu)
    parsed.request = parsed.request.model_copy(update={"provider": ident, "gpu": card or parsed.request.gpu})
    parsed.parts = [_kept_to(p, ident, card) if not (p.rental.provider or p.request.provider) else p for p in parsed.parts]
    return parsed
