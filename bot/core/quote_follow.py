"""Arithmetic on the quote just given, asked as a follow-up: a margin put on it ("客户 B 的 32b 全参，gpuli 月租报价多少"
then "加 30% 毛利给客户报多少"; "with a 20% markup?") and the runs a budget buys ("cloudgpu 4090 跑 5 小时多少钱" then
"客户预算 20 刀，够跑几次": $1.65 a run, 12 runs).

Why: the follow-up named neither a job nor a card, so it fell to the FAQ or out of scope ("这个我帮不上"), or the
budget was weighed against one run ("够"), never divided. The answer remembers the figures it quoted (`note_quoted`:
the cheapest safe pick, and the reference table's setup when the reply showed it beside the pick); the follow-up's
percent (or budget, with "how many runs") is applied to them, in the quote's own currency.
"""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Any

from bot.core.price_pairs import firm_totals
from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.understand.parser import Parsed
from engine.money import Money

QUOTED = "quoted"


def _cost_quotes(view: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    pick = view.get("pick")
    if not isinstance(pick, dict) or pick.get("total_min") != pick.get("total_max") or not pick.get("currency"):
        return []
    setup = f"{pick['provider_name']} {t('sum.setup', lang, n=pick['num_gpus'], gpu=short_gpu(pick['name']))}"
    out = [{"amount": str(pick["total_max"]), "currency": pick["currency"], "setup": setup, "ref": False}]
    seed = view.get("seed_span")
    total = seed.get("total") if isinstance(seed, dict) else None
    if isinstance(seed, dict) and isinstance(total, dict) and total.get("low") == total.get("high") \
            and str(total.get("high")) != str(pick["total_max"]):
        setup = f"{seed['provider']} {t('sum.setup', lang, n=seed['num_gpus'], gpu=short_gpu(seed['name']))}"
        out.append({"amount": str(total["high"]), "currency": total["currency"], "setup": setup, "ref": True})
    return out


def note_quoted(reply: Reply) -> None:
    """The firm figures `reply` quoted, kept with its turn for a margin or a budget's runs asked next."""
    turn = reply.turn
    if turn is None or not isinstance(reply.data, dict):
        return
    quotes: list[dict[str, Any]] = []
    if reply.kind == "cost" and isinstance(reply.data.get("v"), dict):
        quotes = _cost_quotes(reply.data["v"], reply.lang)
    elif reply.kind == "price":
        firm = firm_totals(reply)
        first = turn.data.get("first")
        named = [(where, f) for where, f in firm.items() if first and where.lower() == str(first).lower()]
        quotes = [{"amount": str(a), "currency": cur, "setup": f"{where} {setup}", "ref": False}
                  for where, (a, cur, setup) in (named or list(firm.items()))[:3]]
    if quotes:
        turn.data[QUOTED] = quotes


def _money(quote: dict[str, Any]) -> Money:
    return Money(Decimal(quote["amount"]), quote["currency"])


def quote_figures(parsed: Parsed, turn: Turn | None, lang: str) -> Reply | None:
    """The quote before with the margin asked put on it, or the runs the budget asked buys; None unless the
    message asks one of them and names no job or card of its own."""
    quotes = turn.data.get(QUOTED) if turn is not None else None
    q, cues = parsed.request, parsed.cues
    if not quotes or q.model or q.params_b or q.gpu or parsed.rental.gpu or parsed.parts:
        return None
    if cues.margin is not None and cues.margin > 0:
        factor = 1 + cues.margin / 100
        lines = [t("quote.margin_ref" if quote["ref"] else "quote.margin", lang, pct=f"{cues.margin:g}", setup=quote["setup"],
                   base=_money(quote).format(lang), factor=f"{factor:g}",
                   total=Money(_money(quote).amount * factor, quote["currency"]).rounded().format(lang))
                 for quote in quotes]
        return Reply("error", lang, {"message": "\n".join(lines)})
    budget = parsed.asks.budget or (tuple(turn.data["budget"]) if turn is not None and turn.data.get("budget") else None)
    if cues.runs_asked and budget is not None:
        quote = quotes[0]
        each = _money(quote)
        cap = Money(Decimal(str(budget[0])), str(budget[1] or each.currency))
        if each.amount <= 0:
            return None
        in_cap = each.to(cap.currency) if cap.currency != each.currency else each
        n = math.floor(cap.amount / in_cap.amount)
        if n < 1:
            return Reply("error", lang, {"message": t("quote.runs_none", lang, budget=cap.format(lang), each=each.format(lang),
                                                      setup=quote["setup"])})
        spent = Money(in_cap.amount * n, cap.currency).rounded()
        return Reply("error", lang, {"message": t("quote.runs", lang, budget=cap.format(lang), n=f"{n:,}", each=each.format(lang),
                                                  setup=quote["setup"], spent=spent.format(lang),
                                                  left=Money(cap.amount - spent.amount, cap.currency).format(lang))})
    return None
