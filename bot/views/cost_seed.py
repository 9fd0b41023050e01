"""A full fine-tuning cost answer that names seed 000's minimum setup for the size class (7B/8B: one
80 GB card with an 8-bit optimizer, ₮899 a month at gpuli) when the pick is another setup.

Why: the cost ranking keeps only setups whose high end fits, so the seed's own minimum (borderline
by our estimate: its states alone are 70 GB of the card) never shows, and a reader holding the
seed's table sees a pick twice the price with no word of the cheaper way it gives. The line names
it with our expected figure, so the risk is stated beside the saving.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from decimal import Decimal
from typing import Any

from bot.text.names import short_gpu
from bot.views.cost import TABLE_ROWS
from bot.views.price import span_totals, unit_prices
from bot.views.sizing import fit_row
from engine.catalog import gpus
from engine.cost import CostReport
from engine.fit import Fit
from engine.memory import Plan
from engine.money import Money
from engine.price_list import setup_prices
from engine.providers import provider as find_provider
from engine.request import TrainingRequest
from engine.seed_adapter_rows import seed_card
from engine.seed_minimums import CLASS_SPAN, SeedMinimum, seed_minimum_for, seed_roomy_for
from engine.sizing import Sizing


def seed_setup(report: CostReport, optimizer_stated: bool, display: str, provider: str | None,
               shown: list[dict[str, Any]] | None = None) -> dict[str, Any] | None:
    """The seed's minimum for this job, estimated and priced (at `provider` when one was asked),
    unless the pick or a row the reply lists (`shown`, its lineup; else the first table rows) already
    is that setup, or nobody asked rents it."""
    s = report.sizing
    r = s.resolved
    row = seed_minimum_for(r, optimizer_stated)
    if row is None:
        return None
    minimum, row = row, _cheaper_for_span(report, row, optimizer_stated, display, provider)
    named = on_named_card(row, r.request.gpu)
    listed = [(gpus().get(x["gpu"]).memory_gb, Plan(x["num_gpus"], x["zero"], x["offload"])) for x in shown[:1]] if shown is not None \
        else [(o.gpu.memory_gb, o.plan) for o in ([report.cheapest] if report.cheapest else []) + list(report.options[:TABLE_ROWS])]
    if r.request.optimizer == row.optimizer and any(gb <= row.min_card_gb * CLASS_SPAN and plan == row.plan for gb, plan in listed):
        return None  # the pick is the seed's setup already (a row further down is not the answer's lead)
    priced = (_priced(s, named, display, provider) if named != row else None) or _priced(s, row, display, provider)
    return priced | {"roomy": row is not minimum} if priced else None


def _cheaper_for_span(report: CostReport, row: SeedMinimum, optimizer_stated: bool, display: str,
                      provider: str | None) -> SeedMinimum:
    """For a stated length, the seed's roomy setup when it rents that length for less than the minimum
    does: 32B full for a week is 8 × H100 by the week (₮4,172), not a month of the 8 × A100 minimum
    (₮8,352, sold by the month only) — the table's own cheaper way for the time asked."""
    roomy = seed_roomy_for(report.sizing.resolved, optimizer_stated)
    if report.stated_duration is None or roomy is None or roomy == row or roomy.optimizer != row.optimizer \
            or roomy.plan.offload != "none" or report.sizing.request.gpu:
        return row
    hours = report.stated_duration.total_seconds() / 3600
    where = find_provider(provider).id if provider else None

    def cheapest(r: SeedMinimum) -> Decimal | None:
        found = span_totals(r.gpu, r.plan.num_gpus, hours, display, where)
        total = found[0]["total"] if found else None
        return Money(Decimal(str(total["high"])), total["currency"]).to(display).amount if total else None

    mine, theirs = cheapest(row), cheapest(roomy)
    return roomy if theirs is not None and (mine is None or theirs < mine) else row


