""""14b full finetune, is offload the cheapest way?", "14b 全参 offload 是最省钱的吗": offload weighed on price.

Why its own answer: the question is a comparison, and a sizing of the offload plan (memory per card,
host memory) leaves the reader to work it out. The answer is both prices for the same rental — the
cheapest setup that offloads and the cheapest that does not (seed 000: 14B full on 4 × A100 80GB,
ZeRO-3, gpuli ₮4,308 a month) — which one is cheaper, and what offload costs in speed (20–50% of
throughput, so the same job runs longer). With no length stated both are priced for a month, the
term every provider sells, so an hourly card and a monthly box are compared on the same span.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import short_gpu
from engine.catalog import form_variants, gpus
from engine.cost import CostOption, CostReport
from engine.cost import compare as compare_cost
from engine.errors import KasuanError
from engine.money import Money
from engine.price_list import setup_prices
from engine.request import TrainingRequest
from engine.seed_minimums import seed_minimum_for

MONTH_DAYS = 30
SLOWER = (Decimal("1.25"), Decimal(2))  # 20–50% less throughput: the same job takes 1.25–2× as long


@dataclass(frozen=True)
class Side:
    """One way's cheapest rental: where, what, its total (a band low–high) and whether billed by the minute."""

    provider: str
    setup: str
    low: Decimal
    high: Decimal
    currency: str
    hourly: bool
    notes: tuple[str, ...] = ()

    def key(self, display: str) -> Decimal:
        return Money(self.high, self.currency).to(display).amount

    def price(self, lang: str, times: Decimal = Decimal(1)) -> str:
        """The total (a band as low–high); scaled by `times` for a longer run, in whole units."""
        low, high = self.low * times, self.high * times
        if times != 1:
            low, high = low.quantize(Decimal(1)), high.quantize(Decimal(1))
        text = Money(low, self.currency).format(lang)
        return text if high == low else f"{text}–{Money(high, self.currency).format(lang)}"


def _side(o: CostOption, lang: str) -> Side:
    setup = t("sum.setup", lang, n=o.num_gpus, gpu=short_gpu(o.gpu.name))
    setup = f"{setup} (ZeRO-{o.plan.zero})" if o.num_gpus > 1 and o.plan.zero else setup
    return Side(o.provider.name, setup, o.quote.total_range.low, o.quote.total_range.high, o.quote.currency,
                any(c.kind == "minute" for c in o.quote.cycles), tuple(n.code for n in o.notes))


def _seed_8bit(base: TrainingRequest, report: CostReport, lang: str) -> Side | None:
    """Seed 000's minimum when it is one 80 GB card with an 8-bit optimizer (7B / 8B full, "正好卡进 80 GB
    单卡"): a way without offload too, priced as the catalogs rent that card for the same span."""
    row = seed_minimum_for(report.sizing.resolved, base.optimizer is not None)
    if row is None or row.optimizer != "adamw-8bit" or row.plan.offload != "none":
        return None
    hours = (base.days or 0) * 24 + (base.hours or 0)
    prices = setup_prices(form_variants(row.gpu), row.plan.num_gpus, timedelta(hours=hours), display_currency=report.display_currency)
    quoted = [(r, q) for r in prices.offered for q in r.quotes[:1]]
    if not quoted:
        return None
    r, q = min(quoted, key=lambda x: Money(x[1].total_range.high, x[1].currency).to(report.display_currency).amount)
    setup = t("sum.setup", lang, n=row.plan.num_gpus, gpu=short_gpu(gpus().get(r.gpu).name)) + t("sum.seed_8bit", lang)
    return Side(r.provider.name, setup, q.total_range.low, q.total_range.high, q.currency, any(c.kind == "minute" for c in q.cycles))


