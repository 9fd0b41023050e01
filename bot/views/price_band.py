"""What a quoted price is, asked of the last price list ("is that the lowest it could be or the
highest?", "这是估的吗"): a band the source estimates, a band published as such, or a fixed price.

Why: an estimated band (一万网络's 8×A100 80G box, seed 003) is no quote: its low end is the hopeful
figure, its high end the cautious one, and the real price is set at order time. The reply says which
kind of figure it is, that comparisons and budget checks here use the high end, and whom to ask.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from engine.money import Money


def band_note(reply: Reply, lang: str) -> Reply:
    """The line that says what the leading figure of `reply` (a price list) is."""
    rows: list[dict[str, Any]] = reply.data.get("rows") or []
    ranged = next(((r, q) for r in rows for q in r["quotes"] if q.get("range")), None)
    if ranged is None and rows:  # a list price: no band to explain
        row, quote = rows[0], rows[0]["quotes"][0]
        params = _params(row, quote, lang)
        return Reply("error", lang, {"message": t("price.band_fixed", lang, **params)})
    if ranged is None:
        return Reply("error", lang, {"message": t("price.band_nothing", lang)})
    row, quote = ranged
    params = _params(row, quote, lang)
    if not quote.get("estimate") and quote.get("discounts"):  # a published band × months, less a discount: worked out here
        pct = next((d["pct"] for d in quote["discounts"] if d.get("pct")), None)
        text = t("price.band_derived", lang, **params, pct=pct or 0)
        if quote.get("source_year"):  # the source's own yearly estimate, rounded (seed 003's ¥80–120 万)
            own = quote["source_year"]
            low, high = (Money(Decimal(str(own[end])), own["currency"]).format(lang) for end in ("low", "high"))
            text += t("price.band_derived_source", lang, low=low, high=high)
        return Reply("error", lang, {"message": text})
    key = "price.band_estimate" if quote.get("estimate") else "price.band_published"
    return Reply("error", lang, {"message": t(key, lang, **params)})


def _params(row: dict[str, Any], quote: dict[str, Any], lang: str) -> dict[str, Any]:
    total = quote["total"]
    low, high = (Money(Decimal(str(total[end])), total["currency"]).format(lang) for end in ("low", "high"))
    return {"provider": row["provider"], "n": row["num_gpus"], "gpu": row["gpu"], "low": low, "high": high,
            "unit": t(f"unit.{quote['unit']}", lang)}
