"""The /gpus reply: every catalog card with its memory, BF16 compute and single-card list prices.

The first message groups the cards by memory so it stays a phone screen long (a reply leads in at
most 15 lines); the table with each provider's list price is the Details button's answer.
"""

from __future__ import annotations

from typing import Any

from bot.messages import Button, Reply, Turn
from bot.text.names import short_gpu
from engine.catalog import gpus
from engine.providers import providers

PERIODS = ("hour", "week", "month")  # the shortest period a provider lists is the price shown


def _prices(gpu_id: str) -> list[dict[str, Any]]:
    prices = []
    for p in providers().entries:
        for offer in p.offers_for(gpu_id):
            if offer.count != 1:
                continue
            price_period = next(((k, offer.prices[k]) for k in PERIODS if offer.prices.get(k) is not None), None)
            if price_period is not None:
                key, price = price_period
                prices.append({"provider": p.id, "period": key, "low": price.low, "high": price.high,
                               "currency": p.currency, "estimate": price.status == "estimate"})
    return prices


def gpus_reply(lang: str, details: bool) -> Reply:
    rows = [{"name": short_gpu(g.name), "memory_gb": g.memory_gb, "tflops": g.bf16_tflops,
             "interconnect": g.interconnect, "prices": _prices(g.id)} for g in gpus().entries]
    by_memory: dict[float, list[str]] = {}
    for g in gpus().entries:
        by_memory.setdefault(g.memory_gb, []).append(short_gpu(g.name))
    groups = [{"memory_gb": mem, "names": names} for mem, names in sorted(by_memory.items())]
    reply = Reply("gpus", lang, {"rows_data": rows, "groups": groups, "details": details})
    reply.turn = Turn("gpus", {})
    if not details:
        reply.buttons = [Button("btn.details", "d|")]
    return reply
