"""Why a span is priced as more than was asked, said where no "cheapest" line says it: "gpuli 8卡 h100 想租半个月，怎么收"
is 3 weeks (21 days) at ₮4,172 a week, because gpuli bills only 7-day weeks and 30-day months (seed 000).

Why: the price line showed "3 周 × ₮4,172" and nothing said that the provider sells no 15 days, that its terms are
whole weeks or months, or what the six days more are good for; the question asked how it is charged. The reason was
only given beside a cheapest line, which a single provider's answer does not have.
"""

from __future__ import annotations

from typing import Any

from engine.price_list import ProviderPrice


def cycles_spare(row: ProviderPrice, spare: dict[str, Any] | None) -> dict[str, Any] | None:
    """The first row's terms and its spare time (`spare`: bot.views.price._spare of it), for the line under the prices;
    None when it bills about what was asked or by the minute."""
    kinds = [c.kind for c in row.provider.billing.cycles if c.kind in ("week", "month", "year")]
    if spare is None or not kinds:
        return None
    return {"provider": row.provider.name, "units": kinds, **spare}
