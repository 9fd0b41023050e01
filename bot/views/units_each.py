"""Each provider priced in the unit asked of it ("32b qlora: cheapest on cloudgpu per hour and on gpuli per
week?", "4090 cloudgpu 每小时多少，gpuli 包月多少"): one line leads with every provider named, its card (the one
the message names, else the pick the answer below made there) and its price for one of the unit asked, under its
own billing rule (seed 002: CloudGPU by the minute, $0.44 an hour for an A6000; seed 000: gpuli ₮115 a week).

Why: the parse reads one length for the whole message, so the answer priced every provider for the week and the
hourly rate asked of CloudGPU was never said. The answer below stays as it was, and the turn."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import gpu_name
from bot.understand.parser import Parsed
from bot.understand.provider_units import UNITS, units_by_provider
from engine.errors import KasuanError
from engine.money import Money
from engine.price_list import setup_prices
from engine.providers import provider

UNIT_HOURS = {"hour": 1, "day": 24, "week": 168, "month": 720}


def _pick_at(reply: Reply, pid: str) -> tuple[str, int | None] | None:
    """The setup the answer priced at provider `pid`: the card of a price turn (the first it lists), else the
    cheapest row there of a cost answer (its rows, or its lines by provider), as (card, count)."""
    for one in (reply, *reply.also):
        turn = one.turn.data if one.turn is not None and one.turn.kind == "price" else {}
        cards = turn.get("gpu")
        if cards:
            return str(cards if isinstance(cards, str) else cards[0]), int(turn["num_gpus"]) if turn.get("num_gpus") else None
        view = one.data.get("v") if isinstance(one.data, dict) else None
        lines = [row for line in (view or {}).get("lines") or [] for row in line.get("rows") or []]
        rows: list[dict[str, Any]] = [r for r in [*((view or {}).get("rows") or []), *lines]
                                      if isinstance(r, dict) and r.get("provider") == pid]
        row = next((r for r in rows if r.get("cheapest")), rows[0] if rows else None)
        if row:
            return str(row["gpu"]), int(row["num_gpus"])
    return None


def _priced(pid: str, unit: str, gpu: str, count: int | None, lang: str) -> str | None:
    try:
        rows = setup_prices(gpu, count, timedelta(hours=UNIT_HOURS[unit])).offered
    except KasuanError:
        return None
    row = next((r for r in rows if r.provider.id == pid), None)
    if row is None or not row.quotes:
        return None
    quote = row.quotes[0]
    low, high = (Money(a, quote.currency).format(lang) for a in (quote.total_range.low, quote.total_range.high))
    price = low if low == high else f"{low}–{high}"
    bought = Decimal(quote.bought_hours)
    key = "units_each.item" if bought == UNIT_HOURS[unit] else "units_each.item_bought"
    return t(key, lang, provider=row.provider.name, setup=t("sum.setup", lang, n=row.num_gpus, gpu=gpu_name(row.gpu)),
             price=price, unit=t(f"units_each.{unit}", lang), hours=f"{bought:g}")


def units_each_lead(reply: Reply, parsed: Parsed) -> Reply | None:
    """The line naming each provider's price in its own unit, or None when the message pairs no units with
    providers or no provider named prices a card."""
    pairs = units_by_provider(parsed.words)
    if not pairs:
        return None
    card = parsed.request.gpu or parsed.rental.gpu
    count = parsed.request.num_gpus or parsed.rental.num_gpus
    items, priced = [], False
    for pid, unit in pairs:
        setup = (card, count) if card else _pick_at(reply, pid)
        item = _priced(pid, unit, setup[0], setup[1], reply.lang) if setup else None
        priced = priced or item is not None
        items.append(item or t("units_each.none", reply.lang, provider=provider(pid).name))
    if not priced:
        return None
    return Reply("error", reply.lang, {"message": t("units_each.lead", reply.lang, items=t("list.sep", reply.lang).join(items))})


def cards_at_provider_lead(replies: list[Reply], parsed: Parsed, lang: str) -> Reply | None:
    """Several cards asked at one provider with no length ("CloudGPU hourly for A100 80G and A800 80G", "gpuli 4090 和
    a6000 各多少"): every card's price there, in the unit asked (else each unit it sells), in one line that leads, so
    no card is lost under the first card's list of every provider. None for any other answer."""
    pid = parsed.rental.provider
    turns = [r.turn.data if r.turn is not None and r.kind == "price" else None for r in replies]
    if pid is None or len(replies) < 2 or any(d is None or d.get("hours") or not d.get("gpu") for d in turns):
        return None
    asked = [unit for unit, pattern in UNITS if pattern.search(parsed.words)]
    p = provider(pid)
    items = []
    for data in turns:
        assert data is not None
        cards = [data["gpu"]] if isinstance(data["gpu"], str) else list(data["gpu"])
        count = data.get("num_gpus")
        offers = sorted((o for g in cards for o in p.offers_for(g) if count in (None, o.count)), key=lambda o: o.count)
        if not offers:
            items.append(t("units_each.not_rented", lang, gpu=gpu_name(cards[0])))
            continue
        offer = offers[0]
        units = [u for u in offer.prices if len(asked) == 1 and u == asked[0]] or list(offer.prices)
        prices = ", ".join(_band(offer.prices[u].low, offer.prices[u].high, p.currency, lang) + "/" + t(f"units_each.{u}", lang)
                           for u in units)
        items.append(f"{t('sum.setup', lang, n=offer.count, gpu=gpu_name(offer.gpu))} {prices}")
    lead = Reply("error", lang, {"message": t("units_each.at_provider", lang, provider=p.name, items=t("list.sep", lang).join(items))})
    # the first card's turn rides on the lead, so the cards below stay options ("the second one for 3 hours?")
    lead.turn, lead.buttons, lead.source = replies[0].turn, replies[0].buttons, replies[0].source
    return lead


def _band(low: Decimal, high: Decimal, currency: str, lang: str) -> str:
    a, b = Money(low, currency).format(lang), Money(high, currency).format(lang)
    return a if a == b else f"{a}–{b}"
