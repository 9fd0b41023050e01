"""Money the team holds, said once, is a fact of the conversation: "钱包还有 800", "wallet has 800 usdt",
"we topped up 2000 on gpuli", "预算 ¥2.5万" — the turns after it are answered against it.

Why: a budget stated with a job or on its own stayed with the turn it was said in; the card, the provider or the
price asked next is a turn of its own, so "够吗", "还剩多少", "how many weeks is that" two turns later found no money
and read as a FAQ question or chatter. Every remembered turn now carries the money held (`held_money`: the amount,
the currency as said — none when unsaid, so the provider named later reads it in its own — and the provider it is
at), from the turn that stated it until another states new money; a provider named on its own ("we're on gpuli")
places money held nowhere yet. A question naming no money of its own is weighed against it:
- "够不够", "还剩多少", "what's left after that" after a price: that rental against the money, its remainder;
- "能租几周", "how many months does that cover", "a6000 能跑多少小时": the money divided into the rental just
  priced or the card named, in the unit asked (whole weeks or months at the provider's cycle, hours by the minute);
- "4090 包两个月够不", "can we do a month of 8x A100 SXM?": the rental named against the money, at its provider.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from typing import Any

from bot.messages import Reply, Turn
from bot.understand.lazy import lazy
from bot.understand.parser import Parsed

HELD = "held_money"
WALLET = "wallet"  # the money held is the wallet's balance: its verdict speaks of the balance
# what is left of the money asked for: "还剩多少", "剩下多少钱", "what's left over?", "how much remains"
# whether the rental, changed by a span or an add-on, is still within the money: "still ok?", "does that still work",
# "would a month fit in that?", "还行吗", "撑得住吗" (a bare "ok" with no change is a nod, never a question)
STILL_OK = lazy(r"\bstill\s+(?:ok|okay|fine|good|work|fits?|within)|\bfits?\s+(?:in|into|within)\b|\b(?:ok|okay|fine|doable|work)\s*$"
                r"|\bwithin\s+(?:budget|that|it)\b|\b(?:can|could)\s+(?:we|i)\s*$|行吗|行不|还行|可以吗|撑得住|扛得住|hold\s+up", re.I)
LEFT = lazy(r"剩|\bleft\b|\bleftover|\bremain", re.I)
# a card and a unit of time alone after money ("a100 80g hours?", "4090 几天"): how many of them the money rents
UNIT_ALONE = lazy(r"(?:^|\s)(?:hours?|hrs?|days?|weeks?|wks?|months?|几个?小时|多少个?小时|几天|多少天|几周|几个?月)\s*[?？]?\s*$", re.I)
MAX_UNIT_ASK = 30


def held_of(turn: Turn | None) -> list[Any] | None:
    """[amount, currency or None, provider or None] the conversation holds as of `turn` ("wallet" after them when it
    is the wallet's balance after a top-up); None when none was said."""
    if turn is None:
        return None
    data = turn.data
    got = data.get(HELD)
    if isinstance(got, list) and len(got) >= 3:
        return got
    for key in ("held_budget", "budget"):
        kept = data.get(key)
        if isinstance(kept, list | tuple) and len(kept) == 2:
            return [kept[0], kept[1], data.get("provider") if turn.kind == "budget" else None]
    return None


def _stated(parsed: Parsed | None) -> list[Any] | None:
    """The money a message states the team holds or may spend, as said (its currency None when unsaid)."""
    if parsed is None:
        return None
    r, a = parsed.rental, parsed.asks
    if a.budget is not None:
        return [str(a.budget[0]), a.budget[1], r.provider]
    if parsed.wallet is not None and parsed.wallet.kind in ("budget_set", "balance") and isinstance(r.amount, Decimal):
        return [str(r.amount), r.currency, r.provider]  # "预算 5000u": a top-up is the wallet's, weighed as it stands
    return None


def carry_held(reply: Reply, parsed: Parsed | None, before: Turn | None) -> None:
    """The turn remembered for `reply` keeps the money held: what this message stated, else what was held before
    (placed at the provider this message names when it was placed nowhere)."""
    turn = reply.turn
    if turn is None or turn is before:
        return
    stated, kept = _stated(parsed), held_of(before)
    if stated is not None and kept is not None and stated[:2] == kept[:2] and stated[2] is None:
        stated = kept  # the money held, carried into this question: still where it was
    held = stated or kept
    if held is None:
        return
    where = parsed.rental.provider if parsed is not None else None
    if held[2] is None and where:
        held = [held[0], held[1], where, *held[3:]]
    turn.data[HELD] = list(held)


def held_after_top_up(reply: Reply, parsed: Parsed | None, wallet: dict[str, tuple[Decimal, str]]) -> None:
    """"CloudGPU 充了 50 刀", "topped up 800u on gpuli": what the wallet holds there once the top-up is recorded is
    the money the next "能跑多久" or "够吗" is weighed against (the balance, not only the amount added)."""
    turn = reply.turn
    if turn is None or parsed is None or parsed.wallet is None or parsed.wallet.kind != "topup":
        return
    where = parsed.rental.provider or (next(iter(wallet)) if len(wallet) == 1 else None)
    if where in wallet:
        amount, currency = wallet[where]
        turn.data[HELD] = [str(amount), currency, where, WALLET]


def hold_budget(reply: Reply, parsed: Parsed, last: Turn | None) -> None:
    """A price answered right after a turn that stated a budget keeps that budget for a how-long question."""
    if reply.turn is None or reply.turn.kind != "price" or last is None or parsed.asks.budget is not None:
        return
    held = last.data.get("budget") or last.data.get("held_budget")
    if isinstance(held, list | tuple) and len(held) == 2 and "runway" not in reply.turn.data:
        reply.turn.data["held_budget"] = list(held)


def asked_of_its_own(parsed: Parsed) -> bool:
    """A question the FAQ answers with confidence that says more than how long the money lasts or whether it is
    enough ("硬件坏了多久能换好", "ssh 多久能连上", "数据能留多久", "can I rent by the hour?", "能不能用支付宝", "can i
    pay with alipay?") is a new question, whatever money is held: "can I" and "能不能" ask whether a thing is
    allowed as often as whether it is affordable. One that says nothing else ("那能跑多久", "够不够 还剩多少", "how
    long can we keep it running", "can we afford it?") asks of the rental priced and the money."""
    a = parsed.asks
    asked = a.how_long or a.runway or a.affords or a.enough
    return bool(asked) and parsed.intent == "faq" and parsed.faq_confident and not parsed.cues.runway_frame \
        and not parsed.price.add_ons  # "加 2000G 存储卷 能撑多久": the rental priced, with that add-on


def _own_money(parsed: Parsed) -> bool:
    wallet = parsed.wallet is not None and parsed.wallet.kind != "balance"
    return parsed.asks.budget is not None or isinstance(parsed.rental.amount, Decimal) or wallet


def _plain(parsed: Parsed, **changes: Any) -> Parsed:
    return replace(parsed, missing=[], faq=[], faq_answers=[], faq_confident=False, **changes)


def runway_of_held(parsed: Parsed, last: Turn) -> Parsed | None:
    """"能租几个月", "还剩多少", "够吗" after a price, while money is held: that money against the rental priced —
    divided into it in the unit asked (a how-long question), or its verdict and what is left (an enough or a
    remainder question); None when nothing is held or the message names money, a card or a job of its own."""
    data = last.data if last.kind == "price" and last.data.get("gpu") else _priced_of_job(last)
    held = held_of(last) if data else None
    a, q, r = parsed.asks, parsed.request, parsed.rental
    # "4090 能撑多久" right after the 4090 was priced: the card just priced, named again, is no card of its own
    own_card = bool(q.gpu) and not (q.gpu in (data.get("gpu") or []) and not q.num_gpus) if data else bool(q.gpu)
    if not held or data is None or _own_money(parsed) or own_card or q.model or q.params_b or a.deadline is not None \
            or parsed.run is not None or asked_of_its_own(parsed):
        return None
    kept = data.get("runway")
    counted = isinstance(kept, list) and len(kept) >= 5 and bool(kept[2])
    # "够几个月" answered, then "还剩多少" / "what's left over?": what those terms leave, in the unit counted
    left = counted and not a.enough and not a.how_long and bool(LEFT.search(parsed.words))
    how_long = a.runway or a.how_long or left
    # "按月付 能撑几个月", "paying monthly, how many months": a term to count in, not a span of the rental's own
    span = 0.0 if r.term and how_long else float(r.duration_days or 0) * 24 + float(r.duration_hours or 0)
    changed = bool(span or parsed.price.add_ons)
    weighed = (a.affords or a.enough or (changed and bool(STILL_OK.search(parsed.words)))) and not how_long
    if not how_long and not (weighed and (data.get("hours") or span)):
        return None
    if span and not weighed:
        return None  # "那两个月呢": a change of the rental (merged below), still weighed against what is held
    # "跑一个月 按30天 够吗", "加 2000G 存储卷 还够吗": that span, that add-on, on the rental priced, then the verdict
    runway = [held[0], held[1], how_long, False, (kept[4] if left and isinstance(kept, list) else None) or a.runway_unit]
    follow = {**data, "runway": runway, **({"hours": span} if span else {})}
    if parsed.price.add_ons:
        added = data.get("add_ons")
        follow["add_ons"] = {**(added if isinstance(added, dict) else {}), **parsed.price.add_ons}
    if held[2] and not follow.get("first"):
        follow["first"] = held[2]
    return _plain(parsed, intent="price", wallet=None, follow=follow, follow_up=True)


def rental_against_held(parsed: Parsed, last: Turn | None) -> Parsed:
    """"4090 包两个月够不", "5090 monthly, how many months does that cover?", "a6000 能跑多少小时" while money is
    held: the rental or card named, weighed against (or divided into) that money, at the provider it is at
    unless the message names another."""
    held = held_of(last)
    if held and parsed.cost_reading is not None and parsed.follow is None and parsed.asks.budget is None:
        parsed = parsed.cost_reading  # "gpuli 钱包 4500u" then "14b 全参 4 卡 a100 sxm 包月够吗": the money is what is enough, no cards held
    a, q, r = parsed.asks, parsed.request, parsed.rental
    if not held or parsed.follow is not None or _own_money(parsed):
        return parsed
    rented = bool(r.duration_days or r.duration_hours or parsed.cues.yearly)  # "年付够不够": a year's term is a length
    job = bool(q.model or q.params_b or q.tokens or q.samples)
    runway = bool(q.gpu) and (a.runway or a.how_long or _card_after_money(parsed, last)) \
        and parsed.intent in ("price", "faq", "unknown", "size") and not job and parsed.run is None and (not rented or a.how_long) \
        and not asked_of_its_own(parsed)  # "h100 坏了多久能修好": the FAQ's
    # "14b 全参 gpuli 包月够吗": the job's cost against the money, its card picked within it
    weighed = (parsed.intent == "price" and bool(q.gpu) and (a.affords or a.enough) and rented) \
        or (parsed.intent == "cost" and a.enough and (rented or bool(q.gpu)))
    if not (runway or weighed):
        return parsed
    budget, wallet = (Decimal(str(held[0])), held[1]), WALLET in held[3:]
    rental = replace(r, provider=r.provider or held[2])
    if runway:
        return _plain(parsed, intent="price", rental=rental, asks=replace(a, budget=budget, runway=True, how_long=True, held=wallet))
    return replace(parsed, rental=rental, asks=replace(a, budget=budget, runway=False, how_long=False, enough=True, held=wallet))


def _priced_of_job(last: Turn) -> dict[str, Any] | None:
    """The rental a job's cost was priced on ("14b 全参 4 卡 a100 sxm 包月够吗": 4×A100 SXM at gpuli for 30 days), as
    a price answer's data, so "剩多少" after it weighs that rental; None for any other turn."""
    priced, request = last.data.get("priced"), last.data.get("request")
    if last.kind != "cost" or not isinstance(priced, list) or len(priced) != 3 or not isinstance(request, dict):
        return None
    days = request.get("days") or 0
    hours = float(days) * 24 + float(request.get("hours") or 0) or None
    return {"gpu": [priced[0]], "num_gpus": priced[1], "hours": hours, "first": priced[2], "display": None}


def run_against_money(data: dict[str, Any], parsed: Parsed) -> dict[str, Any]:
    """A length stated after money was divided into a card ("余额 10 刀" then "跑 36 小时够吗", "we have $10" then
    "enough for an 8 hour run?"): that run against the money — its verdict and cost — no longer how long it lasts."""
    kept = data.get("runway")
    if not isinstance(kept, list) or len(kept) < 3 or parsed.asks.runway or parsed.asks.how_long:
        return data
    return {**data, "runway": [kept[0], kept[1], False, *kept[3:]]}


def _card_after_money(parsed: Parsed, last: Turn | None) -> bool:
    """"钱包还有 800", "gpuli", then "4090": a card named alone right after the money (and where it is) asks what
    that money rents of it, as "how long for a 4090" does; after any other answer it changes that answer."""
    unit_alone = bool(parsed.request.gpu) and len(parsed.words) <= MAX_UNIT_ASK and bool(UNIT_ALONE.search(parsed.words))
    if last is None or not (parsed.asks.names_only or parsed.asks.frame_only or unit_alone):  # "a100 80g hours?" too
        return False
    prev = last.data.get("prev") if last.kind == "faq" else None
    return last.kind == "budget" or (isinstance(prev, dict) and prev.get("kind") == "budget")


def run_of_hours_weighed(data: dict[str, Any], parsed: Parsed) -> dict[str, Any]:
    """Money stated after a run of so many hours was priced ("cloudgpu A800", "about 30 hours", "cost? and we only
    have $30"): that run against the money, its cost and verdict ($32.70, over), not how long the money lasts — a
    run's hours are the job's length, where a week or a month is a term the money could buy more of."""
    kept, hours = data.get("runway"), data.get("hours")
    a = parsed.asks
    if not isinstance(kept, list) or len(kept) < 3 or not hours or not float(hours) % 24 or a.how_long or a.runway_unit:
        return data
    return {**data, "runway": [kept[0], kept[1], False, *kept[3:]]}


def runway_kept(runway: Any, parsed: Parsed) -> Any:
    """The money divided into the rental before ("一万块 能租几个月"), unless the message now asks what a span of
    its own costs ("年付的话 一年多少", "and for a full year, how much?"): that span's price, no longer how long."""
    a, r = parsed.asks, parsed.rental
    counted = isinstance(runway, list) and len(runway) >= 3 and bool(runway[2])
    span = bool(r.duration_days or r.duration_hours or parsed.price.annual)
    if counted and span and parsed.cues.how_much and not (a.runway or a.how_long or a.enough or a.affords or a.budget):
        return None
    return runway