def on_named_card(row: SeedMinimum, named: str | None) -> SeedMinimum:
    """The seed's row on the card the user named when it is of the row's class: seed 000's 7B minimum is
    "1 × A100 / H100 80GB", so "7b全参 a100 sxm 周租多少" prices one A100 SXM (₮319 a week, the seed's own
    figure), not the PCIe card the row lists first (₮269)."""
    if named is None:
        return row
    gb = gpus().get(named).memory_gb
    if named == row.gpu or not row.min_card_gb <= gb <= row.min_card_gb * CLASS_SPAN:
        return row
    # the row's own card stays beside it: "gpuli 租 a100 一个月" is the PCIe card's ₮899 a month where the SXM one
    # is rented by the week only
    return replace(row, gpu=named, also=(row.gpu, *(c for c in row.also if c != named)))


def seed_roomy(s: Sizing, display: str, provider: str | None) -> dict[str, Any] | None:
    """"想宽裕点", "宽裕配置一个月多少": seed 000's roomy setup for the size class (14B: 4 × H100 SXM,
    ₮7,444 a month at gpuli), estimated by our model and priced (at `provider` when one was asked),
    so the reply names the setup and price the table gives beside its own pick; None outside the table."""
    r = s.resolved
    row = seed_roomy_for(r, optimizer_stated=False)
    if row is None:
        return None
    return _priced(s, row, display, provider)


def seed_table_card(report: CostReport, lead: dict[str, Any] | None, display: str, provider: str | None) -> dict[str, Any] | None:
    """A LoRA / QLoRA cost answer with no card named: the card seed 000's LoRA table names for the size
    class (14B bf16 LoRA: one L40S 48GB, ₮649 a month), estimated by our model and priced (at
    `provider` when one was asked), for the line under the lead; None when the lead (the pick, or the
    first row with none safe) is that card at every provider renting it.

    Why: the ranking keeps only setups whose high end fits, so where our range runs past the table's
    card (14B LoRA on 48 GB: 36.4 GB expected, 54.3 GB at the high end) the seed's card never shows, and
    where it fits it may rank fourth (7B QLoRA: gpuli's RTX 4090 at ₮369 after three cheaper rows); a
    reader holding the table should see its card and price in the first lines beside the saving, with
    our figures, so the risk is stated beside it."""
    card = seed_card(report.sizing, provider)
    # one provider's row of the card is not the table's price (CloudGPU's 4090 by the hour is no word of
    # gpuli's ₮369 a month): only every provider renting it, on the lead line, says it already
    listed = {lead.get("provider_name")} if lead and lead.get("gpu") == card and lead.get("num_gpus") == 1 else set()
    return table_card_priced(report.sizing, display, provider, listed)


def lines_seed(report: CostReport, view: dict[str, Any], req: TrainingRequest, provider: str | None) -> dict[str, Any] | None:
    """For a job priced a line per length or per provider (no card per line): a full fine-tune's seed minimum
    (`seed_setup`); a LoRA / QLoRA job with no card named ("32b lora 要什么卡，月租和周租"), seed 000's card for the
    class, priced, unless every line already rents it on one card at each provider renting it.

    Why: the lines keep only the safe picks (32B LoRA: the MI300X, ₮489 a week), so the table's A100 80GB PCIe
    (₮269 / ₮899, seed 000's 32B row) never showed where one answer names it under its lead."""
    if not report.sizing.resolved.adapter:
        return seed_setup(report, req.optimizer is not None, report.display_currency, provider, [])
    if req.gpu:
        return None
    card = seed_card(report.sizing, provider)
    lines = [line.get("rows") or [] for line in view.get("lines") or []]
    named = {r.get("provider_name") for rows in lines for r in rows}
    listed = {p for p in named if lines and all(any(r.get("provider_name") == p and r.get("gpu") == card and r.get("num_gpus") == 1
                                                   for r in rows) for rows in lines)}
    return table_card_priced(report.sizing, report.display_currency, provider, listed)


