"""Both terms asked in one message ("一万网络 A100 40G 什么价 年付呢", "月付和年付各多少", "yiwan a100 40g price, and
yearly?"): the month's price and the year paid at once, side by side (seed 003: ¥2,800 a month; a year paid yearly
¥26,880, 20% off 12 × ¥2,800 = ¥33,600).

Why: the yearly word set the span to a year, so the month's price asked first ("什么价", "月付") was never given."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from bot.core.context import Context
from bot.core.price_pairs import difference_first
from bot.messages import Reply
from bot.understand.lazy import lazy
from bot.understand.parser import Parsed
from engine.providers import providers

YEAR = r"年付|包年|按年付?|annual(?:ly)?|yearly|per\s+year"
MONTHLY = r"(?:月付|按月付?|月月付|(?:\bvs\.?|\bversus|\bagainst|\bthan|compared\s+(?:to|with))\s+(?:paying\s+)?monthly|(?:pa(?:y|ying|id)|billed)\s+(?:by\s+the\s+|per\s+|each\s+|every\s+)?month(?:ly)?|month[\s-](?:to|by)[\s-]month)"
A_YEAR = r"(?:一年|1\s*年|整年|全年|\b(?:a|one|1|the\s+whole|a\s+full|full)\s+year\b|12\s*个?\s*月|\b(?:12|twelve)\s+months?\b)"
# the month's term named beside the year's, or a plain price asked before the year is added ("什么价 年付呢")
MONTH_AND_YEAR = lazy(rf"(?:月付|月租|包月|按月付?|monthly|per\s+month)[^。.?？!！]*?(?:{YEAR})|(?:{YEAR})[^。.?？!！]*?"
                      rf"(?:月付|月租|包月|按月付?|monthly|per\s+month)"
                      # the months paid one by one over a year said as a length: "月付一年", "一年月付的话", "a year paying monthly"
                      rf"|{MONTHLY}[^。.?？!！]*?{A_YEAR}|{A_YEAR}[^。.?？!！]*?{MONTHLY}"
                      rf"|(?:什么价|啥价|多少钱?|价格|价钱|\bprices?\b|\bcosts?\b|how\s+much)[^。.?？!！]*?(?:{YEAR})\s*(?:呢|的话|\?|？|$)",
                      re.I)
BY_MONTH_A_YEAR = lazy(rf"{MONTHLY}[^。.?？!！]*?{A_YEAR}|{A_YEAR}[^。.?？!！]*?{MONTHLY}", re.I)
MONTH_HOURS, YEAR_HOURS = 720, 8760


def year_and_month(ctx: Context, parsed: Parsed, data: dict[str, Any],
                   priced: Callable[[Context, dict[str, Any]], Reply]) -> Reply | None:
    """The month's and the year's price of the setup in `data`, the comparison leading, when the message asks both
    terms and no span of its own; None otherwise."""
    r = parsed.rental
    by_month = bool(BY_MONTH_A_YEAR.search(parsed.words or ""))  # "那月付一年呢 差多少": both terms, one year
    # "yearly, and per month on average?" asks the year's share per month (bot.views.month_share), not the month's price
    if not parsed.price.annual or parsed.price.month_average or not MONTH_AND_YEAR.search(parsed.words or "") \
            or (parsed.asks.both_units and not by_month and not months_span(r.duration_days)) \
            or (r.duration_days not in (None, 30.0, 360.0, 365.0) and not months_span(r.duration_days)) or r.duration_hours:
        return None
    # only a provider that sells a year (一万网络's yearly prepay): gpuli's "year" would be twelve months again
    yearly = [p.id for p in providers().entries if p.billing.cycle("year") is not None and (r.provider in (None, p.id))]
    if not yearly:
        return None
    data = {**data, "first": r.provider or yearly[0]}
    words = parsed.words or ""
    year_at, month_at = re.search(YEAR, words, re.I), re.search(r"月付|月租|包月|按月|monthly|per\s+month", words, re.I)
    # in the order asked ("年付和月付分别多少": the year first)
    hours = [YEAR_HOURS, MONTH_HOURS] if year_at and month_at and year_at.start() < month_at.start() else [MONTH_HOURS, YEAR_HOURS]
    # "周期半年 … 月付还是年付": the months of the span paid one by one, against the year paid at once
    months = int((r.duration_days or 0) // 30) if months_span(r.duration_days) else None
    replies = difference_first([priced(ctx, {**data, "hours": h}) for h in hours], ctx.lang, months=months)
    if len(replies) < 2 or replies[0].kind != "error":
        return None  # no provider quotes both terms firmly
    first = replies[0]
    first.also = replies[1:]
    return first


def year_pair(parsed: Parsed) -> bool:
    """Whether a message's two questions are one setup's month (or plain price) and its year ("一万网络 3090 包月多少
    包年呢", "price, and yearly?"): answered together, as one comparison, not as two lists."""
    parts = parsed.parts
    spans = [p.rental.duration_days for p in parts]
    if len(parts) != 2 or any(p.intent != "price" for p in parts) or parts[0].request.gpu != parts[1].request.gpu \
            or not parsed.price.annual or (parsed.asks.both_units and not any(months_span(d) for d in spans)) \
            or not any(p.billing.cycle("year") is not None for p in providers().entries
                       if parsed.rental.provider in (None, p.id)):
        return False
    days = sorted(float(p.rental.duration_days or 0) for p in parts)
    return (days in ([0.0, 365.0], [30.0, 365.0]) or (months_span(days[0]) and days[1] == 365.0)) \
        and not any(p.rental.duration_hours for p in parts)


def months_span(days: float | None) -> bool:
    """A span of whole billing months under a year ("半年", "6 个月", "a quarter"): paid monthly it is that many
    months, against a year paid at once (seed 003: ¥2,800 a month; ¥26,880 a year)."""
    return bool(days) and 30.0 < float(days or 0) < 360.0 and float(days or 0) % 30 == 0


def year_by_month_asked(parsed: Parsed) -> bool:
    """Whether a message asks a year paid month by month against the year paid at once ("那月付一年呢 差多少",
    "年付和月付差多少"): answered by year_and_month, never as two units weighed."""
    return parsed.price.annual and bool(MONTH_AND_YEAR.search(parsed.words or ""))


def by_month_a_year(parsed: Parsed) -> bool:
    """Whether a message asks a whole year paid month by month ("那月付一整年呢", "paying monthly for a full year?")."""
    return parsed.price.annual and bool(BY_MONTH_A_YEAR.search(parsed.words or ""))
