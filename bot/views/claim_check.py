"""The check of a price the user worked out ("8 张 a100 单卡 899 乘 8 就是 7192 吧"): right or wrong
first, against the catalog's quote for that rental, then why when it is wrong (several cards are
rented as one machine with its own price, not the single-card price times the count).

Why a view of its own: the price list answers "what does it cost"; a sum to check asks "is mine
right", so the verdict leads and the list follows as the evidence.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.claimed import Claim
from bot.views.price import unit_prices
from engine.money import Money

UNIT_HOURS = {"hour": 1, "week": 7 * 24, "month": 30 * 24}


def claim_term(claim: Claim, gpus: list[str]) -> tuple[float, str] | None:
    """(hours, provider name) of the single-card term whose price the user multiplied (₮899: gpuli's
    A100 80GB month), so the rental checked is the one they priced; None when no term costs that."""
    if claim.each is None:
        return None
    for gpu in gpus:
        for row in unit_prices(gpu, 1, "USD", limit=9):
            for unit in row["units"]:
                total = unit["total"]
                if unit["unit"] in UNIT_HOURS and total["low"] <= claim.each <= total["high"]:
                    return float(UNIT_HOURS[unit["unit"]]), str(row["provider"])
    return None


def claim_note(reply: Reply, claim: Claim, count: int | None, provider: str | None, lang: str) -> Reply | None:
    """The verdict on the user's figure against the quote of `provider` (whose single-card price
    they used), else the first row; None when nobody rents the setup."""
    rows: list[dict[str, Any]] = reply.data.get("rows") or []
    row = next((r for r in rows if r["provider"] == provider), rows[0] if rows else None)
    if row is None:
        return None
    total = row["quotes"][0]["total"]
    n = count or row["num_gpus"]
    # nobody rents that many as one machine ("4 张 4090"): that many single rentals, as the user added them
    rentals = n // row["num_gpus"] if reply.data.get("unsold_count") and n % row["num_gpus"] == 0 else 1
    low = Money(Decimal(total["low"]) * rentals, total["currency"])
    high = Money(Decimal(total["high"]) * rentals, total["currency"])
    cost = low.format(lang) if low.amount == high.amount else f"{low.format(lang)}–{high.format(lang)}"
    stated = Money(claim.total, total["currency"])
    right = low.amount - 1 <= claim.total <= high.amount + 1  # a sum rounded to the unit is still right
    setup = t("sum.setup", lang, n=row["num_gpus"], gpu=row["gpu"])
    if rentals > 1:
        setup = t("claim.separate", lang, k=rentals, setup=setup)
    elif row.get("apart"):  # gpuli's 4 × RTX 4090 priced as four single-card instances (bot.views.price.apart)
        apart = row["apart"]
        setup = t("claim.separate", lang, k=apart["instances"], setup=t("sum.setup", lang, n=apart["per"], gpu=row["gpu"]))
    lines = [t("claim.right" if right else "claim.wrong", lang, claim=stated.format(lang), provider=row["provider"],
               setup=setup, cost=cost)]
    if not right and claim.each is not None and n and n > 1:
        product = claim.each * n
        if product != claim.total:  # their multiplication itself is off too
            lines.append(t("claim.product", lang, each=f"{claim.each:,}", n=n, product=f"{product:,}"))
        if row["num_gpus"] == n:
            lines.append(t("claim.machine", lang, n=n))
    return Reply("error", lang, {"message": "\n".join(lines)})
