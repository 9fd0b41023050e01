"""Money said in a currency the catalog keeps no rate for, beside the rental it is to cover ("budget S$300, a 4090
for a month enough?", "预算 2000 港币 租 4090 一个月够吗"): the rental priced as if no budget were said, led by the
line that names the amount back, says no rate is kept for its currency and gives each figure as billed.

Why: the amount readers know only the catalog's currencies, so "S$300" was weighed as $300 and "2000 港币" as
¥2,000, a verdict on money the user does not hold. With no rate, the honest answer is the billed figures to
convert (bot.views.price_currency), never a yes or no."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal

from bot.core.context import Context
from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.parser import Parsed
from bot.understand.roadmap import budget_period
from bot.understand.unrated_currency import currency_names
from bot.views.price_currency import unrated_note

_TOTAL = re.compile(r"\bin\s+total\b|\bin\s+all\b|\baltogether\b|\btotal\s+budget\b|总共|一共|总预算|合计|总额", re.I)


def unrated_budget_first(ctx: Context, parsed: Parsed, text: str,
                         answer: Callable[[Context, Parsed, str], Reply]) -> Reply | None:
    """The rental of `parsed` without the budget, its no-rate line leading; None when no budget was said in an
    unrated currency, or the message names no card of its own (a follow-up is bot.core.unrated_follow's)."""
    said, asks = parsed.cues.unrated_amount, parsed.asks
    if said is None or (asks.budget is not None and asks.budget[0] != said[0]) or parsed.follow is not None \
            or not parsed.request.gpu:
        return None
    plain = replace(parsed, cues=replace(parsed.cues, unrated_amount=None),
                    asks=replace(asks, budget=None, budget_loose=False, enough=False, runway=False, how_long=False,
                                 runway_unit=None))
    reply = answer(ctx, plain, text)
    if reply.kind != "price":
        return None
    note = unrated_note(reply, said[1], ctx.lang, [format(said[0].normalize(), "f"), said[1]])
    note.also, reply.also = [reply, *reply.also], []
    note.turn, note.buttons = reply.turn, reply.buttons
    return note


def unrated_plan_first(ctx: Context, parsed: Parsed, text: str,
                       answer: Callable[[Context, Parsed, str], Reply]) -> Reply | None:
    """The same for a job to plan rather than a card to rent ("we have 1.500 EUR for a month of 8b lora, what to
    rent?", "预算 2 万港币 微调 7b 两周"): the plan priced as if no budget were said, led by the line that names the
    amount back and says no rate is kept for it. None when no money was said in an unrated currency, another
    budget was, or the reply is no plan."""
    said, asks = parsed.cues.unrated_amount, parsed.asks
    if said is None or parsed.follow is not None or parsed.missing \
            or (asks.budget is not None and asks.budget[0] != said[0]):
        return None
    plain = replace(parsed, cues=replace(parsed.cues, unrated_amount=None),
                    asks=replace(asks, budget=None, budget_loose=False, enough=False, runway=False, how_long=False,
                                 runway_unit=None))
    reply = answer(ctx, plain, text)
    return _led(ctx, reply, said, parsed.words) if reply.kind == "cost" else None


def unrated_sized(ctx: Context, parsed: Parsed, reply: Reply) -> Reply:
    """A job sized or its card priced with money said in an unrated currency beside it ("7b qlora pilot, which
    card? budget is tight, say 10k INR", "预算 5 万日元 跑 7b qlora 用什么卡"): the same leading line, so the amount
    is named back and no verdict is drawn on it; a sizing keeps its fit verdict first and the line follows it.
    `reply` as it is when none was said or it prices nothing."""
    said = parsed.cues.unrated_amount
    if said is None or parsed.follow is not None or reply.kind not in ("price", "cost", "sizing") \
            or (parsed.asks.budget is not None and parsed.asks.budget[0] != said[0]):
        return reply
    if reply.kind == "sizing":
        reply.also = [*reply.also, _note(ctx.lang, said, parsed.words, "plan.unrated_budget_above")]
        return reply
    return _led(ctx, reply, said, parsed.words)


def _led(ctx: Context, reply: Reply, said: tuple[Decimal, str], words: str) -> Reply:
    """`reply` behind the line naming `said` back: its currency, that no rate is kept for it, the figures as billed."""
    note = _note(ctx.lang, said, words)
    note.also, reply.also = [reply, *reply.also], []
    note.turn, note.buttons = reply.turn, reply.buttons
    return note


def _note(lang: str, said: tuple[Decimal, str], words: str, key: str = "plan.unrated_budget") -> Reply:
    """The line itself: the amount as said, with the span it is for ("2 lakh per month": INR 200,000 a month)."""
    return Reply("error", lang, {"message": unrated_line(lang, said, words, key)})


def unrated_line(lang: str, said: tuple[Decimal, str], words: str, key: str = "plan.unrated_budget") -> str:
    en, zh = currency_names(said[1])
    # "1.500 € in total ... for one week": the week is the run's length, the money is all there is
    period = None if _TOTAL.search(words) else budget_period(words)
    amount = f"{said[0].normalize():,f}" + (t(f"roadmap.budget_period.{period}", lang) if period else "")
    return t(key, lang, code=said[1], name=zh if lang == "zh" else en, amount=amount)
