"""Which cards a budget rents for a span, no card named ("一个月 400 U 以内能租什么卡", "what can I rent for under
$300 a month?"): every single-card rental whose price for the span (a month unless one is said) is within the
budget, at each provider, most memory first (seed 000: gpuli's RTX 4090 ₮369 and RTX A6000 ₮389 a month fit ₮400;
the RTX 5090 at ₮499 does not). Why: the question was answered with the whole card catalog, no price against the
money. A band's high end must be within the budget (an estimate is not promised below it)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import short_gpu
from engine.catalog import gpus
from engine.errors import KasuanError
from engine.money import Money
from engine.price_list import setup_prices

SHOWN = 10  # rows: a reply stays a phone screen long


def cards_within(budget: Money, hours: float, lang: str) -> Reply:
    """The rentals of one card for `hours` that `budget` pays for, most memory first, cheapest first within it."""
    found: list[tuple[float, Decimal, str]] = []
    for g in gpus().entries:
        try:
            prices = setup_prices(g.id, 1, timedelta(hours=hours))
        except KasuanError:
            continue
        for row in prices.offered:
            q = row.quotes[0]
            if q.num_gpus != 1 or q.instances != 1:
                continue
            cost = Money(q.total_max, q.currency)
            within = cost.to(budget.currency)
            if within.amount <= budget.amount:
                shown = cost.rounded().format(lang)
                if cost.currency != budget.currency:  # "¥2,800 ≈ ₮394": the price set against the money in its currency
                    shown = f"{shown} ≈ {within.rounded().format(lang)}"
                found.append((g.memory_gb, within.amount, f"{row.provider.name} {short_gpu(g.name)} ({g.memory_gb:g} GB): {shown}"))
    span = t("cost.dur.days", lang, n=f"{hours / 24:g}") if hours >= 24 else t("cost.dur.hours", lang, n=f"{hours:g}")
    if not found:
        return Reply("error", lang, {"message": t("price.within_none", lang, budget=budget.format(lang), span=span)})
    found.sort(key=lambda x: (-x[0], x[1]))
    lines = [t("price.within_head", lang, budget=budget.format(lang), span=span)]
    lines += [f"• {text}" for _, _, text in found[:SHOWN]]
    if len(found) > SHOWN:
        lines.append(t("price.within_more", lang, n=len(found) - SHOWN))
    return Reply("error", lang, {"message": "\n".join(lines)})
