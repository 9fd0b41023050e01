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
        one = Money(Decimal(str(total["low"])), cur).format(lang)
        all_runs = Money(Decimal(str(total["low"])) * runs, cur).format(lang)
        if total["high"] != total["low"]:  # a band: both ends multiplied
            one += f"–{Money(Decimal(str(total['high'])), cur).format(lang)}"
            all_runs += f"–{Money(Decimal(str(total['high'])) * runs, cur).format(lang)}"
        setup = t("sum.setup", lang, n=row["num_gpus"], gpu=row["gpu"])
        lines.append(t("price.repeats", lang, provider=row["provider"], setup=setup, runs=runs, one=one, total=all_runs))
    return Reply("error", lang, {"message": "\n".join(lines)}) if lines else None
