"""The answer to "can separate single-card rentals be one multi-card machine?": no (each rental is a
machine of its own: no NVLink between them, no shared node, so ZeRO-3's per-step all-gather runs
over the network between machines), and the multi-card setups the providers rent as one machine,
with their interconnect and prices (issue 18, item 4: a multi-card setup is only one a provider
rents as one machine)."""

from __future__ import annotations

from typing import Any

from bot.messages import Reply
from bot.text.names import gpu_name
from bot.views.price import unit_prices
from engine.catalog import gpus
from engine.providers import Provider, providers

MAX_BOXES = 3


def _boxes(provider: Provider | None, gpu: str | None, display: str) -> list[dict[str, Any]]:
    """Multi-card offers rented as one machine: the asked provider's (else every provider's), the
    asked card's first, then by card count nearest eight."""
    found = []
    for p in [provider] if provider is not None else providers().entries:
        for o in p.offers:
            if o.count < 2:
                continue
            rows = [r for r in unit_prices(o.gpu, o.count, display) if r["provider"] == p.name]
            if rows:
                found.append({"provider": p.name, "n": o.count, "gpu": gpu_name(o.gpu), "units": rows[0]["units"],
                              "nvlink": gpus().get(o.gpu).interconnect in ("nvlink", "xgmi"),
                              "same_card": o.gpu == gpu})
    found.sort(key=lambda b: (not b["same_card"], b["n"] != 8))
    return found[:MAX_BOXES]


def pooled_reply(lang: str, gpu: str | None, count: int | None, provider_id: str | None, display: str) -> Reply:
    """The "no" with its reason, and the multi-card machines rented whole (at the provider named)."""
    provider = next((p for p in providers().entries if p.id == provider_id), None) if provider_id else None
    return Reply("pooled", lang, {"gpu": gpu_name(gpu) if gpu else None, "n": count,
                                  "provider": provider.name if provider else None,
                                  "boxes": _boxes(provider, gpu, display)})
