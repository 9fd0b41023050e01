"""How old the prices in a reply are: "prices as of …" once per reply, and a warning past a
threshold (KASUAN_PRICE_STALE_DAYS, default 30 days).

A provider's list carries the date it was read (catalogs/providers/*.yaml `prices_read`, or the
date of the list imported last with `kasuan prices import`); `prices_date_basis: read` says the
source itself gives no date, which the reply names. The reply's data is scanned for the providers
it shows, so every answer that quotes a price (sizing, cost, price, a training file) gets the line
without each view having to remember it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime, timedelta
from itertools import repeat
from typing import Any

from bot.clock import parse_instant
from bot.messages import Reply
from bot.store.price_lists import refresh_status
from engine.providers import Provider, providers

STALE_DAYS = 30
PRICED_KINDS = ("sizing", "cost", "cost_lines", "price", "training_file", "price_hours", "compare")
PROVIDER_KEYS = ("provider", "provider_name")
CONTAINERS = (dict, list, tuple)


def stale_after(environ: dict[str, str] | None = None) -> timedelta:
    raw = (environ if environ is not None else os.environ).get("KASUAN_PRICE_STALE_DAYS", "")
    try:
        days = float(raw) if raw.strip() else STALE_DAYS
    except ValueError:
        days = STALE_DAYS
    return timedelta(days=max(days, 0))


def read_at(p: Provider) -> datetime:
    return parse_instant(p.prices_read if "T" in p.prices_read else f"{p.prices_read}T00:00:00+00:00")


def shown_date(p: Provider) -> str:
    """"2026-10-23 23:58 (UTC+8)" for a dated list, "2026-11-29" for a day."""
    if "T" not in p.prices_read:
        return p.prices_read[:10]
    at = datetime.fromisoformat(p.prices_read)
    offset = at.utcoffset() or timedelta(0)
    hours = offset.total_seconds() / 3600
    zone = "UTC" if not hours else f"UTC{hours:+g}"
    return f"{at:%Y-%m-%d %H:%M} ({zone})"


def providers_in(data: Any) -> list[Provider]:
    """The catalog providers a reply's data names (as `provider` / `provider_name` values), in order.

    Only containers are visited (a cost reply holds hundreds of scalars), and the count of providers
    is compared only when one is added (the only time it changes): a sizing's data is walked on every
    priced reply, so each step of the walk is kept to a type test. The walk is depth-first in the data's
    order, on a stack of (key, value) iterators (a list's items with no key) rather than a call per
    container: a cost reply holds a thousand containers."""
    found: dict[str, Provider] = {}
    index = providers()
    every = len(index.entries)
    if not every or not isinstance(data, CONTAINERS):
        return []
    # a container's (key, value) pairs: a dict's items, a list's or tuple's items under no key
    stack: list[Iterator[tuple[Any, Any]]] = [iter(data.items()) if isinstance(data, dict) else zip(repeat(None), data)]
    while stack:
        for key, value in stack[-1]:
            if key in PROVIDER_KEYS and isinstance(value, str):
                p = index.find(value)
                if p is not None:
                    found.setdefault(p.id, p)
                    if len(found) == every:
                        return list(found.values())
            elif isinstance(value, CONTAINERS):  # its items first, then the rest of this one's
                stack.append(iter(value.items()) if isinstance(value, dict) else zip(repeat(None), value))
                break
        else:
            stack.pop()
    return list(found.values())


def price_age(shown: Iterable[Provider], now: datetime, threshold: timedelta | None = None) -> dict[str, Any] | None:
    limit = stale_after() if threshold is None else threshold
    rows = []
    for p in shown:
        age = now.astimezone(UTC) - read_at(p)
        status = refresh_status(p.id)
        failed = status.get("failed_at", "")[:16].replace("T", " ") if status and not status.get("ok") else None
        rows.append({"provider": p.name, "date": shown_date(p), "basis": p.prices_date_basis,
                     "days": max(int(age.total_seconds() // 86400), 0), "stale": age > limit,
                     "refresh_failed": f"{failed} UTC" if failed else None})
    return {"rows": rows, "threshold_days": round(limit.total_seconds() / 86400)} if rows else None


def attach(reply: Reply, now: datetime) -> None:
    """Give a reply that quotes prices its `price_age` (once; a reply that has one keeps it)."""
    if reply.kind not in PRICED_KINDS or "price_age" in reply.data:
        return
    age = price_age(providers_in(_shown(reply.data)), now)
    if age is not None:
        reply.data["price_age"] = age


def _shown(data: dict[str, Any]) -> dict[str, Any]:
    """`data` without the refusals the price view leaves out: with a provider named ("4090 per week at gpuli"),
    another provider's "does not rent it" is not shown (templates/price.j2), so its list's date is no date of the
    reply's prices."""
    named, refused = data.get("named"), data.get("refused")
    if not named or not isinstance(refused, list):
        return data
    return data | {"refused": [x for x in refused if isinstance(x, dict) and x.get("provider_id") == named]}
