"""Follow-ups of the wallet's answers: a rental asked right after the balance is asked of that wallet, and a
change said right after a rental confirmation re-quotes that rental. Pure: Parsed and the last Turn in,
Parsed out (bot.core.follow_ups hands these two cases here)."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from typing import Any

from bot.core.held_budget import asked_of_its_own
from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.understand.asks import Asks
from bot.understand.faq_verdict import verdict_for
from bot.understand.parser import Parsed
from bot.understand.wallet_intent import WalletAction
from engine.money import Money

SHORT_CHANGE = 24  # characters: "一周，gpuli", "make it 2 cards" — a change of the rental, not a new request


def of_wallet(parsed: Parsed, turn: Turn | None) -> Parsed:
    """"我钱包余额多少" then "那能租 4090 一周吗" / "can I rent a 4090 for a week then?": the rental asked
    whether it can be had is asked of the wallet just read (`turn`, the reply before, unwrapped by nothing),
    so an empty one is weighed as nothing held; elsewhere the question is a price."""
    r, asks = parsed.rental, parsed.asks
    priced = _card_priced_under(turn)
    if priced is not None and (asks.runway or asks.how_long) and parsed.intent in ("price", "faq", "unknown") \
            and asks.budget is None and not (r.gpu or parsed.request.gpu or parsed.request.model or parsed.request.params_b
                                             or r.duration_days or r.duration_hours or parsed.run is not None):
        # "cloudgpu 3090 多少" then "我充了5刀" then "能跑多久": the money now held, divided into the card priced
        # just before it (the wallet's answer sits on that price), at the provider priced first
        gpu, count, provider = priced
        request = parsed.request.model_copy(update={"gpu": gpu, "num_gpus": count})
        return replace(parsed, intent="price", request=request, missing=[], faq=[], faq_answers=[], faq_confident=False,
                       rental=replace(r, gpu=gpu, num_gpus=count, provider=r.provider or provider),
                       asks=replace(asks, runway=True, wallet=True))
    if turn is None or turn.kind != "wallet" or parsed.intent != "price" or not asks.affords or not r.gpu or not (r.duration_days or r.duration_hours):
        return parsed
    return replace(parsed, asks=replace(asks, wallet=True))


def _card_priced_under(turn: Turn | None) -> tuple[str, int | None, str | None] | None:
    """The one card (its count, the provider priced first) of the price answer a wallet turn sits on."""
    prev = turn.data.get("prev") if turn is not None and turn.kind == "wallet" else None
    if not isinstance(prev, dict) or prev.get("kind") != "price" or not isinstance(prev.get("data"), dict):
        return None
    data = prev["data"]
    gpu = data.get("gpu")
    cards = gpu if isinstance(gpu, list) else [gpu]
    if len(cards) != 1 or not isinstance(cards[0], str) or data.get("add_ons"):
        return None
    count = data.get("num_gpus")
    first = data.get("first")
    return cards[0], int(count) if count else None, first if isinstance(first, str) else None


def rent_follow_up(parsed: Parsed, last: Turn) -> Parsed:
    """After a rental confirmation, "一周，gpuli" / "make it 2 cards" re-quotes that rental with
    the change (a new confirmation replaces the old one; nothing is written before Confirm)."""
    r = parsed.rental
    if parsed.intent in ("wallet", "size", "cost", "inference", "help", "smalltalk") or parsed.cues.chars > SHORT_CHANGE:
        return parsed
    if not (r.provider or r.duration_days or r.duration_hours or r.num_gpus):
        return parsed
    d = last.data
    hours = (r.duration_days or 0) * 24 + (r.duration_hours or 0) or d.get("hours")
    days, rest = (None, hours) if hours else (None, None)
    rental = replace(r, gpu=str(d["gpu"]), num_gpus=r.num_gpus or d.get("num_gpus"), provider=r.provider or d.get("provider"),
                     duration_days=days, duration_hours=rest)
    return replace(parsed, intent="wallet", wallet=WalletAction("rent"), rental=rental, follow_up=True)


# the amount asked ("minimum balance to start", "余额最少要多少"), not why or what is held (the FAQ answers those)
AMOUNT_ASKED = re.compile(r"minimum|at\s+least|how\s+much|多少|最少|至少|最低", re.I)


def safe_figure_of_price(parsed: Parsed, last: Turn | None) -> Parsed | None:
    """"一万网络 8卡 a100 80g 多少" then "报销预算按多少写稳妥" / "what should we budget to be safe?": the rental just
    priced, what its figure is leading (a band's ends: its high end is the safe one to write down, seed 003's
    ¥25–40k a month for the 8×A100 80G server). None unless the last answer was a price and no card is named."""
    q = parsed.request
    if not parsed.cues.safe_figure or last is None or last.kind != "price" or q.gpu or q.model or q.params_b:
        return None
    return replace(parsed, intent="price", wallet=None, follow={**last.data, "band": True}, follow_up=True, missing=[],
                   faq=[], faq_answers=[], faq_confident=False)


def top_up_of_price(parsed: Parsed, last: Turn | None) -> Parsed | None:
    """"cloudgpu 4090 跑 8 小时多少钱" then "那余额要充多少才稳" / "how much should I top up to be safe?":
    the money to hold for the rental just priced (its price plus the provider's hold while it runs), never a
    read of the wallet, which says nothing of that rental. None unless the last answer was a price and the
    message asks how much to put in without naming a card of its own."""
    held = parsed.asks.start_hold  # "开机的时候余额会先扣多少": the provider's hold on the rental priced, not a wallet read
    if not (parsed.asks.top_up or held) or parsed.asks.budget is not None or (held and parsed.cues.refund and parsed.cues.time_used) \
            or parsed.cues.meaning:  # "cloudgpu 的预授权是啥意思": what the hold is, the FAQ's, not the rental's hold
        return None  # "预授权 1 小时 用了 15 分钟 退多少": the hold asked back after use is the refund rule's (refund_after_use)
    if parsed.request.gpu:  # "minimum balance to start an a100 80g?", "开一张 a100 余额最少要多少": that card's hold
        q = parsed.request
        if not held or q.model or q.params_b or q.method or not AMOUNT_ASKED.search(parsed.words) \
                or parsed.intent not in ("wallet", "faq", "unknown", "price", "size"):
            return None
        data: dict[str, Any] | None = {"gpu": [parsed.request.gpu], "num_gpus": parsed.rental.num_gpus or 1, "hours": None,
                                       "add_ons": {}, "infiniband": None, "repeat": False, "display": None,
                                       "first": parsed.rental.provider, "asked_currency": False}
    elif last is None or last.kind not in ("price", "cost"):
        return None
    else:
        data = last.data if last.kind == "price" else priced_rental(last.data)
    if data is None:
        return None
    # "8 hour run, how much balance to keep" after the card's hourly price: the money is held for that run's length
    stated = (parsed.rental.duration_days or 0) * 24 + (parsed.rental.duration_hours or 0)
    length = {"hours": float(stated), "weeks": parsed.cues.weeks} if stated else {}
    # "开机那两分钟收钱吗 预授权是多少": a yes/no asked beside the hold keeps its FAQ verdict, which leads the hold
    said = _verdict_asked(parsed) if held else None
    return replace(parsed, intent="price", wallet=None, follow={**data, **length, "top_up": "held" if held else True,
                                                                **({"verdict": said} if said else {})},
                   follow_up=True, missing=[], faq=[], faq_answers=[], faq_confident=False)


def _verdict_asked(parsed: Parsed) -> dict[str, str] | None:
    """The FAQ's verdict on a yes/no question asked beside a hold ("开机那两分钟收钱吗", "is the boot billed?"):
    its line in both languages, None when the message asks none the answers judge."""
    if not parsed.cues.yes_no:
        return None
    for hit in parsed.faq_answers:
        if (verdict := verdict_for(hit.entry, parsed.words, parsed.rental.provider)) is not None:
            return {"zh": verdict.say.zh, "en": verdict.say.en}
    return None


def priced_rental(cost: dict[str, Any]) -> dict[str, Any] | None:
    """The rental a job's cost picked ("72b qlora cloudgpu a800 8个小时" then "余额要留多少": 1×A800 at cloudgpu
    for 8 hours), as a price turn keeps it; None when the cost picked none or ran no stated length."""
    picked, request = cost.get("priced"), cost.get("request") or {}
    hours = request.get("hours") or (request.get("days") or 0) * 24
    if not isinstance(picked, list | tuple) or len(picked) != 3 or not hours:
        return None
    gpu, count, provider = picked
    return {"gpu": [gpu], "num_gpus": count, "hours": float(hours), "add_ons": {}, "infiniband": None, "repeat": False,
            "display": None, "first": provider, "asked_currency": False}


def unpriced_rent(parsed: Parsed, reply: Reply) -> Turn | None:
    """A rental asked for with no length, so nothing was ordered ("想租一万网络 8卡 a100 80g"): that card kept as a price
    asked, so "预算 3w 一个月够吗" next weighs its month; None for any other wallet answer."""
    q = parsed.request
    if reply.kind != "wallet_error" or parsed.wallet is None or parsed.wallet.kind != "rent" or not q.gpu \
            or parsed.rental.duration_days or parsed.rental.duration_hours:
        return None
    return Turn("price", {"gpu": [q.gpu], "num_gpus": q.num_gpus or 1, "hours": None, "add_ons": {}, "infiniband": None,
                          "repeat": False, "display": None, "first": parsed.rental.provider, "asked_currency": False})


def budget_stated(parsed: Parsed) -> list[str | None] | None:
    """The monthly budget a message sets ("预算 3w", "our budget is $500"), as a wallet turn keeps it:
    [amount, currency or None]; None for any other wallet action, or an amount asked back."""
    amount = parsed.rental.amount
    # "gpuli 钱包 ₮1000", "my wallet has $500": the money held, stated, is what the next rental is weighed against
    if parsed.wallet is None or parsed.wallet.kind not in ("budget_set", "balance") or not isinstance(amount, Decimal):
        return None
    return [str(amount), parsed.rental.currency]


def memory_asked(a: Asks) -> bool:
    """Whether a message asks the job's memory, cards or fit ("要多大显存", "how much vram per card", "要几张", "4卡
    够吗", "sizing for …"): a sizing whatever money was said before it, never the job priced within that money."""
    return a.memory_figure or a.per_card_memory or a.per_card_figure or a.least_memory or a.count or a.sizing


