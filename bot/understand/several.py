"""Several asks about one job in one message, typed with or without marks between them.

Why here: the parser reads a message as one intent; a job's cost asked together with its memory or its
card ("qwen3 14b lora 要多少显存 用哪张卡 多少钱一周", "how much vram for 14b lora and what does a week
cost") read as the cost alone, and the memory question went unanswered. The words that ask for memory
or a card live here, with the reading that turns such a message into its two answers, in the order a
person asks them (the memory and card first, then the price)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.understand import fields as f
from bot.understand.clause_marks import YEAR_DAYS, YEARLY
from bot.understand.clauses import length_clauses
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize

if TYPE_CHECKING:
    from bot.understand.parser import Parsed

# (a card of some memory asked whether it will do: "does a 24gb card cut it", "48g 的卡行不行", "will a 32gb gpu handle it")
MEMORY_ASK = lazy(r"多少显存|显存多少|多大显存|显存要|显存够|多少\s*g\b|how\s+much\s+(?:memory|vram|gpu)|memory\s+(?:do|does|for)|vram\s+for"
                  r"|\d+\s*gb?\b.*(?:够|enough|fit|行不行|行吗|可以吗|能行|ok|cut\s+it|handle|suffice|do\s+(?:it|the\s+job)|work)")
# the memory named where the message asks a sizing ("vram? and weekly price", "显存占多少 周租多少"): the memory is asked
MEMORY_WORD = lazy(r"显存|\bvram\b|\bmemory\b|\bgpu\s+ram\b")
PICK_A_CARD = lazy(r"什么卡|哪张卡|哪种卡|哪款卡|选什么|租什么|which gpu|what gpu|which card|what card")


def memory_and_cost(whole: Parsed) -> list[Parsed]:
    """A job's cost asked beside its memory or the card to use, naming no card ("14b lora 要多少显存 多少钱一周",
    "vram for 32b qlora? and the weekly cost?"): the sizing (memory, the card that holds it) and then the
    cost, each its own answer. [] for any other message: a card named is a fit question (`fit_then_cost`),
    a budget or deadline is weighed by its own answer (one in a currency with no rate, "budget 400 EUR", is named
    back by it), a dataset or step time makes the cost the answer."""
    q, a = whole.request, whole.asks
    if whole.intent != "cost" or whole.missing or whole.versus or a.host_memory or a.budget or a.deadline \
            or whole.cues.unrated_amount is not None \
            or a.both_units or a.cheaper or a.difference or a.methods_versus or q.tokens or q.samples or q.step_seconds:
        return []
    if q.gpu and (a.memory_figure or a.how_many_gpu or not (a.sizing and MEMORY_WORD.search(whole.words))):
        return []  # a card named: its cost answer says the memory asked as a figure, and a count asked is the cost's
    if not (MEMORY_ASK.search(whole.words) or PICK_A_CARD.search(whole.words) or (a.sizing and MEMORY_WORD.search(whole.words))):
        return []  # with its card named, "vram? and weekly price": the memory on that card (its fit), then the cost
    sized = replace(whole, intent="size", asks=replace(a, cost=False), parts=[],
                    rental=replace(whole.rental, duration_days=None, duration_hours=None),
                    request=q.model_copy(update={"hours": None, "days": None}))
    return [sized, replace(whole, parts=[])]


def lengths_asked(text: str, whole: Parsed) -> tuple[float, ...]:
    """"32b qlora 用 a6000 一周多少 两周呢", "14b lora cost for a week, and what about a month?": a job's cost
    asked for one length and then again for others; the lengths in hours, in the order asked, so the core
    prices the job once per length instead of answering the first and dropping the rest. () for one length,
    a dataset (its run is the length), or a price of a card alone (its clauses are priced one by one)."""
    q, a = whole.request, whole.asks
    if whole.intent != "cost" or whole.missing or whole.parts or a.both_units or q.tokens or q.samples or q.step_seconds:
        return ()
    hours = []
    for clause in length_clauses(text):
        days, hrs = f.duration(normalize(clause))
        hours.append((days or 0) * 24 + (hrs or 0))
    return tuple(hours) if len(set(hours)) >= 2 and all(hours) else ()


# the terms a card's price is asked in, as (days, hours): a year beside another term is asked term by term
_TERMS = ((None, 1.0, lazy(r"按\s*小?时|每小时|时租|\bhourly\b|\bper\s+(?:hour|hr)\b|\bby\s+the\s+hour\b", re.IGNORECASE)),
          (1.0, None, lazy(r"按\s*天|日租|\bdaily\b|\bper\s+day\b|\bby\s+the\s+day\b", re.IGNORECASE)),
          (7.0, None, lazy(r"按\s*周|周租|周付|包周|\bweekly\b|\bper\s+week\b|\bby\s+the\s+week\b|\bweek(?:'s)?\s+(?:price|rate|rent)", re.IGNORECASE)),
          (30.0, None, lazy(r"按\s*月|月租|月付|包月|\bmonthly\b|\bper\s+month\b|\bby\s+the\s+month\b|\bmonth(?:'s)?\s+(?:price|rate|rent)", re.IGNORECASE)),
          (YEAR_DAYS, None, YEARLY))


def each_term(text: str, whole: Parsed) -> list[Parsed]:
    """A card's price asked in a year and another term ("8x h100 at gpuli, monthly and yearly price?", "一万网络
    a100 40g 月付和年付各多少"): the card priced for each term, in the order named, so the year is not dropped
    (a provider that sells no yearly term says how it prices a year). [] for one term, or terms without a
    year: the card's price list answers those ("weekly and monthly rate for a 4090": ₮109/week, ₮369/month)."""
    if whole.intent != "price" or not whole.request.gpu or whole.parts or whole.missing or whole.versus:
        return []
    named = sorted((m.start(), days, hours) for days, hours, unit in _TERMS if (m := unit.search(text)))
    if len(named) < 2 or not any(days == YEAR_DAYS for _, days, _ in named):
        return []
    # "项目周期半年 … 月付划算还是年付划算": the months of the span the message states, paid one by one, against the year
    span = whole.rental.duration_days
    own = span if span and YEAR_DAYS > span > 30.0 and span % 30 == 0 and not whole.rental.term and not whole.rental.duration_hours else None
    return [replace(whole, rental=replace(whole.rental, duration_days=own if own and days == 30.0 else days, duration_hours=hours, term=True),
                    asks=replace(whole.asks, both_units=False, hours=()), parts=[])
            for _, days, hours in named]


def runway_and_fit(whole: Parsed) -> list[Parsed]:
    """"预算 500u gpuli 上 L40S 周租能租几周 够跑 14b lora 吗", "400u, how many weeks of a gpuli 4090 weekly, enough
    for a 7b qlora?": how long the money rents the card by the unit named (a unit, no length to cover) and whether
    the job named fits that card: the runway, then the fit on the card. [] for anything else ("$50 能跑多久 够不够跑
    30 小时" weighs the length stated against the money; with no job there is nothing to fit)."""
    q, a, r = whole.request, whole.asks, whole.rental
    if whole.intent != "price" or a.budget is None or not (a.runway or a.how_long) or not a.enough or not r.term \
            or not q.gpu or not (q.model or q.params_b) or whole.versus or whole.missing:
        return []
    runway = replace(whole, parts=[], asks=replace(a, enough=False),
                     request=q.model_copy(update={"model": None, "params_b": None, "method": None}))
    fit = replace(whole, intent="size", parts=[], asks=replace(a, budget=None, runway=False, how_long=False, cost=False, sizing=True),
                  rental=replace(r, duration_days=None, duration_hours=None, term=False),
                  request=q.model_copy(update={"hours": None, "days": None}))
    return [runway, fit]