def table_card_priced(s: Sizing, display: str, provider: str | None, listed: set[Any] | frozenset[Any] = frozenset(),
                      named_missed: bool = False) -> dict[str, Any] | None:
    """Seed 000's card for this LoRA / QLoRA class on one card, estimated by our model and priced at each
    provider renting it (at `provider` only, when one was asked), for a price line beside another pick;
    None outside the table, when nobody asked rents it, or every provider renting it is `listed` already."""
    card = seed_card(s, provider, named_missed)  # `named_missed`: the card the user named does not hold the job
    if card is None:
        return None
    name = find_provider(provider).name if provider else None
    rows = [p for p in unit_prices(card, 1, display) if name is None or p["provider"] == name]
    if not rows or all(p["provider"] in listed for p in rows):
        return None
    est = s.memo.estimate(s.resolved, Plan(1, 0))
    return fit_row(Fit(gpus().get(card), est)) | {"prices": rows, "eight_bit": False, "table": True}


def seed_span(report: CostReport, optimizer_stated: bool, display: str, provider: str | None) -> dict[str, Any] | None:
    """Seed 000's minimum full fine-tuning setup for the job, priced for the span the report prices
    (the cheapest provider renting it, whole cycles), with our figures: what a budget verdict weighs
    when the cheapest safe pick is over the budget. None when the seed gives no minimum, the pick is
    that setup, or nobody rents it (at `provider` when one was asked).

    Why: the safe pick keeps only setups whose high end fits; at the seed's own minimum (32B: 8 × A100
    SXM, ₮8,352 a month) ours is at the edge, so "not enough: ₮19,752" alone contradicts the seed the
    reader holds. The verdict says both, and why they differ."""
    r = report.sizing.resolved
    row = seed_minimum_for(r, optimizer_stated)
    pick = report.cheapest
    if row is None or report.stated_duration is None or (
            pick is not None and pick.gpu.memory_gb <= row.min_card_gb and pick.plan == row.plan):
        return None
    est = report.sizing.memo.estimate(replace(r, request=r.request.model_copy(update={"optimizer": row.optimizer})), row.plan)
    hours = report.stated_duration.total_seconds() / 3600
    return _span_row(Fit(gpus().get(row.gpu), est), hours, display, provider, row.optimizer == "adamw-8bit")


def table_span(report: CostReport, display: str, provider: str | None) -> dict[str, Any] | None:
    """Seed 000's card for a LoRA / QLoRA class (14B bf16 LoRA: one L40S) priced for the span the report
    prices, with our figures, when the pick is another card: what a budget verdict names beside a pick
    within the budget, so "enough" on an RTX A6000 does not hide that the table's card is over it."""
    card = seed_card(report.sizing, provider)
    pick = report.cheapest
    if card is None or report.stated_duration is None or pick is None or pick.gpu.id == card:
        return None
    est = report.sizing.memo.estimate(report.sizing.resolved, Plan(1, 0))
    row = _span_row(Fit(gpus().get(card), est), report.stated_duration.total_seconds() / 3600, display, provider, False)
    return None if row is None else row | {"card": True}


def _span_row(found: Fit, hours: float, display: str, provider: str | None, eight_bit: bool) -> dict[str, Any] | None:
    """A seed setup priced for `hours` at the cheapest provider renting it (a firm price first)."""
    totals = span_totals(found.gpu.id, found.num_gpus, hours, display, provider)
    if not totals:
        return None
    fit = fit_row(found)
    # a firm price before an estimated band (the ranking's caution on estimates), cheapest first within each
    best = next((x for x in totals if x["total"]["low"] == x["total"]["high"]), totals[0])
    return {"provider": best["provider"], "total": best["total"], "name": short_gpu(fit["name"]), "num_gpus": fit["num_gpus"],
            "total_gb": fit["total_gb"], "high_gb": fit["high_gb"], "memory_gb": fit["memory_gb"],
            "eight_bit": eight_bit}


