"""Another card that the budget does buy: "gpuli 8x h200 monthly?" then "budget's 15k usdt, best 8-gpu box within
that?" (₮19,752 is over): the same count at the same provider for the same span, on the priciest card whose whole
price (a band's high end) stays within the money: gpuli 8× H100 SXM at ₮14,432. When no card of that count fits, the
same card in the most that the money buys ("5k usdt budget 8x a100 sxm month on gpuli?": 4× A100 80GB SXM at ₮4,308).
None when no such setup is rented."""

from __future__ import annotations

from datetime import timedelta

from bot.text.i18n import t
from bot.text.names import short_gpu
from engine.catalog import GpuSpec, gpus
from engine.money import Money
from engine.price_list import setup_prices


def card_within(gpu: list[str], count: int, provider: str, hours: float, budget: Money, lang: str) -> str | None:
    """The line naming the best card (the dearest that fits) of `count` at `provider` for `hours` within `budget`."""
    best = _best([spec for spec in gpus().entries if spec.id not in gpu], count, provider, hours, budget)
    fewer = count - 1
    while best is None and fewer >= 1:  # no other card of that count: the same card, as many as the money buys
        best = _best([spec for spec in gpus().entries if spec.id in gpu], fewer, provider, hours, budget)
        count, fewer = fewer, fewer - 1
    if best is None:
        return None
    _, cost, card, where = best
    return t("plan.budget_card", lang, provider=where, n=count, gpu=card, price=cost.format(lang))


def _best(specs: list[GpuSpec], count: int, provider: str, hours: float, budget: Money) -> tuple[Money, Money, str, str] | None:
    """(in the budget's currency, as listed, card, provider) of the dearest of `count` × a card of `specs` within `budget`."""
    best: tuple[Money, Money, str, str] | None = None
    for spec in specs:
        prices = setup_prices(spec.id, count, timedelta(hours=hours), whole_machines=True)
        for row in prices.offered:
            if row.provider.id != provider or row.num_gpus != count:
                continue
            q = row.quotes[0]
            cost = Money(q.total_max, q.currency)
            there = cost.to(budget.currency)
            if there.amount <= budget.amount and (best is None or there.amount > best[0].amount):
                best = (there, cost, short_gpu(spec.name), row.provider.name)
    return best
