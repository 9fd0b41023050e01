"""A per-card-hour rate asked of a setup ("per-card hourly rate for 8x h100 on gpuli?", "8卡h100 折合每卡每小时
多少"): each term the provider sells it by, divided into card-hours, leads (seed 000: ₮14,432 / (8 × 720 h)
= ₮2.51 on the month, ₮4,172 / (8 × 168 h) = ₮3.10 on the week); the price list follows."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import short_gpu
from engine.catalog import gpus as catalog_gpus
from engine.money import Money
from engine.providers import providers

TERMS = ("month", "week")  # the prepaid terms a per-card-hour rate is read off


def _rate(amount: Decimal, cards: int, hours: int, cur: str, lang: str) -> str:
    return Money(Decimal(amount / (cards * hours)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP), cur).format(lang)


def card_hour_lead(gpus: list[str], count: int | None, provider: str | None, lang: str) -> Reply | None:
    """One line per provider that sells `count` of the card by the week or month: its per-card-hour rate on
    each term, with the division shown; None when no such term is sold (a per-minute rate is already one)."""
    lines = []
    for p in providers().entries:
        if provider not in (None, p.id) or not p.billing.cycles:
            continue
        days = {c.kind: c.days for c in p.billing.cycles if c.kind in TERMS and c.days}
        for offer in (o for g in gpus for o in p.offers_for(g) if o.count == (count or 1)):
            parts = []
            for kind in TERMS:
                price = offer.prices.get(kind)
                if price is None or kind not in days:
                    continue
                hours = int(days[kind]) * 24
                total = Money(price.low, p.currency).format(lang)
                rate = _rate(price.low, offer.count, hours, p.currency, lang)
                if price.high != price.low:  # a band: both ends divided
                    total += f"–{Money(price.high, p.currency).format(lang)}"
                    rate += f"–{_rate(price.high, offer.count, hours, p.currency, lang)}"
                parts.append(t(f"price.card_hour.{kind}", lang, rate=rate, total=total, cards=offer.count, hours=hours))
            if parts:
                name = short_gpu(catalog_gpus().get(offer.gpu).name)
                lines.append(t("price.card_hour.line", lang, provider=p.name, n=offer.count, gpu=name,
                               terms=("；" if lang == "zh" else "; ").join(parts)))
    if not lines:
        return None
    return Reply("error", lang, {"message": "\n".join(lines)})
