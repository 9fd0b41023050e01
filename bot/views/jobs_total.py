"""Several jobs priced in one message, each for its own length, and their total asked ("a 72B QLoRA box for a
month and a 7B QLoRA box for a week at gpuli — total?", "72b qlora 包月 加上 7b qlora 租一周 一共多少"): each job's
cheapest safe setup, summed where every one is a firm price in one currency, leading; the answers follow.

Why its own view: the sum of price lists (bot/core/price_pairs.py total_first) reads price replies; a job's cost
answer names its setup in its pick, which this reads."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from engine.money import Money


def jobs_total_first(replies: list[Reply], lang: str) -> list[Reply]:
    """The sum of each cost answer's pick leading `replies`; `replies` as they are unless there are two or more
    cost answers, each with a firm pick, all in one currency."""
    picks = [_pick(r) for r in replies]
    if len(replies) < 2 or any(p is None for p in picks):
        return replies
    firm = [p for p in picks if p is not None]
    currencies = {p["currency"] for p in firm}
    if len(currencies) != 1 or any(p["total_min"] != p["total_max"] for p in firm):
        return replies
    currency = currencies.pop()
    amounts = [Decimal(str(p["total_max"])) for p in firm]
    where = " + ".join(dict.fromkeys(str(p["provider_name"]) for p in firm))
    line = t("price.sum_total", lang, provider=where, parts=" + ".join(Money(a, currency).format(lang) for a in amounts),
             total=Money(sum(amounts, Decimal(0)), currency).format(lang))
    first = replies[0]
    lead = Reply("error", lang, {"message": f"💰 {line}"}, turn=first.turn, buttons=first.buttons)
    more, first.also = first.also, []
    return [lead, first, *more, *replies[1:]]


def _pick(reply: Reply) -> dict[str, Any] | None:
    view = reply.data.get("v") if reply.kind == "cost" and isinstance(reply.data, dict) else None
    pick = view.get("pick") if isinstance(view, dict) else None
    return pick if isinstance(pick, dict) and pick.get("currency") and pick.get("total_max") is not None else None
