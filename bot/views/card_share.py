"""One card's share of a multi-card rental, asked right after its price ("gpuli 8x h100 monthly" then "per
card?", "每张多少", "单卡多少"): each term the provider prices that setup by, divided by its cards, leads
(gpuli 8×H100 a month: ₮14,432 ÷ 8 = ₮1,804; 8×A100 SXM: ₮8,352 ÷ 8 = ₮1,044), then the per-card-hour
rates (bot.views.card_hour) and the price list. The figures are the catalog's, never the reply's text."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.views.card_hour import card_hour_lead
from engine.catalog import gpus as catalog_gpus
from engine.money import Money
from engine.providers import providers

TERMS = ("month", "week", "hour")  # the columns a provider prices a setup by, longest first


def _share(amount: Decimal, cards: int, cur: str, lang: str) -> str:
    share = Decimal(amount) / cards
    return Money(share.quantize(Decimal("1") if share >= 100 else Decimal("0.01"), rounding=ROUND_HALF_UP), cur).format(lang)


def card_share_lead(gpus: list[str], count: int | None, provider: str | None, lang: str) -> Reply | None:
    """One line per provider renting `count` (two or more) of the card: each term's price divided by the cards,
    the division shown, then the per-card-hour rates; None for one card or a setup nobody prices."""
    if not count or count < 2:
        return None
    lines = []
    for p in providers().entries:
        if provider not in (None, p.id):
            continue
        for offer in (o for g in gpus for o in p.offers_for(g) if o.count == count):
            parts = []
            for kind in (k for k in TERMS if k in offer.prices):
                price = offer.prices[kind]
                total = Money(price.low, p.currency).format(lang)
                share = _share(price.low, count, p.currency, lang)
                if price.high != price.low:  # a band: both ends divided
                    total += f"–{Money(price.high, p.currency).format(lang)}"
                    share += f"–{_share(price.high, count, p.currency, lang)}"
                parts.append(t(f"price.card_share.{kind}", lang, share=share, total=total, cards=count))
            if parts:
                name = short_gpu(catalog_gpus().get(offer.gpu).name)
                lines.append(t("price.card_share.line", lang, provider=p.name, n=count, gpu=name,
                               terms=("；" if lang == "zh" else "; ").join(parts)))
    if not lines:
        return None
    rates = card_hour_lead(gpus, count, provider, lang)
    if rates is not None:
        lines.append(str(rates.data["message"]))
    return Reply("error", lang, {"message": "\n".join(lines)})
