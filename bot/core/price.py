"""Price questions ("两张A100 80G 租一个月要多少", "H100 周租", "¥3000 够租多久"): the setup at every
provider, its other form factors, several rental lengths side by side, and the runway a budget buys."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any, cast

from bot.core.context import Context
from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.understand.parser import Parsed
from bot.views.planning import budget_price_verdict
from bot.views.price import add_on_reply, hours_reply, price_reply, provider_models, provider_price_list, runway_reply
from engine.catalog import gpus
from engine.money import Money
from engine.price_list import setup_prices
from engine.providers import providers

ANNUAL_DAYS = 365
MONTH_DAYS = 30


def price_intent(ctx: Context, parsed: Parsed, text: str) -> Reply:
    """"两张A100 80G 租一个月要多少", "H100 周租", "4090 多少钱": the setup at every provider."""
    if parsed.follow is not None:
        data = dict(parsed.follow)
        runway = data.pop("runway", None)
        deadline, now = data.pop("deadline", None), data.pop("now", None)
        reply = price_turn(ctx, data, details=False)
        if deadline is not None and now is not None:
            left = (datetime.fromisoformat(str(deadline)) - datetime.fromisoformat(str(now))).total_seconds() / 3600
            return _deadline_first(ctx, reply, float(str(data["hours"])), left)
        if runway is None:
            return reply
        stated, unit, how_long = cast(list[Any], runway)
        first = cast(str | None, data.get("first"))
        money = Money(Decimal(str(stated)), unit or _listed_currency(first, ctx))
        if data.get("hours") and not how_long:  # "…跑36小时多少钱" then "预算500够吗": that rental against it
            return _budget_first(ctx, reply, money)
        return _runway_first(ctx, reply, data, money)
    q, r, extras = parsed.request, parsed.rental, parsed.price
    if not q.gpu and extras.add_ons:
        return add_on_reply(extras.add_ons, r.duration_days, r.duration_hours, ctx.lang)
    if not q.gpu and r.provider and parsed.asks.models_listed:
        return provider_models(r.provider, ctx.lang)
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
    if days is None and hours is None and asks.per_card_hour:
        days = MONTH_DAYS  # "每卡每小时折合多少": each provider's month, which states its per-card-hour rate
    data = {"gpu": variants(q.gpu, asks.form_factor), "num_gpus": count, "hours": (days or 0) * 24 + (hours or 0) or None,
            "add_ons": extras.add_ons, "infiniband": extras.infiniband, "repeat": extras.repeat_purchase,
            "display": extras.display_currency or ctx.display_currency, "first": r.provider,
            "asked_currency": extras.display_currency is not None}
    reply = price_turn(ctx, data, details=False)
    if asks.budget is not None and (asks.runway or data["hours"]):  # ("周租能租几周" asks how long: a runway)
        amount, cur = asks.budget
        money = Money(amount, cur or _listed_currency(r.provider, ctx))
        if data["hours"] and not asks.how_long:  # "一周预算 500 U 能租 8 卡 H100 吗": that rental against it
            return _budget_first(ctx, reply, money)
        return _runway_first(ctx, reply, data, money)  # "¥3000 够租多久": the money divided into each price
    return reply


def _deadline_first(ctx: Context, reply: Reply, hours: float, left: float) -> Reply:
    """A deadline asked of a rental length just priced (`left`: hours until it): whether that many
    hours end before it (the training's own length is only known from a measured step time, which
    the answer says)."""
    key = "price.deadline_past" if left <= 0 else "price.deadline_in_time" if hours <= left else "price.deadline_late"
    verdict = Reply("error", ctx.lang, {"message": t(key, ctx.lang, hours=f"{hours:g}", days=f"{hours / 24:.3g}",
                                                     left=f"{max(left, 0):.0f}")})
    verdict.also = [reply, *reply.also]
    reply.also = []
    verdict.turn, verdict.buttons = reply.turn, reply.buttons
    return verdict


def _budget_first(ctx: Context, reply: Reply, budget: Money) -> Reply:
    """A budget against the rental just priced: its verdict leads, the price list follows."""
    verdict = budget_price_verdict(reply, budget, ctx.lang)
    if verdict is None:
        return reply
    verdict.also = [reply, *reply.also]
    reply.also = []
    verdict.turn, verdict.buttons = reply.turn, reply.buttons
    return verdict


def _listed_currency(provider: str | None, ctx: Context) -> str:
    """An amount stated without its currency is in the named provider's, else the chat's."""
    if provider:
        return next((p.currency for p in providers().entries if p.id == provider), ctx.display_currency)
    return ctx.display_currency


def _runway_first(ctx: Context, reply: Reply, data: dict[str, Any], budget: Money) -> Reply:
    """The answer to "how long" replaces the price list it rests on (each line names its price); the
    list stays the turn, so "in CNY" or "4 张呢" still changes it."""
    count = data.get("num_gpus")
    runway = runway_reply(data["gpu"], int(count) if count else None, budget, ctx.lang, data.get("first"))
    if runway is None:
        return reply
    runway.also = reply.also
    runway.turn, runway.buttons = reply.turn, reply.buttons
    return runway


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
