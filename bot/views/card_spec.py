"""The answer to a card's vendor facts asked ("H100 SXM vs A100 SXM 的 NVLink 带宽多少", "memory bandwidth of
an a100?", "does the 4090 support FP8?"): each card's figure from the GPU catalog, the first card against
the second when two are named (bot.understand.card_spec reads the question)."""

from __future__ import annotations

from typing import Any

from bot.messages import Reply
from bot.text.names import gpu_name
from bot.understand.card_spec import DIFFERENCE_SPECS
from engine.catalog import gpus


def _figure(value: float) -> str:
    """900 -> "900", 1978.9 -> "1,978.9": the catalog's figure as the vendor states it."""
    return f"{value:,.0f}" if value == int(value) else f"{value:,.1f}"


def _row(spec: str, gpu: str) -> dict[str, Any]:
    card = gpus().get(gpu)
    value = getattr(card, spec)
    row: dict[str, Any] = {"gpu": gpu_name(gpu), "value": _figure(value) if value is not None else None,
                           "raw": value, "memory": _figure(card.memory_gb)}
    if spec == "bandwidth_gbs" and value is not None and value >= 1000:
        row["tbs"] = f"{value / 1000:.2f}".rstrip("0").rstrip(".")  # 5,300 GB/s is said as vendors say it: 5.3 TB/s
    if spec == "interconnect_gbs":
        row["link"] = card.interconnect  # nvlink (all cards of a node), nvlink-bridge (pairs), xgmi, pcie
    return row


def card_spec_reply(lang: str, cards: list[str], specs: tuple[str, ...]) -> Reply:
    """Each asked fact of each named card; with two cards and both figures, how many times the higher is the lower."""
    facts = []
    for spec in specs:
        rows = [_row(spec, g) for g in dict.fromkeys(cards)]
        more = None
        if len(rows) == 2 and rows[0]["raw"] and rows[1]["raw"] and rows[0]["raw"] != rows[1]["raw"]:
            high, low = sorted(rows, key=lambda r: r["raw"], reverse=True)
            more = {"a": high["gpu"], "b": low["gpu"], "x": _figure(round(high["raw"] / low["raw"], 1))}
        facts.append({"spec": spec, "rows": rows, "more": more})
    if specs == DIFFERENCE_SPECS:  # how the cards differ: the facts that differ most lead, equal ones are left out
        facts = sorted((f for f in facts if _spread(f) > 1), key=_spread, reverse=True) or facts
    return Reply("card_spec", lang, {"facts": facts})


def _spread(fact: dict[str, Any]) -> float:
    """How far apart the cards are on a fact: the highest figure over the lowest (a card without it counts as apart)."""
    values = [r["raw"] for r in fact["rows"]]
    if any(not v for v in values):
        return 2.0 if any(values) else 1.0
    return float(max(values) / min(values))
