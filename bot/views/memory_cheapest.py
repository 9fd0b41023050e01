"""The cheapest card holding a memory size, asked with no provider ("48G 的卡哪张最便宜", "cheapest 48GB card?").

Why: a card asked by its memory alone was priced only at a provider the message or the answer before named
(bot.views.price.provider_price_list); asked of nobody in particular, the question met a general FAQ entry on
cheap cards for a 7B. The answer is the one card, of all the single cards the providers rent with at least that
much memory, whose month costs least (a month at the provider's own rate: its month, else four weeks and two
days of its week, else 720 of its hours; an estimated band on its high end; currencies at the catalog's rates),
named with its price at each provider renting it, then each provider's few cheapest such cards."""

from __future__ import annotations

from decimal import Decimal

from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.text.names import gpu_name, short_gpu
from bot.views.price import provider_price_list
from engine.catalog import gpus
from engine.money import Money
from engine.providers import Offer, providers

MONTH_HOURS = Decimal(720)
LISTED = 2  # each provider's cheapest few under the lead


def _month(offer: Offer, currency: str) -> Money | None:
    """One card's month at `offer`'s rate, on the high end of a band, in USD for comparison."""
    prices = offer.prices
    if "month" in prices:
        high = Decimal(prices["month"].high)
    elif "week" in prices:
        high = Decimal(prices["week"].high) * 30 / 7
    elif "hour" in prices:
        high = Decimal(prices["hour"].high) * MONTH_HOURS
    else:
        return None
    return Money(high, currency).to("USD")


def cheapest_of_memory(memory_gb: int) -> str | None:
    """The card id whose single card with exactly `memory_gb` rents cheapest by the month anywhere (else the
    cheapest with more): the card a job is put to when the user names one by its memory ("一张 48G 的行不行")."""
    held = [(gpus().get(o.gpu).memory_gb, m.amount, o.gpu) for p in providers().entries for o in p.offers
            if o.count == 1 and gpus().get(o.gpu).memory_gb >= memory_gb and (m := _month(o, p.currency)) is not None]
    exact = [h for h in held if h[0] == memory_gb]
    return min(exact or held, key=lambda h: (h[1], h[0]))[2] if held else None


def memory_cheapest(memory_gb: int, lang: str) -> Reply | None:
    """The cheapest single card with at least `memory_gb` leading, its price at each provider, then each
    provider's cheapest such cards; None when no provider rents one singly."""
    held = [(p, o, m) for p in providers().entries for o in p.offers
            if o.count == 1 and gpus().get(o.gpu).memory_gb >= memory_gb and (m := _month(o, p.currency)) is not None]
    if not held:
        return None
    best = min(held, key=lambda x: x[2].amount)[1].gpu
    at = [t("price.memory_cheapest_at", lang, provider=p.name, prices=", ".join(
        f"{Money(Decimal(pr.high), p.currency).format(lang)}/{t('unit.' + unit, lang)}" for unit, pr in o.prices.items()))
        for p, o, _ in held if o.gpu == best]
    lead = Reply("error", lang, {"message": t("price.memory_cheapest", lang, mem=memory_gb, gpu=short_gpu(gpu_name(best)),
                                               at=t("list.sep", lang).join(at))})
    shown = list(dict.fromkeys(p.id for p, _, _ in held))
    lead.also = [provider_price_list(pid, lang, memory_gb=memory_gb, top=LISTED) for pid in shown]
    lead.turn = Turn("price", {"gpu": [best], "num_gpus": 1, "first": None})  # "跑 8 小时呢": that card, priced for it
    return lead
