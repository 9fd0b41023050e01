"""The same rental run several times ("cloudgpu a100 80g 8h" then "and if we run 4 such jobs", "跑 4 次呢"):
each provider's total for one run, times the runs, leads (CloudGPU A100 80GB for 8 h: 4 × $11.92 = $47.68);
the price list for one run follows."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, cast

from bot.messages import Reply
from bot.text.i18n import t
from engine.money import Money

METERED = ("minute", "hour")  # the billing cycles a run's bill is metered in


def per_run(amount: Money, lang: str) -> str:
    """One run's bill as a sum of runs shows it: a per-minute charge below the cent keeps its digits ($0.1575, so
    10 × $0.1575 = $1.58 reads right), any other amount as prices are shown."""
    places = -int(amount.amount.normalize().as_tuple().exponent)
    return amount.format_exact(lang) if amount.digits < places <= amount.digits + 2 else amount.format(lang)


def repeats_lead(reply: Reply, runs: int, lang: str) -> Reply | None:
    """One line per provider billing the rental by the minute or hour: its total for one run and for `runs` of
    them; None when none does (a listing with no length, or terms only)."""
    lines = []
    for row in cast(list[dict[str, Any]], reply.data.get("rows") or []) if isinstance(reply.data, dict) else []:
        quotes = row.get("quotes") or []
        total = quotes[0].get("total") if quotes else None
        if not total or any(c.get("kind") not in METERED for c in quotes[0].get("cycles") or [{}]):
            continue  # a week bought for 8 hours may hold all the runs: only a metered bill grows with each run
        cur = str(total["currency"])
        exact = (quotes[0].get("exact") or {}).get("total")  # 45 min at $0.21/h is $0.1575: summed unrounded, rounded once
        low = Decimal(str(exact if exact is not None and total["high"] == total["low"] else total["low"]))
        one = per_run(Money(low, cur), lang)
        all_runs = Money(low * runs, cur).format(lang)
        if total["high"] != total["low"]:  # a band: both ends multiplied
            one += f"–{Money(Decimal(str(total['high'])), cur).format(lang)}"
            all_runs += f"–{Money(Decimal(str(total['high'])) * runs, cur).format(lang)}"
        setup = t("sum.setup", lang, n=row["num_gpus"], gpu=row["gpu"])
        lines.append(t("price.repeats", lang, provider=row["provider"], setup=setup, runs=runs, one=one, total=all_runs))
    return Reply("error", lang, {"message": "\n".join(lines)}) if lines else None
