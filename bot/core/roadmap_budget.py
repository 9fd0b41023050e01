"""A two-step plan asked with its budget ("we got ~$2k for the quarter, 8b qlora first then maybe full ft, plan?",
"这季度预算 1.5 万，先 qlora 验证再全参，怎么安排"): the budget named back with its span, and whether both steps fit
in it: a week of the cheap first step's card plus the full fine-tune's cheapest month, and how many such months the
money covers after the first step (no more than the span holds: three in a quarter).

Why: the plan listed each step's prices and left the money said out, so the one thing asked (does this plan fit what
we have?) was not answered. The figures are the steps' own, converted at the catalog's comparison rates only to set
them beside the budget; a budget in a currency with no rate is named back and not weighed (bot.core.unrated_budget)."""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal
from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.understand.roadmap import MONTHS_IN
from engine.money import Money


def _cheapest(rows: list[dict[str, Any]], unit: str) -> tuple[str, Money, Money, dict[str, Any]] | None:
    """(provider, its own figure, that figure in US dollars, its row) of the cheapest `unit` among `rows`."""
    best: tuple[str, Money, Money, dict[str, Any]] | None = None
    for row in rows:
        for u in row.get("units") or []:
            total, usd = u.get("total") or {}, u.get("converted") or u.get("total") or {}
            if u.get("unit") != unit or total.get("low") != total.get("high"):
                continue  # a band has no one figure to add
            own = Money.of(Decimal(str(total["low"])), total["currency"])
            dollars = Money.of(Decimal(str(usd["low"])), usd["currency"]).to("USD")
            if best is None or dollars < best[2]:
                best = (str(row["provider"]), own, dollars, row)
    return best


def budget_line(lang: str, budget: tuple[Decimal, str], period: str | None, first: dict[str, Any],
                full: dict[str, Any]) -> Reply | None:
    """The line that weighs both steps against `budget` (amount, currency id); `first` and `full` are the two
    sizings' views. None when either step has no firm price to add."""
    table: dict[str, Any] = first["table_card"] if isinstance(first.get("table_card"), dict) else {}
    first_rows = [*(first.get("prices") or []), *({**r, "card": table.get("name")} for r in table.get("prices") or [])]
    week = _cheapest(first_rows, "week") or _cheapest(first_rows, "month")
    month = _cheapest(full.get("prices") or [], "month")
    if week is None or month is None or not month[2].amount:
        return None
    cur = budget[1]
    have = Money.of(budget[0], cur)
    step1, step2 = week[2].to(cur), month[2].to(cur)
    left = have - step1
    months = (left.amount / step2.amount).to_integral_value(rounding=ROUND_FLOOR) if left.amount > 0 else Decimal(0)
    if period in MONTHS_IN:
        months = min(months, Decimal(MONTHS_IN[period]))
    said = have.format(lang) + (t(f"roadmap.budget_period.{period}", lang) if period else "")
    setup: dict[str, Any] = full["price_for"] if isinstance(full.get("price_for"), dict) else {}
    count = setup.get("num_gpus") or full.get("num_gpus") or 1
    common: dict[str, Any] = {
        "budget": said, "p1": week[0], "gpu1": short_gpu(str(week[3].get("card") or first.get("gpu_name") or "")),
        "a1": week[1].format(lang), "p2": month[0],
        "gpu2": f"{count}× {short_gpu(str(month[3].get('card') or setup.get('name') or full.get('gpu_name') or ''))}",
        "a2": month[1].format(lang), "unit1": t("unit." + ("week" if _cheapest(first_rows, "week") else "month"), lang)}
    key = "roadmap.budget_fits" if months >= 1 else "roadmap.budget_first_only" if left.amount >= 0 else "roadmap.budget_short"
    line = t(key, lang, n=int(months), total=(step1 + step2 * months).approx().format(lang),
             left=left.approx().format(lang), **common)
    return Reply("error", lang, {"message": line})
