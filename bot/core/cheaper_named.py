"""Whether the provider a price question names is cheaper than the others ("一万网络 8卡 a100 2.5万起 肯定比别家便宜吧",
"is 一万网络's 8x a100 cheaper than the others?"): the verdict leads, the prices follow.

Why: the price list came back with no verdict, and a band's low end ("2.5万起") was left to read as the price. The
named provider is compared with every other provider that rents the same setup, per card-hour on the band's high end
(an estimate is not a price to bank on), in US dollars: seed 003's ¥25,000–40,000 a month for 8×A100 80GB SXM is
≈ $5,634 at its high end, under gpuli's ₮8,352 (seed 000), so yes, even at the high end.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from engine.money import Money

UNIT_HOURS = {"hour": Decimal(1), "week": Decimal(168), "month": Decimal(720)}


def _rate(row: dict[str, Any], end: str) -> Decimal | None:
    """The row's lowest price per hour over its terms, at the band's `end` ("low" or "high"), in US dollars."""
    rates = [Money(Decimal(str(q["total"][end])), q["total"]["currency"]).to("USD").amount / UNIT_HOURS[q["unit"]]
             for q in row.get("quotes") or [] if q.get("unit") in UNIT_HOURS]
    return min(rates) if rates else None


def _total(row: dict[str, Any], unit: str) -> dict[str, Any]:
    """The row's total for `unit` (the named provider's term: gpuli's month beside 一万网络's), else its first term's."""
    return next((q["total"] for q in row["quotes"] if q.get("unit") == unit), row["quotes"][0]["total"])


def _said(row: dict[str, Any], lang: str, unit: str) -> str:
    """The row's price for the term as quoted: "₮8,352", a band as "¥25,000–40,000"."""
    total = _total(row, unit)
    low, high = (Money(Decimal(str(total[k])), total["currency"]).format(lang) for k in ("low", "high"))
    return low if low == high else f"{low}–{high}"


def _high(row: dict[str, Any], lang: str, unit: str) -> str:
    total = _total(row, unit)
    return Money(Decimal(str(total["high"])), total["currency"]).format(lang)


def named_cheaper(reply: Reply, provider: str, lang: str) -> Reply | None:
    """A line that says whether `provider`'s rental in the price `reply` is cheaper than every other provider's
    there: yes when even its high end is under the others' low end, no when its low end is over another's high
    end, else it depends on where the bands fall (which is cheaper at the high ends said). None when the reply
    lists no other provider or no rate to compare."""
    rows = reply.data.get("rows") if reply.kind == "price" and isinstance(reply.data, dict) else None
    mine = next((r for r in rows or [] if r.get("provider_id") == provider), None)
    others = [r for r in rows or [] if r is not mine and r.get("provider_id") != provider]
    low, high = (_rate(mine, "low"), _rate(mine, "high")) if mine is not None else (None, None)
    rated = [(r, lo, hi) for r in others if (lo := _rate(r, "low")) is not None and (hi := _rate(r, "high")) is not None]
    if mine is None or low is None or high is None or not rated:
        return None
    other, other_low, other_high = min(rated, key=lambda p: p[1])
    band = bool(mine["quotes"][0].get("range") or mine["quotes"][0].get("estimate"))
    if high < other_low:
        key = "price.named_cheaper" + (".band" if band else "")
    elif low > other_high:
        key = "price.named_not_cheaper"
    else:  # the bands overlap: at the high ends, which is cheaper
        key = "price.named_depends" + (".mine" if high < other_high else ".other")
    unit = str(mine["quotes"][0].get("unit"))
    line = t(key, lang, provider=mine["provider"], price=_said(mine, lang, unit), high=_high(mine, lang, unit),
             other=other["provider"], other_price=_said(other, lang, unit), other_high=_high(other, lang, unit))
    return Reply("error", lang, {"message": line})
