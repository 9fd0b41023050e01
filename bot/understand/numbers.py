"""Numbers as people type them: 20M, 2000万, 1.5亿, 500k, 10w, 2e7, 3千, 70亿.

`scale` is the multiplier of a unit suffix. A `k` means 1,000 for counts and money but 1,024 for
sequence lengths ("2k" context = 2048 tokens), so callers pick the table they need.
"""

from __future__ import annotations

import re

COUNT_UNITS = {
    "": 1,
    "k": 1_000,
    "千": 1_000,
    "w": 10_000,
    "万": 10_000,
    "m": 1_000_000,
    "mil": 1_000_000,
    "million": 1_000_000,
    "百万": 1_000_000,
    "千万": 10_000_000,
    "亿": 100_000_000,
    "b": 1_000_000_000,
    "billion": 1_000_000_000,
}
SEQ_UNITS = {"": 1, "k": 1024}

NUMBER = r"(?:\d+(?:\.\d+)?(?:e\d+)?)"
# a count of data or steps may be typed grouped by thousands ("10,000 samples", "1,250 steps"): read whole, the
# grouped form tried first, never as its last group ("000 samples"); a comma before a lone figure still parts it
# from the one before ("rtx4090,5万条样本" is 50,000 samples)
COUNT_NUMBER = r"(?<![\d.])(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+(?:\.\d+)?(?:e\d+)?)"
COUNT_UNIT = r"(?:千万|百万|million|billion|mil|[kwm万亿千b])?"
QUANTITY = re.compile(rf"({NUMBER})\s*({COUNT_UNIT})", re.IGNORECASE)


def to_number(digits: str, unit: str = "", units: dict[str, int] | None = None) -> float:
    """`digits` (may be '1.5' or '2e7') times the multiplier of `unit`."""
    table = units or COUNT_UNITS
    return float(digits.replace(",", "")) * table[unit.lower()]


def parse_quantity(text: str) -> float | None:
    """A whole string that is one quantity ("2000万", "1.5b", "20M") -> its value, else None."""
    m = QUANTITY.fullmatch(text.strip())
    if not m:
        return None
    return to_number(m.group(1), m.group(2))


def parse_params_b(text: str) -> float | None:
    """A model size in billions: "32B" -> 32, "1.5b" -> 1.5, "70亿" -> 7, "7e9" -> 7, "500M" -> 0.5."""
    s = text.strip().lower().replace(" ", "")
    if s.endswith("b") and re.fullmatch(NUMBER, s[:-1]):
        return float(s[:-1])
    value = parse_quantity(s)
    if value is None:
        return None
    if re.fullmatch(NUMBER, s):  # a bare number: billions if small, a parameter count if large
        return value if value < 100_000 else value / 1e9
    return value / 1e9


# a "k" before a machine word ("an 80k rig", "8万的配置", "50k setup") is its price, never a sequence length
RIG_WORDS = r"(?:(?:的\s*)?(?:配置|机器|整机|服务器|主机|方案|预算)|rigs?\b|setups?\b|machines?\b|box(?:es)?\b|servers?\b|builds?\b|budget\b|total\b)"
# what makes "week" / "month" one of it: "a month", "the month", "a full week", "the whole month" (never
# "end of the month" or "in the month")
PERIOD_LEAD = r"\b(?<!of\s)(?<!in\s)(?:a|one|per|every|another|for\s+a|for\s+another|for\s+that|(?:for\s+)?an(?=\s+entire)|the)"