def _priced(s: Sizing, row: SeedMinimum, display: str, provider: str | None) -> dict[str, Any] | None:
    """A seed table's setup estimated by our model with its optimizer and priced at each provider renting it
    (at `provider` only, when one was asked); None when nobody asked rents it."""
    r = s.resolved
    est = s.memo.estimate(replace(r, request=r.request.model_copy(update={"optimizer": row.optimizer})), row.plan)
    name = find_provider(provider).name if provider else None
    rows = [p for p in unit_prices(row.gpu, row.plan.num_gpus, display) if name is None or p["provider"] == name]
    if not rows:
        return None
    # the row's other cards where the seed prices them ("7B 全参用 A100 SXM 是 ₮319" a week): named beside the first
    rows += [p | {"card": short_gpu(gpus().get(card).name), "card_id": card} for card in row.also if card != row.gpu
             for p in unit_prices(card, row.plan.num_gpus, display) if p["provider"] in {x["provider"] for x in rows}]
    return fit_row(Fit(gpus().get(row.gpu), est)) | {"prices": rows, "eight_bit": row.optimizer == "adamw-8bit"}


def seed_for_span(seed: dict[str, Any] | None, report: CostReport, provider: str | None, form_named: bool = False) -> None:
    """A stated span ("跑两天", "一周半"): the seed's setup named under the pick (its minimum, or the LoRA
    table's card) gets its total for that span beside its unit prices, so it compares with the pick's total
    (CloudGPU's RTX 4090 for two days: 48h × $0.33 = $15.84); not where a unit's own price is that total. Of the
    row's cards the one renting the span for least is priced ("gpuli 租 a100 一个月": the PCIe card's ₮899 month,
    not five weeks of the SXM one at ₮319), named when it is not the setup's own; a card whose form was named
    ("a100 sxm", `form_named`) is priced alone."""
    if seed and form_named:
        seed["prices"] = [p for p in seed["prices"] if not p.get("card_id")]
    if not seed or report.stated_duration is None:
        return
    hours = report.stated_duration.total_seconds() / 3600
    display = report.display_currency
    cards = [(seed["gpu"], None), *dict.fromkeys((p["card_id"], p["card"]) for p in seed["prices"] if p.get("card_id"))]
    spans = [(s, card, name, _surplus(card, seed["num_gpus"], hours, display, s["provider"])) for card, name in cards
             for s in span_totals(card, seed["num_gpus"], hours, display, provider)[:1]]
    if not spans:
        seed["span"] = None
        return
    own = spans[0] if spans[0][1] == seed["gpu"] else None
    # another card of the row only where it rents the span with less time paid for and unused ("a100 一个月": a
    # PCIe month against five SXM weeks); two weeks are two weeks on either ("a100 sxm 两周": the SXM's ₮638)
    others = [x for x in spans if x[1] != seed["gpu"] and (own is None or x[3] < own[3])]
    span, card, name, _ = min(others, key=lambda x: Money(Decimal(str(x[0]["total"]["high"])), x[0]["total"]["currency"]).to(display).amount) \
        if others else (own or spans[0])
    listed = [u["total"] for p in seed["prices"] for u in p["units"]
              if p["provider"] == span["provider"] and p.get("card_id", seed["gpu"]) == card]
    seed["span"] = None if span["total"] in listed else span | ({"provider": f"{span['provider']} {name}"} if name else {})


def _surplus(gpu: str, num_gpus: int, hours: float, display: str, provider_name: str) -> Decimal:
    """The hours bought and left unused when `provider_name` rents `num_gpus` × `gpu` for `hours` (whole cycles)."""
    prices = setup_prices(gpu, num_gpus, timedelta(hours=hours), display_currency=display, whole_machines=True)
    return min((r.quotes[0].unused_hours for r in prices.offered if r.provider.name == provider_name and r.quotes),
               default=Decimal(0))
