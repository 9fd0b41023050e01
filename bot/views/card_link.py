"""What a card itself can link, said beside a provider's "no" ("3090 能 nvlink 吗": gpuli's 3090
instances go through PCIe, yet the RTX 3090 takes a two-card NVLink bridge; "does the 4090 have NVLink":
no provider has it, the card has none at all).

Why: the FAQ answers for the instances a provider rents; a question about a card also asks what the
card is built with, and the two differ. The card's own link comes from the GPU catalog
(catalogs/gpus.yaml), never from the FAQ."""

from __future__ import annotations

import re

from bot.text.i18n import t
from bot.text.names import gpu_name
from bot.understand.faq import FaqEntry
from engine.catalog import gpus

# a provider's part that says the card has no link there: "没有。…", "No. …"
_NO = re.compile(r"^\s*(?:没有|不支持|不行|No\b)", re.IGNORECASE)


def card_itself(entry: FaqEntry, card: str | None, answer: str, lang: str, count: int | None = None) -> str | None:
    """The card's own link beside an interconnect answer that says no for it; None otherwise (a yes
    needs nothing added, and an entry on anything but the interconnect is not about the card's link); `count`: how
    many of the card the question asks of."""
    if card is None or "interconnect" not in entry.topics or not _NO.match(answer):
        return None
    spec = gpus().get(card)
    if spec is None:
        return None
    name = gpu_name(card)
    if spec.interconnect == "pcie":  # the count asked of ("两张 4090 之间"), named back
        return t("faq.card_link.none_count", lang, card=name, n=count) if count and count > 1 else \
            t("faq.card_link.none", lang, card=name)
    if spec.interconnect == "nvlink-bridge" and spec.interconnect_gbs:
        gbs = f"{spec.interconnect_gbs:g}"
        return t("faq.card_link.bridge", lang, card=name, gbs=gbs)
    return None
