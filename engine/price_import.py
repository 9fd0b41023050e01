"""A provider's own price list -> validated prices for its catalog offers, and the diff against them.

Two shapes:
- the per-minute provider's `gpu-prices.json` (seed 002 reads its list prices from that file and
  dates them): {"updated_at": "2026-10-23T23:58:00+08:00", "currency": "USD", "unit": "hour",
  "prices": [{"gpu": "RTX 4090 24G", "price": "0.33", "stock": 12}, ...]} — `gpu` as the provider
  names its cards, `price` per card per `unit`; `stock` is read and ignored (it changes within a day);
- a CSV for the others: gpu,count,unit,price[,max][,status][,read_at] — one row per configuration
  and rental unit (week, month, hour ...), `max` for a published band, `read_at` the list's date.

Every row must name a card and count the provider already offers (a new configuration needs its
terms, so it goes into the catalog by hand), in a unit its billing model sells, with a positive
price in the provider's currency. The whole list is refused on the first bad row, naming it.
Pure: text in, data out (the caller fetches and stores).
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from engine.catalog import gpus
from engine.errors import KasuanError
from engine.providers import Provider

MAX_LIST_BYTES = 512 * 1024
MAX_ROWS = 2000
MEMORY_SUFFIX = re.compile(r"\s*(\d+)\s*G(?:B)?$", re.IGNORECASE)


class BadPriceList(KasuanError):
    code = "bad_price_list"

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message, **params)


@dataclass(frozen=True)
class Row:
    offer: str  # the provider's offer id
    unit: str
    low: Decimal
    high: Decimal
    status: str = "published"


@dataclass(frozen=True)
class PriceList:
    provider: str
    prices_read: str  # ISO date or instant, as the list gives it
    dated: bool  # the list gives its own date (else prices_read is the day it was read)
    rows: tuple[Row, ...]
    source: str


@dataclass(frozen=True)
class Change:
    offer: str
    unit: str
    old: tuple[Decimal, Decimal] | None
    new: tuple[Decimal, Decimal] | None


def _money(value: Any, where: str) -> Decimal:
    try:
        amount = Decimal(str(value).strip().lstrip("$¥₮").replace(",", ""))
    except InvalidOperation as exc:
        raise BadPriceList(f"{where}: price {value!r} is not a number") from exc
    if not amount.is_finite() or amount <= 0 or amount > Decimal("10000000"):
        raise BadPriceList(f"{where}: price {value!r} must be a positive amount")
    return amount


def _date(value: Any, where: str) -> str:
    text = str(value).strip()
    try:
        at = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError as exc:
        raise BadPriceList(f"{where}: {text!r} is not an ISO date (2026-10-23 or 2026-10-23T23:58:00+08:00)") from exc
    if "T" in text or " " in text:
        if at.tzinfo is None:
            raise BadPriceList(f"{where}: {text!r} has a time but no UTC offset")
        return at.isoformat()
    return at.date().isoformat()


def _offer(p: Provider, name: str, count: int, where: str) -> str:
    """The provider's offer for `count` × the card the list calls `name` ("RTX 4090 24G")."""
    card = gpus().find(name)
    if card is None:
        m = MEMORY_SUFFIX.search(name)
        base = gpus().find(name[: m.start()]) if m else None
        if base is not None and m is not None and round(base.memory_gb) == int(m.group(1)):
            card = base
    if card is None:
        raise BadPriceList(f"{where}: no catalog card is called {name!r}")
    for o in p.offers:
        if o.gpu == card.id and o.count == count:
            return o.id
    raise BadPriceList(f"{where}: {p.name} has no {count} × {card.name} offer in the catalog")


def _units(p: Provider) -> set[str]:
    return p.billing.rule.price_columns(p.billing)


