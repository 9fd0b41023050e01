"""How fast the team says its run goes, read once in the parse: a model-FLOPs utilization ("MFU 35%",
"mfu=0.35", "40% MFU", "算力利用率 38%") that replaces the catalog's default, and a measured throughput in
tokens a second, per card ("3,200 tokens/s per GPU", "单卡 2500 tokens/s") or for the whole job ("总吞吐
40k tok/s"). Its own module because fields.py is at its size limit, and because the throughput's span must
be blanked before the dataset is read: "2500 tokens/s" is a speed, never a dataset of 2,500 tokens."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from bot.understand.lazy import lazy
from bot.understand.trial import Run

_FILLER = r"(?:是|为|约|大概|按|取|能到|达到|到|[:=~≈]|of|at|is|was|around|about|\s)*"
MFU = lazy(r"(?:\bmfu|算力利用率)" + _FILLER + r"(\d+(?:\.\d+)?)\s*(%)?"
           r"|(?<![\d.])(\d+(?:\.\d+)?)\s*(%)?\s*(?:的\s*)?mfu\b", re.ASCII)
_RATE = r"(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k|万)?\s*(?:tokens?|toks?)\s*(?:/\s*(?:s|sec|second)(?![a-z])|per\s+sec(?:ond)?\b|每秒|一秒)"
RATE = lazy(r"(?<![\d.,])" + _RATE + r"|(?:每秒|per\s+second)\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k|万)?\s*(?:个\s*)?(?:tokens?|toks?)(?![a-z])",
            re.ASCII)
# whose rate it is, said next to it: one card's ("per GPU", "/gpu", "单卡", "每卡") or the whole job's ("总", "total")
PER_CARD = lazy(r"(?:/|per[\s-]*|each\s+|a\s+)(?:gpu|card|device|rank)\b|单卡|每卡|每张卡?|每块卡?|一张卡", re.ASCII)
# the card word said just before the rate ("单卡 2500 tokens/s", normalized to "1卡"): part of the rate, never a card count
CARD_BEFORE = lazy(r"(?:单卡|(?<![\d.])1\s*卡|每卡|每张卡?|每块卡?|一张卡|per[\s-]*(?:gpu|card))\s*(?:实测|测得|跑到?|能跑到?|能到|大概|约|是|:)?\s*$",
                   re.ASCII)
WHOLE = lazy(r"\btotal\b|\baggregate\b|\bcluster\b|\boverall\b|\bcombined\b|总吞吐|总共|合计|整体|集群|全部", re.ASCII)


def mfu(text: str) -> float | None:
    """The stated MFU as a share: "MFU 35%" and "mfu=0.35" are both 0.35; None when none is stated or it is
    no share at all (0, over 100%)."""
    m = MFU.search(text)
    if not m:
        return None
    value, percent = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    share = float(value) / 100 if percent or float(value) > 1 else float(value)
    return share if 0 < share <= 1 else None


@dataclass(frozen=True)
class Throughput:
    """Tokens a second as measured, and whether they are one card's (else the whole job's)."""

    start: int
    end: int
    tokens_per_second: float
    per_card: bool

    def seconds(self, tokens: float, cards: int) -> float:
        """The run's seconds: its tokens over the job's rate (one card's rate times the cards)."""
        return tokens / (self.tokens_per_second * (cards if self.per_card else 1))


def throughput(text: str) -> Throughput | None:
    """A measured rate in tokens a second, its span in `text` and whose rate it is: a rate said with a card
    word or none is one card's (what a trainer logs), one said with a total word is the job's."""
    m = RATE.search(text)
    if not m:
        return None
    number, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    value = float(number.replace(",", "")) * {"k": 1000, "万": 10_000}.get(unit or "", 1)
    if not value > 0 or math.isinf(value):
        return None
    before = CARD_BEFORE.search(text[max(0, m.start() - 16):m.start()])
    start = m.start() - len(before.group(0)) if before else m.start()
    near = text[max(0, m.start() - 12):m.end() + 16]
    whole = bool(WHOLE.search(near)) and not PER_CARD.search(near) and not before
    return Throughput(start, m.end(), value, not whole)


# a job spec written as key=value ("tokens=12B epochs=2 gpus=8xh100"): the value said before its key, the way a
# sentence says it ("12b tokens"); the same length, so every span found in the text still lines up
KEY_VALUE = lazy(r"(?<![\w=])(tokens|samples|epochs?|steps|gpus|mfu)\s*=\s*([\w.,]+)", re.ASCII)


def spelled(text: str) -> str:
    """`text` with each key=value of a dataset, count or MFU turned round to "value key"."""
    if "=" not in text:
        return text
    return KEY_VALUE.sub(lambda m: f"{m.group(2)} {m.group(1)}".ljust(len(m.group(0))), text)


def rate_spans(text: str) -> list[tuple[int, int]]:
    """The measured rate's span, blanked before the dataset is read."""
    return [(r.start, r.end)] if (r := throughput(text)) is not None else []


def rated_run(text: str, req: dict[str, object], side_minutes: float) -> Run | None:
    """The run a measured throughput and the stated tokens make: tokens × epochs ÷ (rate × cards) seconds; None
    without both."""
    rate, tokens = throughput(text), req.get("tokens")
    if rate is None or not isinstance(tokens, int) or tokens <= 0:
        return None
    epochs = float(e) if isinstance(e := req.get("epochs"), int | float) and e > 0 else 1.0
    cards = n if isinstance(n := req.get("num_gpus"), int) and n > 0 else 1
    seconds = math.ceil(rate.seconds(tokens * epochs, cards))
    return Run(0, epochs, 1, 1, cards, seconds, 1.0, None, None, side_minutes, stated=True, rate=rate.tokens_per_second,
               rate_tokens=tokens * epochs, rate_per_card=rate.per_card)
