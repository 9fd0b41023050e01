"""Cards side by side for one job ("7b 全参用 h200 还是 a100 80g", "8xH100 with offload vs 8xH200"):
each card judged with the lever that makes it hold the job, the way seed 000 sizes its own rows, and
the pick (or the trade-off) said first.

Why levers per card: seed 000 gives 7B full fine-tuning on one 80 GB card with the 8-bit optimizer and
72B on 8 × H100 only with optimizer offload (20–50% slower). A comparison that sizes every card with
plain AdamW marks the seed's own minimum ❌, and one that offloads on every card (because offload was
said of one) slows a card that needs none. So each card tries, in order of cost: as asked, then without
offload when the card holds the job without it (offload costs throughput), then the 8-bit optimizer
when no optimizer was stated. The lever used is named on its row."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.core.context import Context
from bot.messages import Reply, Turn
from bot.text.names import gpu_name
from bot.views.price import unit_prices
from bot.views.summary import sizing_summary
from engine.catalog import form_variants, gpus
from engine.fit import QLORA_SLOW_PCT
from engine.price_list import cheapest_card_hour
from engine.providers import provider
from engine.request import TrainingRequest
from engine.sizing import Sizing, size

UNITS = ("month", "week", "hour")


def _seed_edge(s: Sizing) -> bool:
    """At seed 000's own minimum and within its allowance for activations (7B on one 80 GB card with
    the 8-bit optimizer): borderline, not out (engine.seed_minimums.at_the_edge)."""
    return any(w.code == "seed_minimum" and w.params.get("edge") for w in s.warnings)


def _holds(s: Sizing) -> bool:
    return s.fit is not None and (s.fit.fits or s.fit.may_fit or _seed_edge(s))


def judged(req: TrainingRequest) -> tuple[Sizing, str | None, float | None]:
    """The job on one named setup, with the cheapest lever that holds it: None (as asked), "no_offload"
    (offload was asked but the card holds the job without it) or "8bit" (no optimizer stated, AdamW
    misses); AdamW's figure comes back when the 8-bit optimizer was added, to say beside it."""
    s = size(req)
    if req.method != "full":
        return s, None, None
    if req.offload not in (None, "none"):
        for optimizer in (req.optimizer,) if req.optimizer else (None, "adamw-8bit"):
            plain = size(req.model_copy(update={"offload": "none", "optimizer": optimizer}))
            if plain.fit is not None and plain.fit.fits:
                return plain, "no_offload" if optimizer == req.optimizer else "no_offload_8bit", None
        return s, None, None
    if req.optimizer is None and not (s.fit is not None and s.fit.fits):
        eight = size(req.model_copy(update={"optimizer": "adamw-8bit"}))
        if _holds(eight):
            return eight, "8bit", s.estimate.total_gb
    return s, None, None


def with_lever(req: TrainingRequest) -> TrainingRequest:
    """A full fine-tune on one named card priced as it is judged side by side: with the 8-bit optimizer
    and its card count where AdamW misses and that holds the job (7B on one A100 80GB, as seed 000 gives
    it), not on as many of the card as AdamW needs; as asked otherwise."""
    if req.method != "full" or req.optimizer is not None:
        return req
    s, lever, _ = judged(req)
    if lever == "8bit" and s.fit is not None:
        return req.model_copy(update={"optimizer": "adamw-8bit", "num_gpus": s.fit.num_gpus})
    return req


def _prices(gpu: str, count: int, display: str, form_named: bool) -> list[dict[str, Any]]:
    """The setup's prices, and where the question named no form factor ("a100 80g"), the same card's
    other form factor at providers that rent only that one (gpuli's A100 80GB PCIe, ₮899 a month)."""
    rows = unit_prices(gpu, count, display)
    if form_named:
        return rows
    for sibling in form_variants(gpu)[1:]:
        seen = {(p["provider"], u["unit"]) for p in rows for u in p["units"]}
        for p in unit_prices(sibling, count, display):
            units = [u for u in p["units"] if (p["provider"], u["unit"]) not in seen]
            if units:
                rows.append({"provider": p["provider"], "units": units, "form": gpu_name(sibling)})
    return rows


def _uncounted(req: TrainingRequest, gpu: str, methods: dict[str, str]) -> int | None:
    """The count of a card compared without one ("2 张 H100 还是直接上 MI300X"): one card where one holds
    the job, or may at the edge (72B bf16 LoRA on a 192 GB MI300X: 167 GB expected), as "直接上" a card means;
    else the count the question gave the other card."""
    if (req.num_gpus or 1) > 1:
        one = size(req.model_copy(update={"gpu": gpu, "num_gpus": 1, "zero": None, "method": methods.get(gpu, req.method)}))
        if one.fit is not None and (one.fit.fits or one.fit.may_fit):
            return 1
    return req.num_gpus


