"""A full fine-tuning cost answer that names seed 000's minimum setup for the size class (7B/8B: one
80 GB card with an 8-bit optimizer, ₮899 a month at gpuli) when the pick is another setup.

Why: the cost ranking keeps only setups whose high end fits, so the seed's own minimum (borderline
by our estimate: its states alone are 70 GB of the card) never shows, and a reader holding the
seed's table sees a pick twice the price with no word of the cheaper way it gives. The line names
it with our expected figure, so the risk is stated beside the saving.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.views.cost import TABLE_ROWS
from bot.views.price import unit_prices
from bot.views.sizing import fit_row
from engine.catalog import gpus
from engine.cost import CostReport
from engine.fit import Fit
from engine.providers import provider as find_provider
from engine.seed_minimums import seed_minimum_for, seed_roomy_for
from engine.sizing import Sizing


def seed_setup(report: CostReport, optimizer_stated: bool, display: str, provider: str | None) -> dict[str, Any] | None:
    """The seed's minimum for this job, estimated and priced (at `provider` when one was asked),
    unless the pick already is that setup or nobody asked rents it."""
    s = report.sizing
    r = s.resolved
    row = seed_minimum_for(r, optimizer_stated)
    if row is None:
        return None
    shown = ([report.cheapest] if report.cheapest is not None else []) + list(report.options[:TABLE_ROWS])
    if r.request.optimizer == row.optimizer and any(
            o.gpu.memory_gb <= row.min_card_gb and o.plan == row.plan for o in shown):
        return None  # the pick or a row shown is the seed's setup already
    est = s.memo.estimate(replace(r, request=r.request.model_copy(update={"optimizer": row.optimizer})), row.plan)
    name = find_provider(provider).name if provider else None
    rows = [p for p in unit_prices(row.gpu, row.plan.num_gpus, display) if name is None or p["provider"] == name]
    if not rows:
        return None
    return fit_row(Fit(gpus().get(row.gpu), est)) | {"prices": rows, "eight_bit": row.optimizer == "adamw-8bit"}


def seed_roomy(s: Sizing, display: str, provider: str | None) -> dict[str, Any] | None:
    """"想宽裕点", "宽裕配置一个月多少": seed 000's roomy setup for the size class (14B: 4 × H100 SXM,
    ₮7,444 a month at gpuli), estimated by our model and priced (at `provider` when one was asked),
    so the reply names the setup and price the table gives beside its own pick; None outside the table."""
    r = s.resolved
    row = seed_roomy_for(r, optimizer_stated=False)
    if row is None:
        return None
    est = s.memo.estimate(replace(r, request=r.request.model_copy(update={"optimizer": row.optimizer})), row.plan)
    name = find_provider(provider).name if provider else None
    rows = [p for p in unit_prices(row.gpu, row.plan.num_gpus, display) if name is None or p["provider"] == name]
    if not rows:
        return None
    return fit_row(Fit(gpus().get(row.gpu), est)) | {"prices": rows, "eight_bit": row.optimizer == "adamw-8bit"}
