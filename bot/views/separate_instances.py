"""A count of cards nobody rents as one machine ("gpuli 4张4090 一周多少钱"), priced as that many
single-card instances side by side.

Why: the price answer says no provider rents 4 × RTX 4090 as one box and lists the machines on offer,
which is true but leaves the sum the user asked for to their own arithmetic. Where a provider rents the
card alone, that many separate instances is a real way to rent the cards (each its own machine, talking
over the network: fine for independent runs or data parallel without NVLink), so its total stands
beside the caveat, with the multiplication shown.
"""

from __future__ import annotations

from typing import Any


def separate_instances(data: dict[str, Any], count: int) -> list[dict[str, Any]]:
    """For each single-card row of a price answer (the named provider's only, when one was named):
    its quotes times `count`, each unit kept ({"provider", "quotes": [{"unit", "total", "each"}]})."""
    named = data.get("named")
    out = []
    for row in data.get("rows") or []:
        if row["num_gpus"] != 1 or (named and row["provider_id"] != named):
            continue
        quotes = row["quotes"][:1] if data.get("days") else row["quotes"]
        out.append({"provider": row["provider"], "quotes": [
            {"unit": q.get("unit"), "each": q["total"],
             "total": {**q["total"], "low": q["total"]["low"] * count, "high": q["total"]["high"] * count}}
            for q in quotes]})
    return out