def parse_price_list(p: Provider, text: str, name: str, read_on: str | None = None) -> PriceList:
    """Parse and validate `text` (gpu-prices.json or CSV, by its name or first character) for `p`;
    `read_on` (an ISO date) dates a list that gives no date of its own."""
    if len(text.encode()) > MAX_LIST_BYTES:
        raise BadPriceList(f"{name}: over {MAX_LIST_BYTES // 1024} KB")
    stripped = text.lstrip()
    rows: list[Row] = []
    units = _units(p)
    if name.lower().endswith(".json") or stripped.startswith("{"):
        try:
            doc = json.loads(text)
        except ValueError as exc:
            raise BadPriceList(f"{name}: not valid JSON ({exc})") from exc
        if not isinstance(doc, dict) or not isinstance(doc.get("prices"), list):
            raise BadPriceList(f"{name}: expected an object with a 'prices' list")
        if str(doc.get("currency", p.currency)).upper() != p.currency:
            raise BadPriceList(f"{name}: currency {doc.get('currency')!r} is not {p.name}'s {p.currency}")
        unit = str(doc.get("unit", "hour"))
        if unit not in units:
            raise BadPriceList(f"{name}: unit {unit!r} is not one {p.name} sells ({', '.join(sorted(units))})")
        dated = "updated_at" in doc
        read = _date(doc["updated_at"], f"{name} updated_at") if dated else read_on
        for i, item in enumerate(doc["prices"][: MAX_ROWS + 1]):
            where = f"{name} prices[{i}]"
            if i >= MAX_ROWS:
                raise BadPriceList(f"{name}: more than {MAX_ROWS} rows")
            if not isinstance(item, dict) or not isinstance(item.get("gpu"), str) or "price" not in item:
                raise BadPriceList(f"{where}: needs 'gpu' and 'price'")
            count = item.get("count", 1)
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                raise BadPriceList(f"{where}: count must be a whole number of cards")
            amount = _money(item["price"], where)
            rows.append(Row(_offer(p, item["gpu"], count, where), unit, amount, amount))
    else:
        reader = csv.DictReader(io.StringIO(text))
        need = {"gpu", "count", "unit", "price"}
        if reader.fieldnames is None or not need <= {f.strip() for f in reader.fieldnames}:
            raise BadPriceList(f"{name}: the CSV header must have gpu,count,unit,price")
        dates: set[str] = set()
        for i, raw in enumerate(reader):
            if i >= MAX_ROWS:
                raise BadPriceList(f"{name}: more than {MAX_ROWS} rows")
            rec = {k.strip(): (v or "").strip() for k, v in raw.items() if k}
            where = f"{name} row {i + 2}"
            try:
                count = int(rec["count"])
            except ValueError as exc:
                raise BadPriceList(f"{where}: count {rec['count']!r} is not a whole number") from exc
            if rec["unit"] not in units:
                raise BadPriceList(f"{where}: unit {rec['unit']!r} is not one {p.name} sells ({', '.join(sorted(units))})")
            low = _money(rec["price"], where)
            high = _money(rec["max"], where) if rec.get("max") else low
            if high < low:
                raise BadPriceList(f"{where}: max is below price")
            status = rec.get("status") or "published"
            if status not in ("published", "estimate", "unlabelled"):
                raise BadPriceList(f"{where}: status {status!r} is not published, estimate or unlabelled")
            if rec.get("read_at"):
                dates.add(_date(rec["read_at"], where))
            rows.append(Row(_offer(p, rec["gpu"], count, where), rec["unit"], low, high, status))
        if len(dates) > 1:
            raise BadPriceList(f"{name}: rows carry different read_at dates")
        dated = bool(dates)
        read = dates.pop() if dates else read_on
    if not rows:
        raise BadPriceList(f"{name}: no prices in the list")
    keys = [(r.offer, r.unit) for r in rows]
    if len(set(keys)) != len(keys):
        raise BadPriceList(f"{name}: a configuration is priced twice in the same unit")
    if read is None:
        raise BadPriceList(f"{name}: the list gives no date; say when it was read")
    return PriceList(p.id, read, dated, tuple(rows), f"imported price list {name}")


def diff(p: Provider, new: PriceList) -> list[Change]:
    """What the list changes: new or different prices; rows the list leaves out keep theirs."""
    out: list[Change] = []
    current: dict[tuple[str, str], tuple[Decimal, Decimal]] = {
        (o.id, str(unit)): (price.low, price.high) for o in p.offers for unit, price in o.prices.items()}
    for r in new.rows:
        old = current.get((r.offer, r.unit))
        if old != (r.low, r.high):
            out.append(Change(r.offer, r.unit, old, (r.low, r.high)))
    return out


def overlay(new: PriceList) -> dict[str, Any]:
    """The stored form (JSON via json.dump): prices by offer and unit, Decimal as strings."""
    offers: dict[str, dict[str, Any]] = {}
    for r in new.rows:
        offers.setdefault(r.offer, {})[r.unit] = {"min": str(r.low), "max": str(r.high), "status": r.status}
    return {"provider": new.provider, "prices_read": new.prices_read, "dated": new.dated, "source": new.source,
            "offers": offers}


def apply_overlay(p: Provider, data: dict[str, Any]) -> Provider:
    """`p` with the stored list's prices and date; validated like the catalog itself."""
    doc = p.model_dump(mode="python")
    for o in doc["offers"]:
        for unit, price in (data.get("offers", {}).get(o["id"]) or {}).items():
            o["prices"][unit] = {"min": price["min"], "max": price["max"], "status": price.get("status", "published")}
    doc["prices_read"] = data["prices_read"]
    doc["prices_date_basis"] = "published" if data.get("dated") else "read"
    doc["source"] = f"{data.get('source', 'imported price list')} (catalog: {p.source})"
    return Provider.model_validate(doc)
