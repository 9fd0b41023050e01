"""The host memory an offloading setup needs, against what the instances that rent it have.

Why: offload moves the fp32 master weights and the optimizer moments to host RAM (72B full: 864 GB a
node), so "8 卡 H100 offload 主机内存够吗" is answered by the instance, not by the cards: seed 000's
8 × H100 instance has 1,600 GB, enough. The reply names each provider's instance RAM (from the
catalog, where it states it) beside the figure, and leads with the verdict when the message asked.
"""

from __future__ import annotations

from typing import Any

from engine.fit import Fit
from engine.providers import providers


def host_memory(verdict: Fit | None, asked: bool) -> dict[str, Any] | None:
    """{"gb": host RAM needed per node, "rows": [{"provider", "ram_gb", "ok"}], "ok": True/False/None
    (None: no instance states its RAM), "asked": the verdict leads (asked, and the cards hold the job:
    one that misses on the cards is answered on the cards first)}; {"none": True} when asked of a setup
    that offloads nothing (host memory carries nothing extra); None when neither says anything."""
    if verdict is None:
        return None
    holds = verdict.fits or verdict.may_fit
    if verdict.estimate.plan.offload == "none" or not verdict.estimate.host_gb:
        return {"none": True, "asked": True} if asked and holds else None
    need = verdict.estimate.host_gb
    per_node = verdict.num_gpus // verdict.estimate.plan.nodes
    offers = sorted(((p.name, o.ram_gb) for p in providers().entries for o in p.offers
                     if o.gpu == verdict.gpu.id and o.count == per_node and o.ram_gb is not None), key=lambda x: x[1])
    rows = [{"provider": name, "ram_gb": ram, "ok": need <= ram} for name, ram in offers]
    ok = None if not rows else any(r["ok"] for r in rows)
    return {"gb": need, "rows": rows, "ok": ok, "asked": asked and holds, "cards": per_node, "gpu": verdict.gpu.name}
