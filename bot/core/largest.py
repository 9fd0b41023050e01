"""The biggest model a budget trains: "budget 2k usdt, biggest full finetune I can run for a month?",
"预算1万 全参最大几B", "¥5000 能训多大的模型".

A budget stated inside a question about what it buys is planning, never a wallet write (the wallet's
budget is set only when asked: bot.understand.wallet_intent). The answer walks seed 000's size
classes (7B/8B, 14B, 32B, 72B: its sizing tables' rows), prices each class's cheapest safe setup for
the method and the time stated (a month when none: the span budgets are counted in) exactly as a
cost question would, and leads with the largest class whose setup the budget covers, its setup and
cost, then the next class up and what it is over by; that class's cost reply follows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from typing import Any

from bot.core.price import MONTH_DAYS
from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.parser import Parsed
from bot.views.planning import budget_verdict, lang_currency
from engine.money import Money

SEED_CLASSES = (7.0, 14.0, 32.0, 72.0)  # seed 000's size classes, smallest first ("7B / 8B 级" … "72B 级")


def largest_asked(parsed: Parsed) -> bool:
    """A budget asked what model size it trains, with no model named (the size is the answer)."""
    q = parsed.request
    return (parsed.asks.largest_model and parsed.asks.budget is not None and not (q.model or q.params_b)
            and parsed.intent in ("size", "cost", "unknown", "faq", "price"))


def largest_for_budget(parsed: Parsed, lang: str, cost: Callable[[Parsed], Reply]) -> Reply:
    """The largest seed size class whose cheapest safe setup the budget covers, leading; the cost reply
    for it (or for the smallest class, when none is covered) below."""
    assert parsed.asks.budget is not None
    r, q = parsed.rental, parsed.request
    days = r.duration_days or q.days or (None if (r.duration_hours or q.hours) else MONTH_DAYS)
    rental = replace(r, duration_days=days)
    priced: list[tuple[float, Reply, dict[str, Any], bool, str]] = []
    for size in SEED_CLASSES:
        job = replace(parsed, intent="cost", missing=[], rental=rental,
                      request=q.model_copy(update={"params_b": size}))
        reply = cost(job)
        verdict = budget_verdict(reply, parsed.asks.budget, q.currency, lang, q.provider)
        pick = (reply.data.get("v") or {}).get("pick") if isinstance(reply.data, dict) else None
        if verdict is None or not pick:
            continue
        priced.append((size, reply, pick, bool(verdict.data.get("over")), str(verdict.data.get("message") or "")))
        if verdict.data.get("over"):
            break  # a bigger class costs more still
    if not priced:
        return cost(replace(parsed, intent="cost"))
    within = [p for p in priced if not p[3]]
    over = next((p for p in priced if p[3]), None)
    limit = _limit(parsed, priced[0][2], lang)
    method = t("method." + str((priced[0][1].data["v"]).get("method") or "full"), lang)
    dur = t("cost.dur.days", lang, n=f"{days:g}") if days else t("cost.dur.hours", lang, n=f"{(r.duration_hours or q.hours or 0):g}")
    words: dict[str, Any] = {"budget": limit.format(lang), "method": method, "dur": dur}
    if over is not None:
        words |= _setup(over[2], limit, lang, "next_")
        words["next"] = _size(over[0])
    if within:
        best = within[-1]
        words |= _setup(best[2], limit, lang, "")
        words["size"] = _size(best[0])
        key = "plan.largest_within" if over is not None else "plan.largest_all"
        shown = best[1]
    else:
        key, shown = "plan.largest_none", priced[0][1]
        words["size"] = _size(priced[0][0])
    # the first class over: its verdict's further lines (seed 000's minimum for it within the budget, at the edge)
    extra = over[4].split("\n")[1:] if over is not None else []
    lead = Reply("error", lang, {"message": "\n".join([t(key, lang, **words), *extra])})
    lead.also = [shown, *shown.also]
    lead.turn, lead.buttons, lead.source = shown.turn, shown.buttons, shown.source
    shown.also = []
    return lead


def _limit(parsed: Parsed, pick: dict[str, Any], lang: str) -> Money:
    """The budget as Money: its stated currency, else the job's, else the language's."""
    assert parsed.asks.budget is not None
    amount, stated = parsed.asks.budget
    return Money(amount, stated or parsed.request.currency or lang_currency(lang))


def _setup(pick: dict[str, Any], limit: Money, lang: str, prefix: str) -> dict[str, object]:
    """One class's cheapest safe setup in words: where, what, its cost, and what is left or over."""
    cost = Money(Decimal(pick["total_max"]), pick["currency"])
    in_budget = cost.to(limit.currency)
    same = cost.currency == limit.currency
    shown = cost.format(lang) + ("" if same else t("plan.budget_approx", lang, converted=in_budget.approx().format(lang)))
    rest = limit - in_budget
    rest = rest if rest.amount >= 0 else -rest
    return {f"{prefix}provider": str(pick["provider_name"]),
            f"{prefix}setup": t("sum.setup", lang, n=pick["num_gpus"], gpu=pick["name"]),
            f"{prefix}cost": shown,
            f"{prefix}left": (rest.rounded() if same else rest.approx()).format(lang)}


def _size(b: float) -> str:
    return "7B/8B" if b == SEED_CLASSES[0] else f"{b:g}B"
