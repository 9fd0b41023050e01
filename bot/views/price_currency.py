"""Which currency a price is in, asked of the last price list ("人民币还是美元", "is that USD or RMB?"): each
provider quoted bills in its own currency (seed 003: 一万网络 in yuan; seed 000: gpuli in ₮; seed 002: CloudGPU in
dollars), so the line names that currency beside the figure, and says any converted figure is only for comparing."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.unrated_currency import currency_names
from bot.views.rate_band_lines import band_lines
from engine.money import Money


def currency_note(reply: Reply, lang: str) -> Reply:
    """The line that says what currency each provider of `reply` (a price list) bills in, with its figure;
    the provider named first leads, and a list of several says it for the first three."""
    rows: list[dict[str, Any]] = reply.data.get("rows") or []
    lines = []
    for row in rows[:1] if reply.data.get("named") else rows[:3]:
        total = row["quotes"][0]["total"]
        low, high = (Money(Decimal(str(total[end])), total["currency"]).format(lang) for end in ("low", "high"))
        lines.append(t("price.currency_billed", lang, provider=row["provider"], n=row["num_gpus"], gpu=row["gpu"],
                       currency=t(f"price.currency_name.{total['currency']}", lang), code=total["currency"],
                       total=low if low == high else f"{low}–{high}"))
    if not lines:
        return Reply("error", lang, {"message": t("price.currency_nothing", lang)})
    return Reply("error", lang, {"message": "\n".join([*lines, t("price.currency_converted", lang)])})


def unrated_note(reply: Reply, ident: str, lang: str, said: list[str] | None = None) -> Reply:
    """The line for a currency the catalog has no rate for (catalogs/currency.yaml, `unrated`), asked of the
    prices in `reply`: it names that currency, says no rate is kept for it, then each provider's figure in the
    currency it bills in, so the user converts at the rate of the day (never a rate made up here). `said`: money
    stated in it ([amount, code], "budget S$300"), named back as not weighed, since no rate turns it into these."""
    en, zh = currency_names(ident)
    billed = currency_note(reply, lang).data["message"]
    name = zh if lang == "zh" else en
    band = band_lines(reply.data, ident, lang, Decimal(said[0]) if said else None)
    if band:  # a verdict or a range that holds across the currency's historical band leads
        return Reply("error", lang, {"message": "\n".join([*band, billed])})
    head = t("price.unrated_said", lang, name=name, code=ident, amount=f"{Decimal(said[0]):,}") if said \
        else t("price.unrated", lang, name=name, code=ident)
    return Reply("error", lang, {"message": f"{head}\n{billed}"})


def add_on_currency_note(reply: Reply, lang: str) -> Reply:
    """The same line for add-ons priced on their own (a storage volume, a CPU upgrade: `reply` an add-on price):
    the currency each provider quoted bills in, beside its figure (seed 000: gpuli's volume in ₮; seed 003: 一万网络's
    CPU upgrade in yuan)."""
    rows: list[dict[str, Any]] = reply.data.get("rows") or []
    lines = []
    for row in rows[:3]:
        name = t(f"price.addon_name.{row['add_on']}", lang) + (f" {row['quantity']:,} GB" if row.get("per_gb") else "")
        lines.append(t("price.currency_billed_item", lang, provider=row["provider"], item=name,
                       currency=t(f"price.currency_name.{row['currency']}", lang), code=row["currency"],
                       total=Money(Decimal(str(row["total"])), str(row["currency"])).format(lang)))
    if not lines:
        return Reply("error", lang, {"message": t("price.currency_nothing", lang)})
    return Reply("error", lang, {"message": "\n".join([*lines, t("price.currency_converted", lang)])})
