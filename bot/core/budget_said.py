"""Money said as a budget right after a job or a rental was priced for a length ("budget like 30 bucks",
"预算 30 刀", "our budget is $30" after "14b qlora this weekend" or "cloudgpu 4090 for the weekend"): whether that
rental fits in it, as if "够吗" / "enough?" had been asked, never the wallet's monthly budget set.

Why: a bare budget statement sets the monthly budget (bot/understand/wallet_intent.py); after an answer that
priced a rental for a stated length, the team is weighing that total, and setting a monthly alert threshold
answered nothing they asked. A set verb or a month named ("set the monthly budget to $30", "月预算 30 刀") still
sets it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal

from bot.messages import Turn
from bot.understand.lazy import lazy
from bot.understand.parser import Parsed

SETS = lazy(r"设置?|改成|改为|调到|调成|定为|定成|月预算|每月|每个月|包月|\bset\b|\bchange\b|\bupdate\b|\bmake\s+it\b|monthly"
            r"|\b(?:a|per|each|every)\s+month\b|^\s*/", re.I)
_SET_VERB = lazy(r"设置?|改成|改为|调到|调成|定为|定成|\bset\b|\bchange\b|\bupdate\b|^\s*/", re.I)


def _priced_for_length(last: Turn) -> bool:
    """The last answer priced a rental or a job for a stated length (a total, not only hourly rates)."""
    data = last.data
    if last.kind == "price":
        return bool(data.get("hours"))
    request = data.get("request") or {}
    return last.kind in ("size", "cost") and isinstance(request, dict) and bool(request.get("hours") or request.get("days"))


# the budget asked about, not stated: "算行吧", "够不够", "ok?", "稳吗" — a question never sets the wallet's budget
ASKED = lazy(r"[?？吗么]|行吧|可以吧|够吧|没问题吧|行不行|够不够|稳不稳|\bok\b|\benough\b|\bfine\b|\bwork\b|\bcover\b", re.I)


def budget_weighs_last(parsed: Parsed, last: Turn | None, text: str) -> Parsed:
    """`parsed` asking whether the money fits the rental just priced, when it only stated a budget after one (or asked
    about one after any price: "一万网络 8卡 a100 80g 多少钱" then "按最低价 2.5 万 算行吧 预算 3 万")."""
    amount = parsed.rental.amount
    if (planned := budget_of_the_job(parsed, last, text)) is not None:
        return planned
    if last is None or parsed.wallet is None or parsed.wallet.kind != "budget_set" or not isinstance(amount, Decimal) \
            or parsed.request.gpu or not ((_priced_for_length(last) and not SETS.search(text))
                                           or (last.kind == "price" and ASKED.search(text) and not _SET_VERB.search(text))):
        return parsed
    # money said with no how-long question ("we have 10k USDT budget") weighs the total just priced, not a runway
    runway = parsed.asks.runway and parsed.asks.how_long
    asks = replace(parsed.asks, budget=(amount, parsed.rental.currency), enough=True, runway=runway)
    return replace(parsed, intent="faq", wallet=None, asks=asks)


def _job_answered(last: Turn) -> bool:
    """The last answer sized or costed a job (a model named), whatever length it priced."""
    request = last.data.get("request") or {}
    return last.kind in ("size", "cost") and isinstance(request, dict) and bool(request.get("model") or request.get("params_b"))


def budget_of_the_job(parsed: Parsed, last: Turn | None, text: str) -> Parsed | None:
    """"我们要微调 qwen2.5-32b" then "预算 2k U/月，能跑起来就行", "need a 72B full fine-tune" then "budget 20k USDT/month,
    prefer no offload": money said per month in a conversation about a job is that plan's budget, so the job is
    answered against it as if said in one message; only a set verb ("设置月预算 2k", "set the budget to 20k") or the
    command sets the wallet's monthly budget."""
    if last is None or parsed.wallet is None or parsed.wallet.kind != "budget_set" or not isinstance(parsed.rental.amount, Decimal) \
            or not _job_answered(last) or _priced_for_length(last) or _SET_VERB.search(text) or parsed.request.model \
            or parsed.request.params_b:
        return None  # a job priced for a length ("…包月多少") is weighed against the money by budget_weighs_last
    return replace(parsed, intent="cost", wallet=None, follow_up=True)