def offload_versus(req: TrainingRequest, lang: str, safe: bool = False) -> Reply | None:
    """Both prices and the verdict; None when one side has no setup at all (then the sizing answers). `safe`: the
    offload setup asked whether it is the cheapest *safe* way ("单卡 + offload 是不是最便宜的稳妥方案"): no, whatever its
    price, since it runs 20–50% slower and leans on host memory; the safe cheapest is the way without it (seed 000's
    minimum: 14B full on 4 × A100 SXM with ZeRO-3, ₮4,308 a month)."""
    stated = req.days or req.hours
    base = req.model_copy(update={"offload": None, "zero": None, "num_gpus": None,
                                  "days": req.days if stated else MONTH_DAYS})
    try:
        report = compare_cost(base)
    except KasuanError:
        return None
    display = report.display_currency
    off = [_side(o, lang) for o in report.options if o.plan.offload != "none"]
    on = [_side(o, lang) for o in report.options if o.plan.offload == "none"]
    seeded = _seed_8bit(base, report, lang)
    on += [seeded] if seeded else []
    if not (on and off) and req.gpu and req.offload not in (None, "none"):
        # "单卡 h200 开 offload 不是更便宜吗": the card named, offloaded, has no side of its own; the way without offload is
        # the cheapest on any card (seed 000: 14B full on 4 × A100 80GB, ₮4,308 a month)
        try:
            if req.num_gpus and compare_cost(req.model_copy(update={"offload": "none", "zero": None, "days": base.days})).options:
                return None  # the setup named holds it without offload: a dearer setup, answered with the seed's minimum
            named = compare_cost(req.model_copy(update={"zero": None, "days": base.days}))
            report = compare_cost(base.model_copy(update={"gpu": None}))
        except KasuanError:
            return None
        off = [_side(o, lang) for o in named.options if o.plan.offload != "none"] or off
        on = [_side(o, lang) for o in report.options if o.plan.offload == "none"]
        seeded = _seed_8bit(base, report, lang)
        on += [seeded] if seeded else []
    if not off or not on:
        return None
    a = min(off, key=lambda x: x.key(display))
    b = min(on, key=lambda x: x.key(display))
    cheaper = a.key(display) < Money(b.low, b.currency).to(display).amount
    span = t("offload_cost.span_hours", lang, hours=f"{req.hours:g}") if req.hours and not req.days \
        else t("offload_cost.span_days", lang, days=f"{req.days or MONTH_DAYS:g}")
    # cheaper on the sticker only: run 1.25–2× as long (20–50% less throughput), the same job may cost more than
    # the way without offload, which stays the safe cheapest (seed 000: offload only when nothing else fits)
    unsure = cheaper and a.key(display) * SLOWER[1] >= Money(b.low, b.currency).to(display).amount
    verdict = "offload_cost.not_safe" if safe else "offload_cost.maybe" if unsure else "offload_cost.yes" if cheaper else "offload_cost.no"
    lead = t(verdict, lang, span=span,
             off_provider=a.provider, off_setup=a.setup, off_price=a.price(lang),
             on_provider=b.provider, on_setup=b.setup, on_price=b.price(lang),
             off_slow=a.price(lang, SLOWER[0]).split("–")[0] + "–" + a.price(lang, SLOWER[1]).split("–")[-1])
    # a job that runs 1.25–2× as long on hourly billing pays that much more; a prepaid cycle may absorb it
    slow = t("offload_cost.slow_hourly" if a.hourly else "offload_cost.slow", lang,
             price=a.price(lang, SLOWER[0]).split("–")[0] + "–" + a.price(lang, SLOWER[1]).split("–")[-1])
    lines = [lead] if unsure or safe else [lead, slow]
    parts = [t(f"offload_cost.caution.{code}", lang) for code in ("tight", "host_unstated") if code in a.notes]
    if parts:
        lines.append(t("offload_cost.caution", lang, parts=("，" if lang == "zh" else ", ").join(parts)))
    return Reply("error", lang, {"message": "\n".join(lines)})


__all__ = ["offload_versus"]
