"""One card's share asked bare, of the answer just given: "per card?", "how much per gpu", "what's that per
card", "each?", "每张多少", "每卡呢", "单卡多少", "平均每张卡多少钱". Which share follows from that answer (bot.core):
a price's money divided by its cards, a sizing's memory on each card. The message says nothing else: a
per-card rate ("每卡每小时") is per_card_hour, a per-card memory word ("每卡显存") is per_card_memory too."""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

_LEAD = (r"(?:(?:and|so|ok(?:ay)?|then|now|well|hmm+|um+|what\s+about|how\s+about|how\s+much(?:\s+(?:is|would\s+be|does\s+it\s+come\s+to))?"
         r"(?:\s+(?:that|it|this))?|what(?:'s|\s+is|\s+would\s+be|\s+does\s+(?:that|it)\s+come\s+to)(?:\s+(?:that|it|this))?"
         r"|that(?:'s|\s+is)|is\s+(?:that|it)|cost|price|money|the\s+(?:cost|price)|broken\s+down|split|divided)\s*,?\s*)*")
_EN = (r"(?:per|for\s+each|each|for\s+one|a|one|by)[\s-]*(?:card|gpu)s?"
       r"(?:\s+(?:then|now|though|basis|price|cost|share|please|pls))*|each|apiece|each\s+one")
_ZH_EACH = r"(?:平均|摊到|分到|折合|算下来|合)?\s*每\s*(?:张|块|个)?\s*(?:卡|gpu)?"
_ZH_ONE = r"(?:1|一|单)\s*(?:张|块|卡)\s*(?:卡|gpu)?"
_ZH_ASK = r"(?:的话|上)?\s*(?:是|要|合|摊|算|得|大概|大约)?\s*(?:多少钱?|几)"
_END = r"\s*[?？!！.。~]*\s*$"
SHARE = lazy(rf"^\s*(?:那|那么|所以|那就是|算下来)?\s*(?:现在|这下|这样)?\s*(?:{_ZH_EACH}\s*(?:{_ZH_ASK}|呢)|{_ZH_ONE}\s*{_ZH_ASK})\s*(?:呢|啊|呀)?{_END}"
             rf"|^\s*{_LEAD}(?:{_EN}){_END}"
             # the English share with a Chinese ask, as a bilingual chat types it ("per card 合多少", "那 per gpu 呢")
             rf"|^\s*(?:那|那么|所以)?\s*{_LEAD}(?:{_EN})\s*(?:{_ZH_ASK}|呢)\s*(?:呢|啊|呀)?{_END}", re.IGNORECASE)


def share_asked(norm: str) -> bool:
    """Whether `norm` (the normalized message) asks one card's share of the answer and nothing else."""
    return bool(SHARE.search(norm))
