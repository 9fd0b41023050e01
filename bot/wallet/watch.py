"""Price watches: set one from a chat message, list and remove them under /alerts, and check them
after each price refresh, queueing one alert through the outbox when a price falls under the mark.

A watch prices `count` × card per unit at every provider that rents that setup in that unit (its
list's lowest figure, converted to the watch's currency at the catalog's rates) and fires on the
cheapest. A count no provider rents is moved to the smallest one that is rented, and the
confirmation says so; a currency left unsaid is the providers' own when they agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from bot.clock import Clock
from bot.messages import Incoming, Reply
from bot.store import outbox
from bot.store import watches as watch_store
from bot.store.connection import Store
from bot.store.wallets import wallet
from bot.text.names import gpu_name
from bot.understand.price_watch import WatchAsk
from engine.catalog import gpus
from engine.money import Money
from engine.providers import Provider, providers

MAX_WATCHES = 20  # per wallet


@dataclass(frozen=True)
class Offered:
    provider: str
    price: Money  # in the provider's currency


def offered(gpu: str, count: int | None, unit: str) -> tuple[int | None, list[Offered]]:
    """(the count used, each provider's lowest price for count × gpu per unit)."""
    rows: dict[int, list[Offered]] = {}
    for p in providers().entries:
        for o in p.offers:
            if o.gpu == gpu and unit in o.prices:
                rows.setdefault(o.count, []).append(Offered(p.id, Money(o.prices[unit].low, p.currency)))
    if not rows:
        return None, []
    n = count if count in rows else min(rows)
    return n, rows[n]


def cheapest(gpu: str, count: int, unit: str, currency: str) -> tuple[Money, str] | None:
    _, rows = offered(gpu, count, unit)
    found = [(r.price.to(currency), r.provider) for r in rows]
    if not found:
        return None
    return min(found, key=lambda x: x[0].amount)


def _view(w: watch_store.Watch) -> dict[str, Any]:
    return {"id": w.id, "gpu": gpu_name(w.gpu), "n": w.count, "unit": w.unit,
            "below": Money(w.below, w.currency).format(exact=True), "fired": w.fired_at is not None}


def set_watch(store: Store, clock: Clock, inc: Incoming, ask: WatchAsk, lang: str, display: str) -> Reply:
    """Set the watch the message asks for (or say what is missing); the confirmation names the setup,
    the unit, the threshold and today's cheapest price."""
    from bot.wallet.call import WalletCall

    if ask.gpu is None or gpus().find(ask.gpu) is None:
        return Reply("price_watch", lang, {"missing": "gpu"})
    units = [u for u in ("hour", "day", "week", "month") if offered(ask.gpu, ask.count, u)[1]]
    unit = ask.unit if ask.unit in units else (units[0] if ask.unit is None and units else None)
    if unit is None:
        return Reply("price_watch", lang, {"missing": "unit", "gpu": gpu_name(ask.gpu), "units": units})
    count, rows = offered(ask.gpu, ask.count, unit)
    assert count is not None
    currencies = {r.price.currency for r in rows}
    currency = ask.currency or (currencies.pop() if len(currencies) == 1 else display)
    now = clock.now()
    ctx = WalletCall(store, clock, inc, lang, now)
    w = ctx.ensure()
    if len([x for x in watch_store.for_wallet(store, w.id) if x.fired_at is None]) >= MAX_WATCHES:
        return Reply("price_watch", lang, {"missing": "too_many", "limit": MAX_WATCHES})
    with store.write():
        added = watch_store.add(store, wallet_id=w.id, chat=ctx.alert_chat, user_id=inc.user_id, gpu=ask.gpu,
                                count=count, unit=unit, currency=currency, below=ask.below, at=now)
    now_price = cheapest(ask.gpu, count, unit, currency)
    fired = check_watches(store, now)
    return Reply("price_watch", lang, {
        "missing": None, "watch": _view(added), "moved_count": ask.count is not None and ask.count != count,
        "now": now_price[0].format(exact=True) if now_price else None,
        "now_provider": next((p.name for p in providers().entries if now_price and p.id == now_price[1]), None),
        "already": fired > 0})


def watches_view(store: Store, wallet_id: int) -> list[dict[str, Any]]:
    return [_view(w) for w in watch_store.for_wallet(store, wallet_id)]


def check_watches(store: Store, now: datetime) -> int:
    """Queue the alert of every watch whose setup is now cheaper than its mark (once each)."""
    queued = 0
    for w in watch_store.active(store):
        found = cheapest(w.gpu, w.count, w.unit, w.currency)
        if found is None or found[0].amount >= w.below:
            continue
        price, provider_id = found
        if wallet(store, w.wallet_id) is None:
            continue
        with store.write():
            if not watch_store.mark_fired(store, w.id, now):
                continue
            p = providers().get(provider_id)
            outbox.enqueue(store, key=f"price-watch:{w.id}", wallet_id=w.wallet_id, chat=w.chat, kind="alert_price",
                           data={"watch_id": w.id, "gpu": w.gpu, "count": w.count, "unit": w.unit,
                                 "below": str(w.below), "currency": w.currency, "price": str(price.amount),
                                 "provider": provider_id, "listed": str(_listed(p, w)), "listed_currency": p.currency, "prices_read": p.prices_read},
                           due_at=now, intended_at=now, not_before=now, at=now)
            queued += 1
    return queued


def _listed(p: Provider, w: watch_store.Watch) -> Decimal:
    """The provider's own list price for the watched setup and unit, in its currency."""
    return next(price.low for o in p.offers if o.gpu == w.gpu and o.count == w.count
                for unit, price in o.prices.items() if unit == w.unit)


def price_alert_data(d: dict[str, Any]) -> dict[str, Any]:
    """What the alert template shows, from the outbox row's facts."""
    p = next((x for x in providers().entries if x.id == d["provider"]), None)
    return {"gpu": gpu_name(d["gpu"]), "n": d["count"], "unit": d["unit"], "watch_id": d["watch_id"],
            "below": Money(Decimal(d["below"]), d["currency"]).format(exact=True),
            "listed": Money(Decimal(d["listed"]), d["listed_currency"]).format(exact=True),
            "converted": Money(Decimal(d["price"]), d["currency"]).format(exact=True)
            if d["currency"] != d["listed_currency"] else None,
            "provider": p.name if p else d["provider"], "prices_read": d.get("prices_read", "")[:16].replace("T", " ")}
