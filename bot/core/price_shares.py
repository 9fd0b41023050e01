"""Shares of a price answer's totals: per day ("按天摊多少") and per card in another unit ("每卡每分钟多少"),
written into the quotes of a price reply (moved out of bot.core.price, which outgrew the layout's limit)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, cast

from bot.messages import Reply

ANNUAL_DAYS = 365
MONTH_DAYS = 30

def per_day_shares(reply: Reply, hours: object) -> None:
    """"gpuli 8卡 h100 一周多少，按天摊多少", "a week of it, what's that per day": each quote's total
    shared over its days (₮4,172 / 7 = ₮596 a day), shown where its per-card-hour rate would be. The
    days are those asked, or those the quote buys when longer (a day at gpuli is its week: ₮109 / 7,
    never ₮109 "a day"). No length asked ("4090 gpuli 合每天多少钱"): each unit of the listing per day
    (₮109/周 ≈ ₮15.57, ₮369/月 = ₮12.30, $0.33/小时 = $7.92). Under a day asked: left as it is."""
    listing = hours is None or hours == 0
    days = Decimal(str(hours or 0)) / 24
    if days < 1 and not listing:
        return
    for row in cast(list[dict[str, Any]], reply.data.get("rows") or []):
        for quote in row.get("quotes") or []:
            total = quote.get("total")
            span = UNIT_DAYS.get(str(quote.get("unit"))) if listing else max(days, _bought_days(quote))
            if total and span:
                quote["per_day"] = {"low": _share(total["low"], span), "high": _share(total["high"], span),
                                    "currency": total["currency"]}


RATE_HOURS = {"minute": Decimal(1) / 60, "day": Decimal(24), "month": Decimal(MONTH_DAYS * 24)}


def per_card_rates(reply: Reply, unit: str) -> None:
    """"按月算下来每卡每分钟多少", "per gpu per day?": each quote's per-card-hour rate in the unit asked,
    shown where the hourly one would be (gpuli 8×H100 a month: ₮14,432 / (8 × 30 × 24 × 60) ≈ ₮0.042 a
    card-minute). Two significant figures below one unit, cents above, so a minute's rate is never "₮0.04"."""
    for row in cast(list[dict[str, Any]], reply.data.get("rows") or []):
        for quote in row.get("quotes") or []:
            if quote.get("rate"):
                rate = Decimal(str(quote["rate"])) * RATE_HOURS[unit]
                places = Decimal(1).scaleb(rate.adjusted() - 1) if rate < 1 else Decimal(1) if rate >= 100 else Decimal("0.01")
                quote["per_card"] = {"unit": unit, "amount": rate.quantize(places), "currency": quote["total"]["currency"]}


# the days one unit of a listing covers ("₮109/周" is 7 days; "$0.33/小时" is a 24th of one)
UNIT_DAYS = {"hour": Decimal(1) / 24, "week": Decimal(7), "month": Decimal(MONTH_DAYS)}
CYCLE_DAYS = {"minute": Decimal(1) / 1440, "hour": Decimal(1) / 24, "week": Decimal(7), "month": Decimal(MONTH_DAYS),
              "year": Decimal(ANNUAL_DAYS)}


def _bought_days(quote: dict[str, Any]) -> Decimal:
    """The days a quote's cycles buy (1 week: 7; 36 hours by the minute: 1.5)."""
    return sum((CYCLE_DAYS.get(str(c.get("kind")), Decimal(0)) * int(c.get("count") or 0)
                for c in quote.get("cycles") or []), Decimal(0))


def _share(amount: object, days: Decimal) -> Decimal:
    """A day's share: whole units from 100 up (¥11,429, not ¥11,428.57), cents below (₮12.30)."""
    share = Decimal(str(amount)) / days
    return share.quantize(Decimal("1") if share >= 100 else Decimal("0.01"))