def of_stated_budget(parsed: Parsed, turn: Turn | None) -> Parsed:
    """"预算 3w" then "一万网络 8 卡 h100 包月够不够" / "our budget is $500" then "is a week of a100 80g at
    cloudgpu enough?": the money stated the turn before is what the rental is weighed against (named back),
    not what the wallet holds at that provider. A message naming money of its own keeps it."""
    a, q = parsed.asks, parsed.request
    kept = turn.data.get("budget") if turn is not None and turn.kind in ("wallet", "budget") else None
    if kept and a.budget is None and turn is not None and turn.kind == "budget" and not q.gpu and (q.model or q.params_b) \
            and parsed.intent in ("size", "cost") and not memory_asked(a):
        # "一万网络 预算 3w 一个月" then "跑 13b lora": the job priced within that money, there, for that span
        r = parsed.rental
        r = replace(r, provider=r.provider or turn.data.get("provider"),
                    duration_days=r.duration_days or (None if r.duration_hours else turn.data.get("days")))
        return replace(parsed, intent="cost", missing=[], rental=r, asks=replace(a, budget=(Decimal(kept[0]), kept[1])))
    if not kept or a.budget is not None or not q.gpu:
        return parsed
    budget = replace(a, budget=(Decimal(kept[0]), kept[1]))
    r = parsed.rental
    if parsed.intent == "size" and a.affords and (r.duration_days or r.duration_hours or parsed.price.annual) \
            and (not (q.model or q.params_b) or parsed.follow_up):
        # "那租一个月 a100 80g 够不够" after the budget: enough money for that rental, not which model fits; "7b lora
        # 用一万网络 啥卡", "预算 3w", "a100 40g 年付够不够": the card named, a year there, against the money
        return replace(parsed, intent="price", missing=[], asks=budget, rental=replace(r, provider=r.provider or q.provider))
    if parsed.intent in ("price", "faq", "unknown") and (a.runway or a.how_long) and not (q.model or q.params_b) \
            and not asked_of_its_own(parsed):  # "h100 坏了多久能修好": the FAQ's
        # "gpuli 钱包 ₮1000" then "租 a100 80g 周租能租几周": that money divided into the rental, in the unit asked
        return replace(parsed, intent="price", missing=[], faq=[], faq_answers=[], faq_confident=False,
                       asks=replace(budget, runway=True))
    if not ((parsed.intent == "price" and a.affords) or (parsed.intent == "cost" and a.enough)):
        return parsed
    return replace(parsed, asks=budget)


