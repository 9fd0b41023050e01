"""How much to put in the balance for a rental just priced ("那余额要充多少才稳", "how much should I top up
to be safe?").

Why: the wallet's balance says nothing of that rental, and the answer is a figure the reply can compute:
the rental's price, plus what the provider holds while it runs. CloudGPU bills by the minute and, while
an instance runs, pre-authorizes one hour of it (seed 002: an 8-hour job needs its 8 hours and a buffer
on top, and the balance running out destroys the instance), so the safe top-up is the price plus that
hour. A prepaid term (gpuli's week or month) is paid up front: its price is the whole of it.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from engine.money import Money


def top_up_note(reply: Reply, lang: str, held: bool = False) -> Reply:
    """The line that says how much to hold for the leading rental of `reply` (a price list). `held`: asked what
    the start holds ("开机先扣多少", "how much must be in the wallet before starting?"): the provider's hold on
    that card leads, with the whole run's price and the sum when the run is longer than the hold."""
    rows: list[dict[str, Any]] = reply.data.get("rows") or []
    if not rows or not rows[0].get("quotes"):
        return Reply("error", lang, {"message": t("price.top_up_nothing", lang)})
    # what a start holds is asked of a provider that holds: its row leads when the one named or cheapest prepays
    row = next((r for r in rows if r.get("quotes") and r["quotes"][0].get("preauth")), rows[0]) \
        if held and not reply.data.get("named") else rows[0]
    quote = row["quotes"][0]
    total = quote["total"]
    currency = total["currency"]
    price = Money(Decimal(str(total["high"])), currency)  # a band is held at its high end
    params = {"provider": row["provider"], "n": row["num_gpus"], "gpu": row["gpu"], "price": price.format(lang)}
    hours = quote.get("preauth")
    if not hours or quote.get("rate") is None:
        return Reply("error", lang, {"message": t("price.top_up_prepaid", lang, **params)})
    hold = Money(Decimal(str(quote["rate"])) * int(row["num_gpus"]) * Decimal(str(hours)), currency)
    params["span"] = f"{hours} hour" if float(hours) == 1 else f"{hours} hours"  # English says the span in words
    if held:
        key = "price.held_run" if price.amount > hold.amount else "price.held_hour"
        return Reply("error", lang, {"message": t(key, lang, **params, hours=hours, hold=hold.format(lang),
                                                  sum=(price + hold).format(lang))})
    return Reply("error", lang, {"message": t("price.top_up_metered", lang, **params, hours=hours,
                                              hold=hold.format(lang), sum=(price + hold).format(lang))})
