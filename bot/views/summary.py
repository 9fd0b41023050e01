"""The short sizing reply as data: the verdict for the setup asked about, its price, up to three
alternatives, the levers that buy headroom and at most two notes that apply to this case.

Why a separate view from bot/views/sizing.py (the Details reply): a team lead reads the first message on
a phone. The verdict leads; the term-by-term breakdown, every card and the checkpoints sit behind
the Details button. The rules, in the order the reply reads:
- verdict: the named card at the stated count (fits / tight / short); with no card named, the
  first card that holds the job at the count asked (or the fewest cards), cheapest first;
- price: the cheapest way to rent the verdict's setup at each provider, in their own units;
- alternatives: at the card count asked for first, then by fit (room before tight) and price per
  hour of the whole setup; a card nobody rents comes after the ones with a price;
- levers: when the stated card is tight or just misses, each lever re-sized (engine.levers);
- notes: only those about this setup; the 8-bit optimizer hint only where it agrees with the
  verdict (it names its own card size), never one that contradicts the line above it.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from functools import lru_cache
from typing import Any

from bot.text.i18n import has
from bot.text.names import gpu_name
from bot.understand.cards import UnknownCard
from bot.views.price import unit_prices
from bot.views.sizing import fit_row
from engine.catalog import gpus
from engine.fit import Fit, Planner, ladder
from engine.levers import Lever, headroom_levers
from engine.preference import NOT_COUNTED, PAIRED, REFERENCE
from engine.price_list import cheapest_card_hour
from engine.request import TrainingRequest
from engine.resolve import resolve
from engine.sizing import Sizing

MAX_ALTERNATIVES = 3
MAX_NOTES = 2
QUIET_WARNINGS = {"does_not_fit", "may_fit", "tight", "grad_checkpointing_slow"}  # said by the verdict, or true of every run
SHOWN_ASSUMPTIONS = ("method_default", "seq_len_default", "micro_batch_default", "lora_rank_default",
                     "grad_checkpointing_default", "zero_chosen", "zero_chosen_ddp", "zero_for_offload",
                     "loss_version_unknown")


@lru_cache(maxsize=4096)
def _setup_rate(gpu: str, num_gpus: int) -> Decimal | None:
    """USD per hour for the whole setup at its cheapest provider (catalog prices do not change while
    the process runs, so this is cached)."""
    rate = cheapest_card_hour(gpu, num_gpus)
    return None if rate is None else rate * num_gpus


def price_rank(f: Fit) -> tuple[int, Decimal]:
    rate = _setup_rate(f.gpu.id, f.num_gpus)
    return (0, rate) if rate is not None else (1, Decimal(0))


ROOMY_SHARE = 0.30  # "roomy": at least this share of each card left free (a tight fit leaves under 10%)


def _verdict_fit(s: Sizing, roomy: bool = False) -> Fit | None:
    """The setup the answer is about: the named card as stated; else, at the count asked (or the
    fewest cards), the cheapest card that holds the job without offload — tight or not: a tight
    fit is answered as tight, with the levers that buy headroom (the seeds' own recipes are tight
    ones, e.g. 32B full on 8 × 80 GB with ZeRO-3), rather than replaced by a dearer setup."""
    if s.fit is not None:
        return s.fit
    fitting = [f for f in s.recommendations if f.fits or f.may_fit]
    if not fitting:
        return None
    if roomy:  # asked for room: the cheapest setup without offload that leaves ROOMY_SHARE of each card free
        spacious = [f for f in fitting if f.estimate.plan.offload == "none"
                    and f.estimate.total_gb <= (1 - ROOMY_SHARE) * f.gpu.memory_gb]
        if spacious:
            return min(spacious, key=lambda f: (price_rank(f), f.num_gpus))
    fewest = min(f.num_gpus for f in fitting)
    first = [f for f in fitting if f.num_gpus == fewest]
    return sorted(first, key=lambda f: (f.estimate.plan.offload != "none", price_rank(f), not f.fits, f.tight))[0]


def stated_count_alternative(s: Sizing) -> Fit | None:
    """When the named card misses as stated: the plan that fits at the stated card count (ZeRO-3,
    then optimizer offload), else the fewest of that card that would (the engine's alternative)."""
    if s.fit is None or s.fit.fits:
        return None
    if s.resolved.num_gpus_stated:
        n = s.estimate.plan.num_gpus
        same = Planner(s.resolved).first_fit(s.fit.gpu, ladder(s.resolved, n))
        if same.fits:
            return same
    return s.alternative


def eight_bit_option(s: Sizing, count: int, stated: TrainingRequest | None) -> Fit | None:
    """Full fine-tuning with AdamW unstated: the cheapest card that holds the job at `count` cards
    only with an 8-bit optimizer (seed 000's "8 × H200 + 8-bit optimizer" for 72B), if any."""
    q = s.request
    if s.resolved.adapter or q.optimizer != "adamw" or (stated is not None and stated.optimizer is not None):
        return None
    r8 = replace(s.resolved, request=q.model_copy(update={"optimizer": "adamw-8bit"}))
    planner = Planner(r8)
    plans = [p for p in ladder(r8, count) if p.offload == "none"]
    holding = {f.gpu.id for f in s.recommendations if f.fits and f.num_gpus == count}
    found = [f for f in (planner.first_fit(g, plans) for g in gpus().entries) if f.fits and f.gpu.id not in holding]
    return min(found, key=lambda f: (f.tight, price_rank(f)), default=None)


def alternatives(s: Sizing, shown: Fit | None, other: Fit | None = None) -> list[Fit]:
    """Up to three other setups that fit: the count asked for first, then room, then price."""
    count = shown.num_gpus if shown is not None else None
    pool = [f for f in s.recommendations if f.fits and (shown is None or f.gpu.id != shown.gpu.id)]
    if other is not None:
        pool = [f for f in pool if f.gpu.id != other.gpu.id]
    pool.sort(key=lambda f: (f.num_gpus != count, f.num_gpus, f.tight, f.estimate.plan.offload != "none", price_rank(f)))
    return pool[:MAX_ALTERNATIVES]


def _notes(s: Sizing, verdict: Fit | None, levers: list[Lever]) -> list[dict[str, Any]]:
    q = s.request
    notes: list[dict[str, Any]] = []
    obj = q.objective or "sft"
    if obj in REFERENCE or obj in PAIRED or obj in NOT_COUNTED:
        notes.append({"code": f"objective.{obj}.{'adapter' if s.resolved.adapter else 'full'}", "params": {}})
    for w in s.warnings:
        if w.code in QUIET_WARNINGS:
            continue
        if w.code in ("needs_8bit_optimizer", "edge_8bit_optimizer"):
            capacity = w.params.get("capacity")
            if levers or (verdict is not None and verdict.gpu.memory_gb != capacity):
                continue  # the levers line says it, or it would name another card size than the verdict
        notes.append({"code": f"warn.{w.code}", "params": dict(w.params)})
    return notes[:MAX_NOTES]


ASKED_FIELDS = ("lora_rank", "lora_targets", "zero", "offload", "optimizer", "grad_checkpointing", "attention",
                "precision", "chunked_loss", "grad_accum", "double_quant", "train_embeddings", "activation_offload")


def asked(stated: TrainingRequest | None) -> list[dict[str, Any]]:
    """The settings the user stated beyond model, method, card, sequence and batch (which the
    verdict line already shows), so the reply names back every fact it used."""
    if stated is None:
        return []
    out = []
    for key in ASKED_FIELDS:
        value = getattr(stated, key, None)
        if value is None:
            continue
        text = ",".join(value) if isinstance(value, tuple) else str(value).lower()
        worded = f"asked.{key}.{text}"  # a value with its own words ("no offload", "gradient checkpointing on")
        out.append({"key": worded if has(worded) else f"asked.{key}", "value": text})
    return out


def other_methods(s: Sizing) -> list[dict[str, Any]]:
    """With no method given (sized as LoRA), what QLoRA and full fine-tuning would need on the same
    plan: one line, so "7B on a 4090" shows the method that fits without another question."""
    if not any(a.code == "method_default" for a in s.assumptions):
        return []
    out = []
    plan = s.estimate.plan
    for method in ("qlora", "full"):
        r = resolve(s.resolved.request.model_copy(update={"method": method, "zero": plan.zero}))
        planner = Planner(r)
        gb = planner.estimate(plan).total_gb
        holding = [f for f in (Fit(g, planner.estimate(plan)) for g in gpus().entries) if f.fits and not f.tight]
        best = min(holding, key=price_rank, default=None) if plan.num_gpus == 1 else None
        out.append({"method": method, "gb": gb,
                    "card": fit_row(best) if best is not None and price_rank(best)[0] == 0 else None,
                    "prices": unit_prices(best.gpu.id, 1, "USD", 1) if best is not None else []})
    return out


def _eight_bit_row(s: Sizing, verdict: Fit | None, other: Fit | None, stated: TrainingRequest | None) -> dict[str, Any] | None:
    """Offered when the answer needs offload, a different count, or is tight: the 8-bit way."""
    shown = other or verdict
    if shown is None:
        return None
    fine = shown.fits and not shown.tight and shown.estimate.plan.offload == "none" and (s.fit is None or s.fit.fits)
    if fine and not s.resolved.no_offload_stated:
        return None
    count = s.estimate.plan.num_gpus if s.resolved.num_gpus_stated else shown.num_gpus
    found = eight_bit_option(s, count, stated)
    return fit_row(found) if found is not None else None


def lineup(verdict: Fit | None, other: Fit | None, eight_bit: dict[str, Any] | None,
           others: list[Fit]) -> list[dict[str, Any]]:
    """Every setup the reply names, in the order it names them (the chart's bars): the verdict, the
    setup that would hold the job as stated, the 8-bit way, then the alternatives."""
    rows = [fit_row(verdict) | {"role": "verdict"}] if verdict is not None else []
    if other is not None:
        rows.append(fit_row(other) | {"role": "alternative"})
    if eight_bit is not None:
        rows.append(eight_bit | {"role": "eight_bit"})
    return rows + [fit_row(f) | {"role": "other"} for f in others]


def sizing_summary(s: Sizing, display_currency: str, card: UnknownCard | None = None,
                   stated: TrainingRequest | None = None, roomy: bool = False,
                   asked_currency: bool = False) -> dict[str, Any]:
    """What the short sizing reply shows (same data for every flavor); `roomy` when the question
    asked for headroom rather than the cheapest fit."""
    q = s.request
    verdict = _verdict_fit(s, roomy)
    levers = headroom_levers(s, verdict if verdict is not None and verdict.fits else None)
    fixed_by_lever = bool(levers) and levers[0].fits and not levers[0].tight and s.fit is not None and not s.fit.fits
    other = None if fixed_by_lever else stated_count_alternative(s)
    priced = other if other is not None else verdict
    others = alternatives(s, verdict, other)
    eight_bit = _eight_bit_row(s, verdict, other, stated)
    return {
        "roomy": roomy and s.fit is None and verdict is not None and not verdict.tight,
        "model": s.resolved.spec.name,
        "model_id": s.resolved.spec.id,
        "fit": fit_row(s.fit) if s.fit is not None else None,
        "bare_size": any(a.code == "architecture_from" for a in s.assumptions),
        "params": s.resolved.params,
        "method": q.method,
        "objective": q.objective if q.objective not in (None, "sft") else None,
        "seq_len": q.seq_len,
        "micro_batch": q.micro_batch,
        "total_gb": s.estimate.total_gb,
        "low_gb": s.estimate.range.low_gb,
        "high_gb": s.estimate.range.high_gb,
        "host_gb": s.estimate.host_gb,
        "num_gpus": s.estimate.plan.num_gpus,
        "zero": s.estimate.plan.zero,
        "offload": s.estimate.plan.offload,
        "named": s.fit is not None,
        "verdict": fit_row(verdict) if verdict is not None else None,
        "alternative": fit_row(other) if other is not None else None,
        "lever_fix": {"code": levers[0].code, "gb": levers[0].total_gb, "value": levers[0].value} if fixed_by_lever else None,
        "price_for": fit_row(priced) if priced is not None else None,
        "prices": unit_prices(priced.gpu.id, priced.num_gpus, display_currency) if priced is not None else [],
        "asked_currency": asked_currency,  # "人民币多少": each price also in that currency
        "others": [fit_row(f) for f in others],
        "eight_bit": eight_bit,
        "lineup": lineup(verdict, other, eight_bit, others),
        "estimate_terms": [term.gb for term in s.estimate.terms],
        "levers": [{"code": lv.code, "gb": lv.total_gb, "fits": lv.fits, "tight": lv.tight, "value": lv.value,
                    "host_gb": lv.host_gb} for lv in levers[1 if fixed_by_lever else 0:][:3]],
        "notes": _notes(s, verdict, levers),
        "asked": asked(stated),
        "methods": other_methods(s),
        "unknown_card": None if card is None else {"name": card.name, "memory_gb": card.memory_gb,
                                                   "as_gb": s.fit.gpu.memory_gb if s.fit is not None else None},
        "assumptions": [{"code": a.code, "value": a.value} for a in s.assumptions if a.code in SHOWN_ASSUMPTIONS],
        "gpu_name": gpu_name(verdict.gpu.id) if verdict is not None else None,
    }
