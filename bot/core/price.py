"""Price questions ("两张A100 80G 租一个月要多少", "H100 周租", "¥3000 够租多久"): the setup at every
provider, its other form factors, several rental lengths side by side, and the runway a budget buys."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bot.core.context import Context
from bot.messages import Reply, Turn
from bot.text.names import short_gpu
from bot.understand.parser import Parsed
from bot.views.price import add_on_reply, hours_reply, price_reply, provider_price_list, runway_reply
from engine.catalog import gpus
from engine.money import Money
from engine.price_list import setup_prices

ANNUAL_DAYS = 365


def price_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    """"两张A100 80G 租一个月要多少", "H100 周租", "4090 多少钱": the setup at every provider."""
    if parsed.follow is not None:
        return price_turn(ctx, parsed.follow, details=False)
    q, r, extras = parsed.request, parsed.rental, parsed.price
    if not q.gpu and extras.add_ons:
        return add_on_reply(extras.add_ons, r.duration_days, r.duration_hours, ctx.lang)
    if not q.gpu and r.provider:
        return provider_price_list(r.provider, ctx.lang)
    if not q.gpu:
        card = parsed.unknown_card
        return Reply("unknown_card", ctx.lang, {"name": card.name if card else "?",
                                               "cards": [short_gpu(g.name) for g in gpus().entries][:12]})
    count = q.num_gpus or (extras.nodes * 8 if extras.nodes else None)
    days, hours = r.duration_days, r.duration_hours or q.hours
    asks = parsed.asks
    if asks.both_units:
        days = hours = None  # "weekly and monthly price": the listing, not one rental
    several = list(asks.hours)
    if len(several) >= 2:
        return hours_reply(variants(q.gpu, asks.form_factor), count, several, ctx.lang,
                           extras.display_currency or ctx.display_currency)
    if days is None and hours is None and extras.annual:
        days = ANNUAL_DAYS
    data = {"gpu": variants(q.gpu, asks.form_factor), "num_gpus": count, "hours": (days or 0) * 24 + (hours or 0) or None,
            "add_ons": extras.add_ons, "infiniband": extras.infiniband, "repeat": extras.repeat_purchase,
            "display": extras.display_currency or ctx.display_currency, "first": r.provider,
            "asked_currency": extras.display_currency is not None}
    reply = price_turn(ctx, data, details=False)
    if asks.runway and asks.budget is not None:  # "¥3000 够租多久": the money divided into each price
        amount, cur = asks.budget
        runway = runway_reply(variants(q.gpu, asks.form_factor), count, Money(amount, cur or ctx.display_currency),
                              ctx.lang, r.provider)
        if runway is not None:  # the answer to "how long" leads; the price list it rests on follows
            runway.also = [reply, *reply.also]
            reply.also = []
            runway.turn, runway.buttons = reply.turn, reply.buttons
            return runway
    return reply


def variants(gpu: str, form_named: bool) -> list[str]:
    """The card and its other form factors with the same memory (A100 80GB SXM and PCIe) when the
    question named none: each provider is then quoted for the one it rents."""
    if form_named:
        return [gpu]
    spec = gpus().get(gpu)
    stem = gpu.rsplit("-", 1)[0]
    if not any(ch.isdigit() for ch in stem):
        return [gpu]
    same = [g.id for g in gpus().entries if g.id != gpu and g.id.rsplit("-", 1)[0] == stem and g.memory_gb == spec.memory_gb]
    return [gpu, *same]


def price_turn(ctx: Context, data: dict[str, Any], details: bool) -> Reply:
    hours = data.get("hours")
    count = data.get("num_gpus")
    if count and not any(setup_prices(data["gpu"], int(count), None).offered):
        data = {**data, "num_gpus": None, "unsold_count": count}  # nobody rents that count: list the boxes
        count = None
    reply = price_reply(data["gpu"], int(count) if count else None, timedelta(hours=float(hours)) if hours else None,
                        ctx.lang, display=str(data.get("display") or ctx.display_currency),
                        add_ons=data.get("add_ons") or None, infiniband=data.get("infiniband"),
                        repeat_purchase=bool(data.get("repeat")), first=data.get("first"),
                        asked_currency=bool(data.get("asked_currency")))
    reply.data["unsold_count"] = data.get("unsold_count")
    reply.turn = Turn("price", data)
    return reply