def runway_of_budget(parsed: Parsed, last: Turn) -> Parsed | None:
    """"gpuli 4090 月租" then "钱包里只有 ₮300 够吗" then "那能买几周" / "how many weeks can it buy then": the
    money weighed the turn before, divided into the rental just priced, in the unit asked (seed 000: ₮300 buys
    two weeks of a 4090 at ₮109, ₮218). None unless that turn weighed money and this one asks how long, naming
    no card, model or money of its own."""
    held = last.data.get("runway") if last.kind == "price" else None
    a, q = parsed.asks, parsed.request
    if not held or not (a.runway or a.how_long) or a.budget is not None or q.gpu or q.model or q.params_b or asked_of_its_own(parsed):
        return None
    amount, currency, *rest = list(held)
    loose = bool(rest[1]) if len(rest) >= 2 else False
    runway = [amount, currency, True, loose, a.runway_unit or (rest[2] if len(rest) >= 3 else None)]
    return replace(parsed, intent="price", wallet=None, follow={**last.data, "runway": runway}, follow_up=True,
                   missing=[], faq=[], faq_answers=[], faq_confident=False)


def budget_for_job(listed: Reply, parsed: Parsed, money: Money, lang: str) -> Reply:
    """"一万网络 预算 3w 一个月", "budget $500 at cloudgpu": the budget named back, the provider's list under it,
    and a turn that keeps the money, the provider and the span for the job the next message names."""
    days = parsed.rental.duration_days or 0
    unit = "month" if days >= 28 else "week" if days >= 7 else None  # the term asked, else any the list sells
    cur = str(listed.data["currency"])
    within = money.to(cur).amount
    # an hourly list is judged on the span asked ("$500 a month at cloudgpu": a 4090's 720 hours, $237.60)
    hours = Decimal(days * 24) if unit is not None else Decimal(0)
    spanned = unit is not None
    per = [(Decimal(str(p["high"])) * hours, row, {**p, "unit": unit}) if spanned and p["unit"] == "hour" else (Decimal(str(p["high"])), row, p)
           for row in listed.data["rows"] for p in row["prices"] if not spanned or p["unit"] in (unit, "hour")]
    fits = sorted(((price, row, p) for price, row, p in per if price <= within), key=lambda x: -x[0])
    # what that money rents there leads ("预算两千块 一万网络 能租啥": the RTX 3090 at ¥1,750 and the T4 at ¥900)
    rents = " · ".join(f"{t('sum.setup', lang, n=row['n'], gpu=row['gpu'])} {Money(price, cur).format(lang)}/{t('unit.' + p['unit'], lang)}"
                       for price, row, p in fits[:3])
    # nothing fits: the cheapest there and how far short the money is ("200 rmb budget at 一万网络": the T4, ¥700 short)
    low = min(((Decimal(str(p["low"])), row, p) for row in listed.data["rows"] for p in row["prices"]
               if unit is None or p["unit"] == unit), key=lambda x: x[0], default=None)
    key = "runway.for_job_rents" if rents else "runway.for_job" if low is None else "runway.for_job_short"
    if key == "runway.for_job_short" and (parsed.asks.wallet or parsed.asks.held):  # "钱包里 0 元能下单 gpuli 周租吗": no, top up
        key = "runway.wallet_short"
    cheapest = "" if low is None else (f"{t('sum.setup', lang, n=low[1]['n'], gpu=low[1]['gpu'])} "
                                       f"{Money(low[0], cur).format(lang)}/{t('unit.' + low[2]['unit'], lang)}")
    note = Reply("error", lang, {"message": t(key, lang, budget=money.format(lang), provider=listed.data["provider"], rents=rents,
                                              cheapest=cheapest, short=Money(low[0] - within, cur).format(lang) if low else "")})
    note.also = [listed]
    note.turn = kept_budget(parsed, money)
    return note


