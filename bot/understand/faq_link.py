"""The link between cards asked of a named card or of ZeRO-3, answered by an interconnect entry of the FAQ.

"L40S 有没有 nvlink 我们想两张一起训", "does the A6000 have NVLink? we want to pair two" ask what links that card to
another: the catalog's form factor and NVLink (bot's nvlink-cards entry gives each card's own part), whatever else
the message shares with an entry on the job ("训", "two"). "ZeRO-3 在 PCIe 的 A100 上效果咋样", "ZeRO-3 over 4090s,
any good?" ask how ZeRO-3 fares on a link without NVLink: its all-gather every step is bound by PCIe, never the
quality of a method (效果 is the shared word). Read as a meaning: the interconnect asked of a card, or ZeRO-3 beside
PCIe or a named card; a price or a job to size is another question."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.understand.entities import find_gpus
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize

if TYPE_CHECKING:
    from bot.understand.faq import Hit

# the link itself asked ("有没有 nvlink", "NVSwitch", "卡间互联", "bridge two of them"), never a card's form in its name
LINK_ASKED = lazy(r"nvlink|nvswitch|互联|互連|互连|桥接|橋接|\binterconnect\w*|\bbridg(?:e|ed|es|ing)\b")
PCIE = lazy(r"\bpcie\b")
ZERO3 = lazy(r"(?:zero|deepspeed|\bds)[\s_-]*(?:stage)?[\s_-]*3(?!\d)")  # "ZeRO-3", "zero3", "deepspeed stage 3"
# a price, a rental or a model to size asked beside it: the price or the sizing answers, with the link in its lines
# (or another spec of the machine asked with it, "多少内存 卡间啥互联": the machine's entry answers both)
OTHER_ASK = lazy(r"多少钱|价格|报价|费用|租金|月租|周租|\d+(?:\.\d+)?\s*b\b|\b(?:price|cost|how\s+much|per\s+(?:hour|month|week))\b"
                 r"|内存|cpu|核|硬盘|磁盘|带宽|\b(?:ram|(?:host|system)\s+memory|cores?|disk|bandwidth)\b")
LINK_TOPIC = "interconnect"


def link_entry(text: str, hit: Hit | None, hits: list[Hit]) -> Hit | None:
    """The best-ranked interconnect entry when `text` asks the link of a named card or ZeRO-3 over PCIe, and the
    entry found is about something else; None otherwise."""
    if hit is not None and LINK_TOPIC in hit.entry.topics:
        return None
    norm = normalize(text).lower()
    if OTHER_ASK.search(norm):
        return None
    cards = find_gpus(norm)
    asked = (cards and LINK_ASKED.search(norm)) or (ZERO3.search(norm) and (PCIE.search(norm) or cards))
    if not asked:
        return None
    from bot.understand.faq import CONFIDENT, faq_index
    index = faq_index()
    ranked = index.search(text, limit=len(index.entries))
    linked = [h for h in ranked if LINK_TOPIC in h.entry.topics]
    # an entry with the named card's own part says that card's link first; "PCIe 的 A100" names the card's form apart
    # from its name, so the part of the SXM form read from the name is no answer
    named = set() if PCIE.search(norm) else {m.ident for m in cards}
    best = next((h for h in linked if any(named & set(part.cards) for part in h.entry.by_card)), linked[0] if linked else None)
    # read from what is asked (the link), not the share of words: answered outright
    return None if best is None else replace(best, score=max(best.score, CONFIDENT))
