"""A rental of several months or years shared out per month ("一万网络 a100 40g 年付 一年多少 平均每月多少",
"yearly, and per month on average?"): each quote's total over the months it buys, on its own line (seed 003:
a year prepaid at ¥26,880 is ¥2,240 a month, ¥26,880 ÷ 12).

Why: the annual prepay is one sum paid at once; asked what it comes to a month, the reply states both, the
total and its share, so the two can be checked against each other."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any, cast

from bot.messages import Reply

MONTHS = {"year": 12, "month": 1}


def _share(amount: object, months: int) -> Decimal:
    """A month's share: whole units from 100 up (¥2,240), cents below."""
    share = Decimal(str(amount)) / months
    return share.quantize(Decimal(1) if share >= 100 else Decimal("0.01"), rounding=ROUND_HALF_UP)


def months_bought(quote: dict[str, Any]) -> int:
    """The months a quote's cycles buy (a year is 12); 0 when any cycle is shorter than a month."""
    cycles = cast(list[dict[str, Any]], quote.get("cycles") or [])
    if not cycles or any(str(c.get("kind")) not in MONTHS for c in cycles):
        return 0
    return sum(MONTHS[str(c["kind"])] * int(c.get("count") or 0) for c in cycles)


def month_shares(reply: Reply) -> None:
    """Each quote of several months given its share per month, shown where its per-card-hour rate would be."""
    for row in cast(list[dict[str, Any]], reply.data.get("rows") or []):
        for quote in row.get("quotes") or []:
            total, months = quote.get("total"), months_bought(quote)
            if total and months > 1:
                quote["per_month"] = {"low": _share(total["low"], months), "high": _share(total["high"], months),
                                      "currency": total["currency"], "months": months}
