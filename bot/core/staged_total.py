"""The total of two rentals asked one after the other ("先周租一张 4090 跑通，再上 8 卡 h100 包月，一共要准备多少"):
each step priced for its term at a provider that rents both (seed 000's gpuli: ₮109 for the 4090's week and ₮14,432
for 8 × H100's month, ₮14,541 in all), the total leading, then the price list the message would have had.

Why: the message was priced as one rental, its first card alone, so the sum the team asked to set aside was missing."""

from __future__ import annotations

from decimal import Decimal

from bot.core.several import verdict_first
from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.understand.parser import Parsed
from bot.understand.staged_rentals import Step, staged_rentals
from engine.catalog import gpus
from engine.money import Money
from engine.providers import Provider, providers


def _price(p: Provider, step: Step) -> tuple[Decimal, Decimal] | None:
    for offer in p.offers_for(step.gpu):
        price = offer.prices.get(step.term)
        if offer.count == step.count and price is not None:
            return price.low, price.high
    return None


def _said(low: Decimal, high: Decimal, currency: str, lang: str) -> str:
    a, b = Money.of(low, currency).format(lang), Money.of(high, currency).format(lang)
    return a if a == b else f"{a}–{b}"


def staged_total(body: Reply, steps: tuple[Step, Step], lang: str) -> Reply:
    """`body` led by the two steps' prices and their sum at the cheapest provider that rents both steps for their
    terms; `body` alone when no provider rents both."""
    best = None
    for p in providers().entries:
        one, two = _price(p, steps[0]), _price(p, steps[1])
        if one is not None and two is not None and (best is None or one[1] + two[1] < best[1][1] + best[2][1]):
            best = (p, one, two)
    if best is None:
        return body
    p, one, two = best
    lines = [t("staged.total", lang, provider=p.name, total=_said(one[0] + two[0], one[1] + two[1], p.currency, lang))]
    for n, (step, price) in enumerate(zip(steps, (one, two), strict=True), start=1):
        lines.append(t("staged.step", lang, n="①②"[n - 1], setup=t("sum.setup", lang, n=step.count, gpu=short_gpu(gpus().get(step.gpu).name)),
                       term=t(f"staged.term.{step.term}", lang), price=_said(*price, p.currency, lang)))
    return verdict_first(body, Reply("error", lang, {"message": "\n".join(lines)}))


def staged_first(body: Reply, parsed: Parsed) -> Reply:
    """A price reply led by the total of the two rentals its message asked in sequence; unchanged otherwise."""
    steps = staged_rentals(parsed.words)
    return staged_total(body, steps, body.lang) if steps is not None else body