def versus_request(ctx: Context, req: TrainingRequest, cards: list[tuple[str, int | None]], cheaper: bool = False,
                   form_named: bool = True, named: str | None = None, methods: dict[str, str] | None = None) -> Reply:
    """"8x A100 vs 8x H100 for 32B full": the same job on each card named (each at its own stated
    count, else the count the question gave), each with its lever, verdict and price side by side, and
    the pick first: the cheaper one that holds the job, or the trade-off when the cheaper one only holds it
    by offloading or at the edge. `cheaper` ("选哪个最便宜"): the rows follow cheapest first. `methods`: each
    card's own method where the message gave two ("qlora on a 4090 vs bf16 lora on a 5090"); QLoRA's speed
    against bf16 LoRA is then said beside the pick."""
    rows = []
    methods = methods or {}
    for gpu, count in cards[:3]:
        s, lever, adamw_gb = judged(req.model_copy(update={"gpu": gpu, "num_gpus": count or _uncounted(req, gpu, methods), "zero": req.zero,
                                                           "method": methods.get(gpu, req.method)}))
        row = sizing_summary(s, ctx.display_currency)
        v = row["verdict"]
        if v is not None:
            row["prices"] = _prices(v["gpu"], v["num_gpus"], ctx.display_currency, form_named)
        rows.append(row | {"lever": lever, "adamw_gb": adamw_gb, "edge": _seed_edge(s)})
    if cheaper:
        rows.sort(key=_setup_rate)
    mixed = len({row["method"] for row in rows}) > 1
    slow = dict(zip(("low", "high"), QLORA_SLOW_PCT, strict=True)) if mixed and {"qlora", "lora"} <= {row["method"] for row in rows} else None
    rocm = any(gpus().get(gpu).vendor == "amd" for gpu, _ in cards[:3])  # seed 000 on the MI300X: ROCm, not CUDA, said beside the pick
    reply = Reply("sizing_versus", ctx.lang, {"rows": rows, "pick": pick(rows, named or req.provider), "mixed": mixed, "qlora_slow": slow,
                                               "rocm": rocm})
    reply.turn = Turn("size", {"request": req.stated(), "versus": [gpu for gpu, _ in cards[:3]]})  # "cost for 8h each?" next
    return reply


def _setup_rate(row: dict[str, Any]) -> tuple[int, Decimal]:
    """A compared row's rank on price: a setup that holds the job before one that does not, then the
    whole setup's lowest list price an hour (in USD, so providers' currencies compare)."""
    v = row["verdict"]
    if v is None:
        return 1, Decimal("Infinity")
    rate = cheapest_card_hour(v["gpu"], v["num_gpus"]) if row.get("prices") else None
    return (0 if v["fits"] else 1), (rate * v["num_gpus"] if rate is not None else Decimal("Infinity"))


def _same_unit(a: dict[str, Any], b: dict[str, Any], named: str | None = None) -> dict[str, Any] | None:
    """Both rows' price at one provider in one unit (a month first), to compare like with like, at the
    provider the question named where it rents both ("gpuli 选 a100 还是 h100 差价多少"); a range compares
    on its high end."""
    if named is not None:
        there = _same_unit({**a, "prices": [p for p in a["prices"] if p["provider"] == provider(named).name]},
                           {**b, "prices": [p for p in b["prices"] if p["provider"] == provider(named).name]})
        if there is not None:
            return there
    for unit in UNITS:
        for pa in a["prices"]:
            for pb in b["prices"]:
                if pa["provider"] != pb["provider"]:
                    continue
                ua = next((u for u in pa["units"] if u["unit"] == unit), None)
                ub = next((u for u in pb["units"] if u["unit"] == unit), None)
                if ua and ub and ua["total"]["currency"] == ub["total"]["currency"]:
                    return {"provider": pa["provider"], "unit": unit, "a": ua["total"], "b": ub["total"],
                            "a_form": pa.get("form"), "b_form": pb.get("form"),
                            "diff": abs(Decimal(str(ub["total"]["high"])) - Decimal(str(ua["total"]["high"]))),
                            "band": ua["total"]["low"] != ua["total"]["high"] or ub["total"]["low"] != ub["total"]["high"]}
    return None


def _holding(row: dict[str, Any]) -> bool:
    v = row["verdict"]
    return v is not None and bool(v["fits"] or v["may_fit"] or row["edge"])


def _edge(row: dict[str, Any]) -> bool:
    """Holds the job only at the card's edge: tight, or only our expected figure fits (the seed's minimum)."""
    return bool(row["verdict"]["tight"] or not row["verdict"]["fits"])


def pick(rows: list[dict[str, Any]], named: str | None = None) -> dict[str, Any] | None:
    """The answer to "which one": the cheapest row that holds the job comfortably, with why (the other
    misses, or costs more); where the cheaper one holds it only with offload (20–50% slower) or at the
    edge, the trade-off: the cheaper one and its cost, the other and what it buys. None when none fits."""
    holding = sorted((r for r in rows if _holding(r)), key=lambda r: (_setup_rate(r)[1]))
    if not holding:
        return None
    cheap = holding[0]
    others = [r for r in rows if r is not cheap]
    if len(holding) == 1:
        miss = others[0] if others else None
        return {"kind": "only", "a": cheap, "b": miss}
    other = holding[1]
    if not other["prices"] and cheap["prices"]:
        return {"kind": "unrented", "a": cheap, "b": other}
    price = _same_unit(cheap, other, named)
    slow = cheap["verdict"]["offload"] != "none" and other["verdict"]["offload"] == "none"
    edge = _edge(cheap) and not _edge(other)
    kind = "offload" if slow else "edge" if edge else "cheaper_band" if price and price["band"] else "cheaper"
    return {"kind": kind, "a": cheap, "b": other, "price": price}
