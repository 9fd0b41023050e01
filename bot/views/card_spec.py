"""The answer to a card's vendor facts asked ("H100 SXM vs A100 SXM 的 NVLink 带宽多少", "memory bandwidth of
an a100?", "does the 4090 support FP8?"): each card's figure from the GPU catalog, the first card against
the second when two are named (bot.understand.card_spec reads the question)."""

from __future__ import annotations

from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import gpu_name
from bot.understand.card_spec import DIFFERENCE_SPECS, host_ram_asked
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed
from engine.catalog import gpus
from engine.providers import providers


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
    if spec == "modded":  # vendor-made or a third party's modification: a yes or no, no figure
        row["value"] = bool(value)
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
    # one figure asked of two cards ("MI300X 的 BF16 算力和 H100 比怎么样"): how many times leads; how they differ
    # (several figures) leads with the figures that differ most, each comparison after its own
    return Reply("card_spec", lang, {"facts": facts, "ratio_first": len(specs) == 1})


def _spread(fact: dict[str, Any]) -> float:
    """How far apart the cards are on a fact: the highest figure over the lowest (a card without it counts as apart)."""
    values = [r["raw"] for r in fact["rows"]]
    if any(not v for v in values):
        return 2.0 if any(values) else 1.0
    return float(max(values) / min(values))


def with_machine(reply: Reply, parsed: Parsed, text: str) -> Reply:
    """A card's facts asked of a setup: the memory of all its cards ("8x h200 total vram": 8 × 141 = 1,128 GB), and
    the RAM of its machine ("一万网络 h100 8卡 机器 内存多大 nvswitch 带宽": the machine's own RAM and CPU, from the
    provider's listing, seed 003: 2 TB DDR5) lead the card's facts."""
    cards = set(parsed.cards or ([parsed.request.gpu] if parsed.request.gpu else []))
    where, count = parsed.rental.provider, parsed.request.num_gpus or parsed.rental.num_gpus
    if "memory_gb" in parsed.asks.spec and len(cards) == 1 and (count or 0) > 1:  # "8x h200 total vram": 8 × 141 GB
        card = gpus().get(next(iter(cards)))
        reply = _lead(reply, t("spec.total_memory", reply.lang, n=count, gpu=gpu_name(card.id), each=_figure(card.memory_gb),
                               total=_figure((count or 0) * card.memory_gb)))
    if not host_ram_asked(normalize(text)):
        return reply
    lines = [t("spec.machine", reply.lang, provider=p.name, n=o.count, gpu=gpu_name(o.gpu), ram=f"{o.ram_gb:,}",
               tb=f"{o.ram_gb / 1000:g}", cpu=_cpu(o.cpu or (f"{o.vcpu} vCPU" if o.vcpu else ""), reply.lang), gb=f"{o.gpu_memory_gb or o.count * gpus().get(o.gpu).memory_gb:,.0f}")
             for p in providers().entries if where in (None, p.id)
             for o in p.offers if o.gpu in cards and o.ram_gb and count in (None, o.count)]
    if not lines:
        return reply
    return _lead(reply, "\n".join(dict.fromkeys(lines)))


def _lead(reply: Reply, message: str) -> Reply:
    lead = Reply("error", reply.lang, {"message": message})
    lead.also, lead.turn, lead.reading = [reply, *reply.also], reply.turn, reply.reading
    reply.also = []
    return lead


def _cpu(cpu: str, lang: str) -> str:
    return t("spec.machine_cpu", lang, cpu=cpu) if cpu else ""
