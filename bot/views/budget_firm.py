"""A budget against a job's cost whose cheapest setup is only a provider's estimate (一万网络's 8×A100 80GB box,
¥25,000–40,000 a month, "非官网明示的推算价…别把预估当成交价", seed 003) while another provider quotes the same
job firmly (gpuli's 8×A100 SXM month ₮8,352, seed 000): the verdict is judged on the cheapest firm quote, the way a
budget after a price list is (bot.views.planning.judged_row), and the estimate is named beside it with where the
budget stands against its high end. A provider the user named is judged where it was named, estimate or not."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.text.i18n import t
from engine.money import Money


def _estimated(row: dict[str, Any]) -> bool:
    return any(n.get("code") == "estimate" for n in row.get("notes") or [])


def firm_instead(view: dict[str, Any] | None, pick: dict[str, Any], provider: str | None) -> dict[str, Any] | None:
    """The cheapest row of the cost reply quoted firmly (one figure, no estimate: a published band such as 一万网络's
    8×H100 ¥80,000–120,000 is none), when its pick is an estimate and no provider was named; None otherwise (the pick
    is judged as it is)."""
    if provider or not isinstance(view, dict) or not _estimated(pick):
        return None
    firm = [r for r in view.get("rows") or [] if not _estimated(r) and "total_max" in r
            and Decimal(str(r.get("total_min", r["total_max"]))) == Decimal(str(r["total_max"]))]  # a published band is no quote
    if not firm:
        return None
    return min(firm, key=lambda r: Money(Decimal(str(r["total_max"])), r["currency"]).to("USD").amount)


def estimate_beside(row: dict[str, Any], limit: Money, lang: str) -> str:
    """The estimate named beside a verdict judged on a firm quote: its band and where the budget stands at its high end."""
    low = Money(Decimal(str(row["total_min"])), row["currency"])
    high = Money(Decimal(str(row["total_max"])), row["currency"])
    in_budget = high.to(limit.currency)
    approx = "" if high.currency == limit.currency else t(
        "plan.budget_approx", lang, converted=f"{low.to(limit.currency).approx().format(lang)}–{in_budget.approx().format(lang)}")
    verdict = t("plan.budget_estimate_within", lang) if in_budget.amount <= limit.amount else t(
        "plan.budget_estimate_over", lang, over=(in_budget - limit).approx().format(lang))
    return t("plan.budget_estimate_beside", lang, provider=row["provider_name"],
             setup=t("sum.setup", lang, n=row["num_gpus"], gpu=row["name"]),
             band=f"{low.format(lang)}–{high.format(lang)}", approx=approx, verdict=verdict)
