"""The cheapest card asked of a job ("cheapest card at cloudgpu and hourly?", "最便宜用哪张卡") whose cheapest card is
tight: that card leads, with its price and why it is tight, and the safe pick is named beside it.

Why: the cost answer leads with the cheapest *safe* option (14B QLoRA: the A6000 at $0.44/h), so a question
asking for the cheapest card got a dearer one first; the reference tables put 14B QLoRA at 14–18 GB, which a
24 GB card such as the RTX 3090 ($0.21/h) holds at our expected figure, with the high end as its risk."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from engine.money import Money
from engine.seed_adapter_rows import SeedRow, seed_figures
from engine.sizing import Sizing

TIGHT = ("tight", "tight_over")


def cheapest_card_line(reply: Reply, lang: str) -> Reply | None:
    """The line naming the cheapest card of a cost reply when it is cheaper than the safe pick and tight;
    None when the pick is already the cheapest, or the reply is no cost answer."""
    v = reply.data.get("v") if reply.kind == "cost" and isinstance(reply.data, dict) else None
    rows: list[dict[str, Any]] = (v or {}).get("rows") or []
    pick = (v or {}).get("pick")
    if not rows or not pick:
        return None
    low = min(rows, key=lambda r: r["compare"][0])
    note = next((n for n in low["notes"] if n["code"] in TIGHT), None)
    if low["cheapest"] or note is None or low["compare"][0] >= Decimal(str(pick["compare"][0])):
        return None
    said = t(f"cost.note.{note['code']}", lang, **note["params"])
    row = _seed_row(reply)
    if row is not None and row.gpuli is not None and row.gpuli[1] <= float(note["params"]["card_gb"]):
        # the reference table holds the class on this card size (14B QLoRA 14–18 GB on 24 GB): the card fits, and
        # only our estimate's tail over the card is a caution
        said = t("cost.note.seed_holds", lang, low=f"{row.gpuli[0]:g}", high=f"{row.gpuli[1]:g}", **note["params"])
    total = t("cost.cheapest_card_total", lang, total=Money(Decimal(str(low["total_max"])), low["currency"]).format(lang)) \
        if (v or {}).get("basis") == "stated" and low.get("total_max") else ""
    return Reply("error", lang, {"message": t(
        "cost.cheapest_card_tight", lang, provider=low["provider_name"], n=low["num_gpus"], gpu=low["name"],
        rate=Money(Decimal(str(low["rate_max"])), low["currency"]).format(lang), total=total, note=said, safe=pick["name"],
        safe_rate=Money(Decimal(str(pick["rate_max"])), pick["currency"]).format(lang))})


def _seed_row(reply: Reply) -> SeedRow | None:
    """The seeds' LoRA / QLoRA row of the job the cost answer priced, when it is sized at their settings."""
    report = reply.source
    sizing = getattr(report, "sizing", None)
    return seed_figures(sizing) if isinstance(sizing, Sizing) else None
