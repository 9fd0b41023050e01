"""What happens when the balance a user holds runs out mid-run, said under a "not enough" on that balance.

Why: "our balance is $5, can I start a 6-hour job?" was answered with the shortfall alone; at a provider that
destroys the instance when its balance reaches zero (catalogs/providers/*.yaml, billing.destroy_on_zero_balance),
starting anyway loses the instance and its disk partway through, which is the reason to top up first.
"""

from __future__ import annotations

import re
from typing import Any, cast

from bot.messages import Reply
from bot.text.i18n import t
from bot.views.planning import judged_row
from engine.providers import providers

# the money weighed is what the account holds ("our balance is $5", "余额还剩 3 刀", "wallet has 20 U")
_BALANCE = re.compile(r"余额|钱包|账上|账户里|\bbalance\b|\bwallet\b|\bcredits?\b", re.I)


def runs_out_line(reply: Reply, lang: str, held: bool, text: str) -> str | None:
    """The line for the provider the verdict judged when its instances go at a zero balance and the money weighed is
    a balance (`held`, or `text` says so); None otherwise."""
    if not held and not _BALANCE.search(text):
        return None
    rows = cast(list[dict[str, Any]], reply.data.get("rows") or [])
    if not rows:
        return None
    row = judged_row(reply.data, rows)
    entry = next((p for p in providers().entries if p.id == row.get("provider_id")), None)
    if entry is None or not entry.billing.destroy_on_zero_balance:
        return None
    return t("plan.balance_runs_out", lang, provider=row.get("provider") or entry.id)
