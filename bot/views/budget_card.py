"""Another card that the budget does buy: "gpuli 8x h200 monthly?" then "budget's 15k usdt, best 8-gpu box within
that?" (₮19,752 is over): the same count at the same provider for the same span, on the priciest card whose whole
price (a band's high end) stays within the money: gpuli 8× H100 SXM at ₮14,432. None when no such card is rented."""

from __future__ import annotations

from datetime import timedelta

from bot.text.i18n import t
from bot.text.names import short_gpu
from engine.catalog import gpus
from engine.money import Money
from engine.price_list import setup_prices


def card_within(gpu: list[str], count: int, provider: str, hours: float, budget: Money, lang: str) -> str | None:
    """The line naming the best card (the dearest that fits) of `count` at `provider` for `hours` within `budget`."""
    best: tuple[Money, Money, str, str] | None = None  # (in the budget's currency, as listed, card, span)
    for spec in gpus().entries:
        if spec.id in gpu:
            continue
        prices = setup_prices(spec.id, count, timedelta(hours=hours), whole_machines=True)
        for row in prices.offered:
            if row.provider.id != provider or row.num_gpus != count:
                continue
            q = row.quotes[0]
            cost = Money(q.total_max, q.currency)
            there = cost.to(budget.currency)
            if there.amount <= budget.amount and (best is None or there.amount > best[0].amount):
                best = (there, cost, short_gpu(spec.name), row.provider.name)
    if best is None:
        return None
    _, cost, card, where = best
    return t("plan.budget_card", lang, provider=where, n=count, gpu=card, price=cost.format(lang))
