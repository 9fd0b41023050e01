"""A setup's price asked for a span its provider only sells in a longer unit ("32b full finetune cost at
gpuli?" then "can we rent it for just 2 weeks?"): gpuli sells the recommended 8× A100 80GB SXM by the
month only (₮8,352), while another setup that holds the job as safely, 8× H100 SXM, is sold by the week
(seed 000: ₮4,172 a week, so two weeks are ₮8,344). That one leads, the month of the recommended one
beside it, so the answer to "just 2 weeks?" is a rental of two weeks, not a month in disguise.

Why: the setup-price reply names the recommended setup's cheapest rental for the span, which is a whole
month where no week is listed; the question asked for the shorter rental, which another card sells."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import short_gpu
from engine.billing.lines import Quote
from engine.catalog import GpuSpec, gpus
from engine.fit import Fit
from engine.money import Money
from engine.price_list import setup_prices
from engine.providers import providers


def shorter_rental(setup: Fit, provider: str | None, hours: object, lang: str) -> Reply | None:
    """The lead line naming the cheapest setup of as many cards with at least as much memory each, on one
    machine, rented at `provider` for `hours` with less time left unused and for less than `setup`, when
    `setup` is sold there only in a longer unit; else None."""
    if not provider or not hours:
        return None
    span = float(str(hours))
    base = _quote(setup.gpu, setup.num_gpus, span, provider)
    if base is None or base.unused_hours <= 0:
        return None
    others = [(card, q) for card in gpus().entries
              if card.memory_gb >= setup.gpu.memory_gb and card.id != setup.gpu.id
              for q in [_quote(card, setup.num_gpus, span, provider)]
              if q is not None and q.instances == 1 and q.currency == base.currency
              and q.unused_hours < base.unused_hours and q.total_range.high < base.total_range.high]
    if not others:
        return None
    card, quote = min(others, key=lambda cq: cq[1].total_range.high)
    cycles = " + ".join(t(f"cost.cycle_at.{c.kind}", lang, count=Decimal(c.count), n=str(c.count),
                          unit=Money(c.unit_price.high, quote.currency).format(lang)) for c in quote.cycles)
    bought = " + ".join(t(f"cost.cycle.{c.kind}", lang, count=Decimal(c.count), n=str(c.count)) for c in base.cycles)
    said = t("price.span_days", lang, n=f"{span / 24:g}") if span % 24 == 0 else t("cost.dur.hours", lang, n=f"{span:g}")
    return Reply("error", lang, {"message": t(
        "price.shorter_rental", lang, span=said,
        provider=providers().get(quote.provider).name, setup=t("sum.setup", lang, n=setup.num_gpus, gpu=short_gpu(card.name)),
        cycles=cycles, total=Money(quote.total_range.high, quote.currency).format(lang),
        base=t("sum.setup", lang, n=setup.num_gpus, gpu=short_gpu(setup.gpu.name)), base_cycles=bought,
        base_total=Money(base.total_range.high, base.currency).format(lang))})


def _quote(card: GpuSpec, count: int, hours: float, provider: str) -> Quote | None:
    prices = setup_prices(card.id, count, timedelta(hours=hours), whole_machines=True)
    return next((r.quotes[0] for r in prices.offered if r.provider.id == provider and r.quotes), None)
