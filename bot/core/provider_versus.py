"""Two providers asked which rents a setup cheaper ("做 32b 全参，一万网络 8卡A100 和 gpuli 8卡A100 哪家便宜",
"8x a100 at gpuli or yiwan, which is cheaper?"): the setup's price at each, and which is cheaper, first.

Why: the question names a job, a setup and two providers; the sizing (or the price list) answered
what the job needs or each price, but never the comparison asked. The two are compared for the span
asked (a month when none), in one currency; a price given as a range (一万网络's 8-card A100 box is
an estimate, ¥25,000–40,000 a month, seed 003) is compared on its high end, and the reply says so.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

from bot.core.context import Context
from bot.core.price import variants
from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import gpu_name
from bot.understand.parser import Parsed
from engine.catalog import gpus as catalog_gpus
from engine.money import Money
from engine.price_list import setup_prices
from engine.providers import provider as find_provider

MONTH_HOURS = 30 * 24


def _at(gpus: list[str], count: int, hours: float, display: str, provider_id: str) -> dict[str, Any] | None:
    """The setup's cheapest total for `hours` at one provider (over every form factor it rents: gpuli's
    A100 80GB PCIe week ₮269, not its SXM ₮319), and whether the source calls that price an estimate."""
    quotes = []
    for gpu in gpus:
        prices = setup_prices(gpu, count, timedelta(hours=hours), display_currency=display, whole_machines=True)
        quotes += [q for r in prices.offered if r.provider.id == provider_id for q in r.quotes]
    if not quotes:
        return _in_place(gpus, count, hours, display, provider_id)
    q = min(quotes, key=lambda q: q.total_max)
    return {"total": {"low": q.total_min, "high": q.total_max, "currency": q.currency}, "estimate": q.estimate}


def _in_place(gpus: list[str], count: int, hours: float, display: str, provider_id: str) -> dict[str, Any] | None:
    """A provider that does not rent the card (gpuli has no A800 80GB PCIe): its cheapest card with at least that
    memory, the same count, for the span (its A100 80GB PCIe week, ₮269), named so the reply says what it compares."""
    memory = min(catalog_gpus().get(g).memory_gb for g in gpus)
    found = [(f, o.gpu) for o in find_provider(provider_id).offers if o.count == count and o.gpu not in gpus
             and catalog_gpus().get(o.gpu).memory_gb >= memory and (f := _at([o.gpu], count, hours, display, provider_id))]
    if not found:
        return None
    best, card = min(found, key=lambda x: Money(Decimal(str(x[0]["total"]["high"])), x[0]["total"]["currency"]).to("USD").amount)
    return {**best, "instead": gpu_name(card), "asked": gpu_name(gpus[0])}


def providers_first(ctx: Context, parsed: Parsed, reply: Reply) -> Reply:
    """`reply` under a line saying which of the providers named rents the setup cheaper, when the message
    named two or more, a card, and asked which is cheaper; `reply` alone otherwise (or when fewer than
    two of them rent the setup)."""
    follow = parsed.follow if parsed.follow_up and isinstance(parsed.follow, dict) else {}
    rivals = follow.get("rivals")  # "哪个便宜" after a card's prices: the providers that rent it
    named = parsed.cues.providers if len(parsed.cues.providers) >= 2 or not isinstance(rivals, list) else tuple(rivals)
    gpu, count, hours = _setup_asked(parsed)
    if len(named) < 2 or not gpu or not (parsed.asks.cheaper or parsed.asks.cheapest or parsed.cues.providers_weighed or rivals):
        return reply
    gpus = variants(gpu, parsed.asks.form_factor)
    rows = []
    for pid in named[:3]:
        found = _at(gpus, count, hours, ctx.display_currency, pid)
        if found is not None:
            total = found["total"]
            usd = Money(Decimal(str(total["high"])), total["currency"]).to("USD").amount
            rows.append({"name": find_provider(pid).name, "total": total, "usd": usd, "estimate": found["estimate"],
                         "instead": found.get("instead"), "asked": found.get("asked")})
    if len(rows) < 2:
        return reply
    rows.sort(key=lambda r: r["usd"])
    best, other = rows[0], rows[1]
    banded = next((r for r in rows if r["total"]["low"] != r["total"]["high"]), None)
    line = t("price.provider_cheaper", ctx.lang, best=best["name"], other=other["name"], time=_span(hours, ctx.lang),
             a=_text(best["total"], ctx.lang), b=_text(other["total"], ctx.lang),
             usd=Money(best["usd"], "USD").approx().format(ctx.lang), other_usd=Money(other["usd"], "USD").approx().format(ctx.lang))
    if banded is not None:
        line += t("price.provider_band_estimate" if banded["estimate"] else "price.provider_band", ctx.lang, name=banded["name"],
                  high=Money(Decimal(str(banded["total"]["high"])), banded["total"]["currency"]).format(ctx.lang))
    for row in rows[:2]:
        if row["instead"]:  # "gpuli 没有 A800 80GB PCIe，按显存够用的 A100 80GB PCIe 比"
            line += t("price.provider_instead", ctx.lang, name=row["name"], asked=row["asked"], card=row["instead"])
    note = Reply("error", ctx.lang, {"message": line})
    note.also = [reply, *reply.also]
    reply.also = []
    note.turn, note.buttons = reply.turn, reply.buttons
    return note


def _setup_asked(parsed: Parsed) -> tuple[str | None, int, float]:
    """The card, its count and the hours the comparison is for: the message's own, else (a follow-up, "job takes
    ~36h on one a100 80g" then "gpuli or cloudgpu cheaper?") the rental it re-prices; a month when no length."""
    q, r = parsed.request, parsed.rental
    follow = parsed.follow if parsed.follow_up and isinstance(parsed.follow, dict) else {}
    card = follow.get("gpu")
    gpu = q.gpu or (card[0] if isinstance(card, list) and card else card if isinstance(card, str) else None)
    count = q.num_gpus or int(str(follow.get("num_gpus") or 1))
    hours = (r.duration_days or 0) * 24 + (r.duration_hours or 0) or float(str(follow.get("hours") or 0)) or MONTH_HOURS
    return gpu, count, hours


def _text(total: dict[str, Any], lang: str) -> str:
    low = Money(Decimal(str(total["low"])), total["currency"]).format(lang)
    high = Money(Decimal(str(total["high"])), total["currency"]).format(lang)
    return low if low == high else f"{low}–{high}"


def _span(hours: float, lang: str) -> str:
    if hours == MONTH_HOURS:
        return t("price.provider_month", lang)
    if hours % 24:  # "36h": hours, not 1.5 days
        return t("price.provider_hours", lang, n=f"{hours:g}")
    days = hours / 24
    return t("price.provider_days", lang, n=f"{days:g}")