def kept_budget(parsed: Parsed, money: Money) -> Turn:
    """The turn that keeps money stated before the card or the job ("钱包里有 ₮500", "一万网络 预算 3w 一个月"):
    the amount, with the provider and span said with it, for the next message to be weighed against."""
    r = parsed.rental
    days = r.duration_days or ((r.duration_hours or 0) / 24) or None
    return Turn("budget", {"budget": [str(money.amount), money.currency], "provider": r.provider, "days": days, "prev": None})


def rental_against_budget(parsed: Parsed) -> Parsed:
    """"一万网络 8卡h100 预算10万够吗", "is $500 enough for 4x A100": a budget asked of a rental, with no
    job to size, is the rental's price against the budget (a month, the span budgets are counted in,
    unless a length is named), never a question back for the model."""
    q, r = parsed.request, parsed.rental
    if parsed.intent not in ("size", "cost") or parsed.missing != ["model"] or parsed.asks.budget is None or not q.gpu \
            or parsed.follow_up or q.model or q.params_b or q.tokens or q.samples or q.method:
        return parsed
    days = r.duration_days or q.days or (None if (r.duration_hours or q.hours) else 30)  # a month, the span budgets are counted in
    return replace(parsed, intent="price", missing=[], rental=replace(r, gpu=q.gpu, duration_days=days))
