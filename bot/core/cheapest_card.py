"""The cheapest card asked with none named ("how much is the cheapest card per hour?", "最便宜的卡一小时多少钱",
"cheapest gpu for a week?"): that card's price, at the provider that rents it cheapest in the unit asked.

Why: with no card, model or provider named the words met a FAQ entry on renting by the hour, which leaves the
card and its price to the reader. The card is the single card whose price in the unit asked is lowest across the
catalog (an hour; a week or a month when one is said; else a month at each provider's own rate, as
bot.views.memory_cheapest ranks them), compared in USD at the catalog's rates; it is then priced as if named.
A job in the chat before it ("7b qlora on an h100 overkill?" then "cheapest card for it then") makes it the
cheapest card that holds that job: the job asked again with no card, as if its cheapest card were asked with it
("cheapest card for 7b qlora"); a T4 that cannot hold it is no answer."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal

from bot.core.job_return import job_beneath
from bot.messages import Turn
from bot.understand.any_card import by_the_hour, cheapest_card_said
from bot.understand.cards import memory_card
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed
from bot.views.memory_cheapest import cheapest_of_memory
from engine.money import Money
from engine.providers import Price, providers

SPAN_HOURS = {"week": 168, "month": 720}


def _unit(parsed: Parsed, norm: str) -> str | None:
    """The unit the price is asked in: an hour ("per hour", "一小时"), a week or a month said; else None."""
    r = parsed.rental
    if parsed.cues.unit_priced or by_the_hour(norm) or (r.duration_hours is not None and r.duration_hours <= 1 and not r.duration_days):
        return "hour"
    return {7.0: "week", 30.0: "month"}.get(r.duration_days or 0.0)


def _cost(prices: Mapping[str, Price], unit: str) -> Decimal | None:
    """What one `unit` costs at an offer (a band's high end): its own price in that unit, else a week or a month
    counted in hours where it rents by the hour (a month also as 30/7 of its week); an hour only by the hour."""
    if unit in prices:
        return Decimal(prices[unit].high)
    if unit == "hour":
        return None
    if "hour" in prices:
        return Decimal(prices["hour"].high) * SPAN_HOURS[unit]
    return Decimal(prices["week"].high) * 30 / 7 if unit == "month" and "week" in prices else None


def cheapest_offer(unit: str | None) -> tuple[str, str | None] | None:
    """(card id, provider id) of the single card rented cheapest in `unit` (USD at the catalog's rates, a band's
    high end); with no unit, the card cheapest by the month anywhere and no provider."""
    if unit is None:
        card = cheapest_of_memory(0)
        return (card, None) if card else None
    priced = [(Money(cost, p.currency).to("USD").amount, o.gpu, p.id)
              for p in providers().entries for o in p.offers if o.count == 1 and (cost := _cost(o.prices, unit)) is not None]
    if not priced:
        return None
    _, card, where = min(priced)
    return card, where


def _job_before(turn: Turn | None) -> dict[str, object] | None:
    """The job (a model or its size) of the answer beneath `turn`, without the card it ran on; None if none."""
    job = job_beneath(turn)
    if job is None:
        return None
    request = job.data.get("request") if isinstance(job.data.get("request"), dict) else job.data.get("job")
    if not isinstance(request, dict) or not (request.get("model") or request.get("params_b")):
        return None
    return {k: v for k, v in request.items() if k not in ("gpu", "num_gpus", "exclude")}


def cheapest_asked(parsed: Parsed, text: str, turn: Turn | None = None) -> Parsed:
    """`parsed` as the price of the cheapest card when the message asks for it naming no card, model, memory
    or provider; as the job before it with its cheapest card asked when `turn` holds one; else as it is."""
    q, r = parsed.request, parsed.rental
    if parsed.intent not in ("faq", "unknown", "price") or q.gpu or r.gpu or q.model or q.params_b or r.provider \
            or parsed.unknown_card is not None or parsed.parts or not cheapest_card_said(norm := normalize(text)) \
            or memory_card(norm) is not None:  # "48G 的卡哪张最便宜": the cheapest of that memory (bot.views.memory_cheapest)
        return parsed
    job = _job_before(turn)
    if job is not None:  # "cheapest card for it": the card that holds the job, not the cheapest of all
        r = parsed.rental
        if r.duration_days or r.duration_hours:
            job = {**job, "days": r.duration_days, "hours": r.duration_hours}
        return replace(parsed, intent="cost" if job.get("days") or job.get("hours") else "size",
                       request=q.model_validate(job), asks=replace(parsed.asks, cheapest=True), follow_up=False,
                       faq=[], faq_answers=[], faq_confident=False, missing=[])
    unit = _unit(parsed, norm)
    found = cheapest_offer(unit)
    if found is None:
        return parsed
    card, where = found
    hourly = unit == "hour" and not (r.duration_days or r.duration_hours)  # "per hour": one hour priced
    rental = replace(r, gpu=card, num_gpus=1, provider=where, duration_hours=1.0 if hourly else r.duration_hours)
    return replace(parsed, intent="price", request=q.model_copy(update={"gpu": card, "num_gpus": 1}), rental=rental,
                   faq=[], faq_answers=[], faq_confident=False, missing=[])
