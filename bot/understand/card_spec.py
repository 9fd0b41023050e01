"""A card's vendor facts asked ("H100 SXM vs A100 SXM 的 NVLink 带宽多少", "what is the memory bandwidth of
an a100?", "4090 支持 FP8 吗", "H100 算力多少"): answered from the GPU catalog (catalogs/gpus.yaml), never
with a price list or an FAQ entry on network bandwidth.

Why its own reader: the message names cards and little else, so it parsed as those cards' prices; the
word "带宽" alone pulled the FAQ entry on egress traffic. Read once from the normalized text with the
other asks (bot.understand.asks); the answer needs a card named and no job (bot.core.router).
"""

from __future__ import annotations

import re

from bot.understand.lazy import lazy

_BANDWIDTH = r"(?:带宽|bandwidth|\bbw\b|速度|速率|speed|多快|how\s+fast|gb/s)"
_LINK = r"(?:nvlink|nvswitch|xgmi|互联|互连|卡间|卡与卡之间|interconnect|gpu[\s-]*to[\s-]*gpu)"
_MEMORY = r"(?:显存|内存|访存|hbm\d?e?|gddr\d?x?|memory|mem|vram)"
# the facts a message can ask, in the order a reply gives them: (key, pattern)
SPECS = (
    ("interconnect_gbs", lazy(rf"{_LINK}\s*(?:的\s*)?{_BANDWIDTH}|{_BANDWIDTH}.{{0,6}}(?:of|for)?\s*{_LINK}", re.IGNORECASE)),
    ("bandwidth_gbs", lazy(rf"{_MEMORY}\s*(?:的\s*)?{_BANDWIDTH}|{_BANDWIDTH}\s*(?:of|for)?\s*(?:the\s+)?{_MEMORY}", re.IGNORECASE)),
    ("fp8_tflops", lazy(r"\bfp8\b", re.IGNORECASE)),
    ("bf16_tflops", lazy(r"算力|t?flops\b|compute\s+power|\bbf16\s*(?:性能|吞吐|throughput|performance)", re.IGNORECASE)),
)


def specs_asked(norm: str) -> tuple[str, ...]:
    """The catalog facts the message asks of a card, by their catalog field ("interconnect_gbs",
    "bandwidth_gbs", "fp8_tflops", "bf16_tflops"); () when it asks none."""
    return tuple(key for key, pattern in SPECS if pattern.search(norm))
