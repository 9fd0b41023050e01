"""Lines drawn from an unrated currency's historical band against the dollar (engine.rate_bands), for a price
asked in it or money said in it: a verdict that holds at every rate of the band, or where the line between
enough and not lies; how long the money lasts at the band's weak end; a conversion as a range, never a point.

Why: "we keep no rate, so I can't tell" stopped where the answer does not depend on the rate (€1,000 against
₮109 covers it at any EUR/USD rate since 2000). Only figures billed in dollars or ₮ (taken 1:1, catalogs/
currency.yaml) are weighed; a yuan price has a rate of its own and is left as billed.
"""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal
from typing import Any

from bot.text.i18n import t
from bot.understand.unrated_currency import currency_names
from engine.rate_bands import Band, break_even, dollars_of, rate_band, units_for

_DOLLARS = ("USD", "USDT")


def _first_dollar_row(reply_data: dict[str, Any]) -> tuple[dict[str, Any], Decimal, Decimal] | None:
    """The first row billed in dollars or ₮: the row, its total (high end, as a range is weighed) and its hours."""
    for row in reply_data.get("rows") or []:
        quote = (row.get("quotes") or [{}])[0]
        total = quote.get("total") or {}
        if total.get("currency") in _DOLLARS:
            high = Decimal(str(total["high"]))
            rate = Decimal(str(quote.get("rate") or 0)) * (row.get("num_gpus") or 1)
            days = reply_data.get("days")  # the length asked, else what the rate implies
            return row, high, (Decimal(str(days)) * 24 if days else high / rate if rate else Decimal(0))
    return None


def _money(amount: Decimal, code: str) -> str:
    sign = {"USD": "$", "USDT": "₮"}.get(code)
    return f"{sign}{amount:,.2f}".replace(".00", "") if sign else f"{code} {amount:,.0f}"


def band_lines(reply_data: dict[str, Any], ident: str, lang: str, said: Decimal | None) -> list[str] | None:
    """The band's lines for the price in `reply_data`, asked in `ident` (`said`: an amount stated in it); None
    when the catalog gives that currency no band or nothing is billed in dollars or ₮."""
    band = rate_band(ident)
    found = _first_dollar_row(reply_data) if band else None
    if band is None or found is None:
        return None
    row, total, hours = found
    code = row["quotes"][0]["total"]["currency"]
    what = f"{row['num_gpus']}× {row['gpu']}"
    billed = _money(total, code)
    low, high = sorted((band.weak_said, band.strong_said), key=Decimal)
    ends = t("price.band_ends", lang, code=ident, since=band.since, weak=high, strong=low,
             quote=t(f"price.band_quote.{band.quote}", lang, code=ident))
    en, zh = currency_names(ident)
    name = zh if lang == "zh" else en
    lines = [*_verdict(band, said, total, billed, what, hours, lang, ends, name)] if said is not None \
        else [t("price.band_convert", lang, billed=billed, what=what, name=name, low=f"{units_for(total, band)[0]:,.0f}",
                high=f"{units_for(total, band)[1]:,.0f}", code=ident, ends=ends)]
    return [*lines, t("price.band_source", lang, source=band.source)]


def _verdict(band: Band, said: Decimal, total: Decimal, billed: str, what: str, hours: Decimal, lang: str,
             ends: str, name: str) -> list[str]:
    weak, strong = dollars_of(said, band)
    amount = f"{said:,.0f} {name}" if lang == "zh" else f"{band.code} {said:,.0f} ({name})"
    if weak >= total:
        key = "price.band_enough"
    elif strong < total:
        key = "price.band_short"
    else:
        key = "price.band_depends"
    lines = [t(key, lang, amount=amount, billed=billed, what=what, weak=f"${weak:,.0f}", strong=f"${strong:,.0f}",
               line=break_even(said, total, band), quote=t(f"price.band_quote.{band.quote}", lang, code=band.code),
               ends=ends)]
    times = (weak / total).quantize(Decimal(1), ROUND_FLOOR) if total else Decimal(0)
    if hours and times >= 1:  # whole billing periods only: a part of a month is not rented at the month's price
        days = (times * hours / 24).quantize(Decimal(1), ROUND_FLOOR)
        lines.append(t("price.band_runway", lang, amount=amount, days=f"{days:,}", times=f"{times:,}", billed=billed,
                       what=what))
    return lines
