"""How many cards a budget rents ("Budget 2k USDT a month: how many RTX 4090s?", "预算一万块一个月，能租几张 A100"):
the budget divided by one card's price for the span priced, rounded down, with the sum it comes to and what is left
(seed 000: ₮2,000 ÷ ₮369 = 5 cards, 5 × ₮369 = ₮1,845, ₮155 left).

Why: a count asked with a budget was judged as one card against it ("enough, ₮1,631 left"), which answered
whether one card fits, not how many. Only for a single card's firm price: a band (an estimate) has no one count,
and a multi-card machine's count is its own question. Each card is its own single-card rental, said after the figure.
"""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal
from typing import Any

from bot.text.i18n import t
from bot.understand.parser import Parsed
from engine.money import Money


def cards_asked(parsed: Parsed) -> bool:
    """How many cards is asked, no count stated ("能租几张", "how many 4090s can we rent")."""
    return bool(parsed.asks.count or parsed.asks.how_many_gpu) and not parsed.request.num_gpus


def affordable(budget: Money, price: Money) -> int:
    """Whole cards `budget` pays for at `price` each (converted at the catalog's rates); 0 when none."""
    unit = price.to(budget.currency).amount
    if unit <= 0 or budget.amount <= 0:
        return 0
    return int((budget.amount / unit).to_integral_value(rounding=ROUND_FLOOR))


def cards_verdict(row: dict[str, Any], budget: Money, lang: str) -> str | None:
    """The count of `row`'s card the budget rents for its quote's span, its sum and what is left; None when the row
    is no single card's firm price or the money rents not one."""
    total = row["quotes"][0]["total"]
    if int(row["num_gpus"]) != 1 or total["low"] != total["high"] or row["quotes"][0].get("add_ons"):
        return None
    price = Money(Decimal(str(total["high"])), total["currency"])
    n = affordable(budget, price)
    if n < 1:
        return None
    spent = price * n
    left = budget - spent.to(budget.currency)
    left = left.rounded() if budget.currency == price.currency else left.approx()
    approx = "" if price.currency == budget.currency else t("plan.budget_approx", lang, converted=spent.to(budget.currency).approx().format(lang))
    return t("plan.budget_cards", lang, budget=budget.format(lang), n=n, gpu=row["gpu"], provider=row["provider"],
             price=price.format(lang), sum=spent.format(lang), approx=approx, left=left.format(lang))
