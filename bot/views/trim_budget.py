"""Which part of a rental to leave out to fit a budget: "一万网络 a100 40g 包月 加 16 核 加 128g 内存", "预算 3500
够吗" (¥3,800: no), then "砍哪个能进预算" / "which add-on do I drop to fit?".

Why: the budget verdict says the rental is over by ¥300, and the natural next question is what to cut. Each
add-on left out is priced under the provider's rules (seed 003: the 16-core upgrade ¥400 a month, 128G of
RAM ¥600), so the answer names each way in with its total: ¥3,400 without the CPU upgrade, ¥3,200 without
the RAM. When no single one is enough, the card alone is the last way named.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from engine.money import Money
from engine.price_list import setup_prices


def _total(data: dict[str, Any], add_ons: dict[str, int], display: str) -> Money | None:
    """The rental of `data` with only `add_ons`, at the provider asked (else the cheapest), as a Money."""
    hours = data.get("hours")
    count = data.get("num_gpus")
    prices = setup_prices(data["gpu"], int(count) if count else None, timedelta(hours=float(hours)) if hours else None,
                          display_currency=display, add_ons=add_ons or None, whole_machines=True)
    rows = [r for r in prices.offered if not data.get("first") or r.provider.id == data["first"]]
    if not rows or not rows[0].quotes:
        return None
    q = min((r.quotes[0] for r in rows), key=lambda q: Money(q.total_max, q.currency).to(display).amount)
    return Money(q.total_max, q.currency)


def trim_note(data: dict[str, Any], budget: Money, lang: str) -> Reply:
    """The lead of "砍哪个能进预算": each add-on of the rental left out, its total against `budget`."""
    held: dict[str, int] = dict(data.get("add_ons") or {})
    whole = _total(data, held, budget.currency)
    if whole is not None and whole.to(budget.currency).amount <= budget.amount:
        return Reply("error", lang, {"message": t("price.trim.none_needed", lang, budget=budget.format(lang),
                                                  total=whole.format(lang))})
    items, fits = [], False
    for add_on in held:
        total = _total(data, {k: v for k, v in held.items() if k != add_on}, budget.currency)
        if total is None:
            continue
        over = total.to(budget.currency).amount - budget.amount
        fits = fits or over <= 0
        name = t(f"price.addon_name.{add_on}", lang)
        items.append(t("price.trim.in" if over <= 0 else "price.trim.over", lang, name=name, total=total.format(lang),
                       left=Money(-over, budget.currency).format(lang), over=Money(over, budget.currency).format(lang)))
    if not fits and len(held) > 1:
        bare = _total(data, {}, budget.currency)
        if bare is not None:
            over = bare.to(budget.currency).amount - budget.amount
            items.append(t("price.trim.all_in" if over <= 0 else "price.trim.all_over", lang, total=bare.format(lang),
                           over=Money(over, budget.currency).format(lang)))
    message = t("price.trim.lead", lang, budget=budget.format(lang), items=t("list.sep", lang).join(items))
    return Reply("error", lang, {"message": message})
