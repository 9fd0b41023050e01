"""The answer to "can separate single-card rentals be one multi-card machine?": no (each rental is a
machine of its own: no NVLink between them, no shared node, so ZeRO-3's per-step all-gather runs
over the network between machines), and the multi-card setups the providers rent as one machine,
with their interconnect and prices (issue 18, item 4: a multi-card setup is only one a provider
rents as one machine)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.messages import Reply
from bot.text.names import gpu_name
from bot.views.price import unit_prices
from engine.catalog import gpus
from engine.fit import Planner, ladder
from engine.price_list import cheapest_card_hour
from engine.providers import Provider, providers
from engine.request import TrainingRequest
from engine.sizing import Sizing, size

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


def _holding(s: Sizing, provider: Provider | None, display: str) -> list[dict[str, Any]]:
    """The machines rented whole, at any provider, that hold the sized job `s` with no offload ("…拼起来跑 14b 全参":
    gpuli's 4 × A100 80G does it): the fewest cards first, then the cheapest card-hour; the provider
    named keeps its own best one among them."""
    found = []
    for p in providers().entries:
        for o in p.offers:
            rate = cheapest_card_hour(o.gpu, o.count, provider=p.id, whole=True) if o.count >= 2 else None
            if rate is None:
                continue
            r = replace(s.resolved, request=s.request.model_copy(update={"num_gpus": o.count, "zero": None}), num_gpus_stated=True)
            fit = Planner(r, s.memo).first_fit(gpus().get(o.gpu), ladder(r, o.count))
            rows = [u for u in unit_prices(o.gpu, o.count, display) if u["provider"] == p.name]
            if fit.fits and fit.estimate.plan.offload == "none" and rows:
                found.append(((o.count, rate), p, {"provider": p.name, "n": o.count, "gpu": gpu_name(o.gpu),
                                                   "units": rows[0]["units"], "same_card": False,
                                                   "nvlink": gpus().get(o.gpu).interconnect in ("nvlink", "xgmi")}))
    found.sort(key=lambda f: f[0])
    shown = [f for f in found[:MAX_BOXES]]
    own = next((f for f in found if provider is not None and f[1].id == provider.id), None)
    if own is not None and own not in shown:
        shown[-1] = own
    return [f[2] for f in shown]


def pooled_reply(lang: str, gpu: str | None, count: int | None, provider_id: str | None, display: str,
                 job: TrainingRequest | None = None) -> Reply:
    """The "no" with its reason, and the multi-card machines rented whole: those that hold the job stated
    (at any provider), else those of the provider named (else of every provider)."""
    provider = next((p for p in providers().entries if p.id == provider_id), None) if provider_id else None
    sized = size(job.model_copy(update={"gpu": None, "num_gpus": None, "zero": None})) if job is not None and (job.model or job.params_b) else None
    held = _holding(sized, provider, display) if sized is not None else []
    # "14B LoRA，三张 3090 能拼起来跑吗": what the job needs on one card, against one of those cards
    need = {"low": sized.estimate.range.low_gb, "high": sized.estimate.range.high_gb, "expected": sized.estimate.range.expected_gb,
            "card": gpus().get(gpu).memory_gb if gpu else None} if sized is not None else None
    return Reply("pooled", lang, {"gpu": gpu_name(gpu) if gpu else None, "n": count, "need": need,
                                  "provider": None if held else provider.name if provider else None,
                                  "for_job": bool(held), "boxes": held or _boxes(provider, gpu, display)})
