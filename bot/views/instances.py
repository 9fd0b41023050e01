"""Several single-card instances, each running its own experiment ("4 张 4090 各跑一组实验 包月多少",
"four separate 4090 instances for a month, total?"): the total for all of them leads the answer.

Why: the parse (bot.understand.instances) reads such a message as one card's job or rental, so the answer
below prices one instance; the question asked was what all of them cost. The lead line says the total
(the count times one instance's price), that they are separate single-card machines rather than one
multi-card box, and the price of one; the one-instance answer follows unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from typing import Any

from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.text.names import gpu_name
from bot.understand.instances import INDEPENDENT
from bot.understand.lazy import lazy
from bot.understand.parser import Parsed
from bot.views.repeats_total import per_run
from bot.views.split_total import shared_line, split_first
from engine.money import Money
from engine.price_list import setup_prices
from engine.providers import providers

TERMS = ("hour", "week", "month", "year")  # a quote per rental unit, when no span was asked


def instances_first(reply: Reply, parsed: Parsed) -> Reply:
    """`reply` (one instance's price, cost or sizing) led by the total for `parsed.cues.instances` of them;
    unchanged when the message asks for no separate instances or the reply prices no single card."""
    n = parsed.cues.instances
    if parsed.cues.per_period and parsed.cues.daily is None and reply.turn is not None:
        reply.turn.data["per_period"] = list(parsed.cues.per_period)  # "每天跑 8 小时" then "跑 15 天呢": 8 h a day of them
    if parsed.cues.back_to_back and not parsed.parts:  # the runs' hours summed on one card: said, the price follows
        runs, hours = parsed.cues.back_to_back
        note = Reply("error", reply.lang, {"message": t("instances.back_to_back", reply.lang, n=runs, hours=f"{hours:g}",
                                                        total=f"{runs * hours:g}", provider=_name(parsed.rental.provider))})
        note.also, reply.also = [reply, *reply.also], []
        note.turn, note.buttons, note.source = reply.turn, reply.buttons, reply.source
        return note
    if parsed.cues.split and not n and not parsed.parts:  # "3 个组分摊 一组多少": the total ÷ 3 leads
        return split_first(reply, parsed.cues.split, parsed.cues.split_guessed)
    if not n or parsed.parts:
        return reply
    judged = _judged(reply) if parsed.asks.budget is not None else None
    if judged is not None:  # a budget's verdict judged one instance: the total is judged below instead
        judged.turn, judged.buttons, judged.source, reply = reply.turn, reply.buttons, reply.source, judged
    found = _instances(reply)
    if reply.turn is not None:  # "那两周呢", "一人一张 包月 一共多少" next rent as many (still_separate)
        reply.turn.data["instances"] = n
        if parsed.cues.people:  # "30 个学生 每 5 人一组 …" then "每人多少": the people the total is shared among
            reply.turn.data["people"] = parsed.cues.people
    if not found:
        return reply
    lang = reply.lang
    if judged is not None and parsed.asks.budget is not None:
        lead = Reply("error", lang, {"message": _verdict(parsed.asks.budget, n, found[0], lang)})
        lead.also, reply.also = [reply, *reply.also], []
        lead.turn, lead.buttons, lead.source = reply.turn, reply.buttons, reply.source
        return lead
    priced = [(setup, t("list.and", lang).join(
        t("instances.each", lang, total=_money(low * n, high * n, lang) + per, n=n, each=_money(low, high, lang, per_run) + per)
        for low, high, per in quotes)) for setup, quotes in found]
    if len(priced) == 1:
        message = t("instances.total", lang, n=n, items=priced[0][1], setup=priced[0][0])
        share, quotes = parsed.cues.split, found[0][1]
        if share and len(quotes) == 1:  # "6 组每组一张 … 30 人每人摊多少": the total the groups rent, shared by the people
            low, high, _per = quotes[0]
            message += shared_line(Money(low.amount * n, low.currency).rounded(), Money(high.amount * n, high.currency).rounded(), share, lang)
    else:  # no provider named and no pick: each provider's single card, as the answer below lists them
        items = t("list.sep", lang).join(f"{setup} {items}" for setup, items in priced)
        message = t("instances.total_many", lang, n=n, items=items)
    lead = Reply("error", lang, {"message": message})
    if reply.kind == "sizing" and not parsed.asks.cost:  # "4 张 4090 各跑一组 够吗": the fit on one card answers first
        reply.also = [lead, *reply.also]
        return reply
    lead.also = [reply, *reply.also]
    reply.also = []
    lead.turn, lead.buttons, lead.source = reply.turn, reply.buttons, reply.source
    return lead


def still_separate(parsed: Parsed, last: Turn | None, own_count: int | None) -> Parsed:
    """A follow-up of an answer about separate instances ("那两周呢", "换 cloudgpu 呢") that names no count of
    its own (`own_count`: the count the message itself said) is about as many instances again."""
    n = last.data.get("instances") if last is not None else None
    # "我们 4 个人 想各自跑 7b qlora" then "gpuli 4090 一人一张 包月 一共多少": a card to each of the people counted
    each = bool(INDEPENDENT.search(parsed.words)) and parsed.request.num_gpus in (None, 1) and own_count in (None, 1)
    if not isinstance(n, int) or parsed.cues.instances or not (each or (parsed.follow_up and own_count is None)):
        return parsed
    return replace(parsed, cues=replace(parsed.cues, instances=n))


# the cards said to run one job together ("用 8 张呢", "with 8 cards", "train on two"): one machine of them is asked
# ("两张跑两周": the cards' length, not a job run on them together)
USED_TOGETHER = lazy(r"用|一起|训|跑(?!\s*\d+(?:\.\d+)?\s*(?:小时|天|周|个?月|h\b))|\b(?:with|together|train\w*|run\w*)\b(?!\s+(?:for\s+)?\d)")


def singles_of_count(parsed: Parsed, last: Turn | None) -> Parsed:
    """"gpuli a100 80g 包月" then "两张呢" / "and two of them?": a count put on one card's price where nobody rents that
    many as one machine is that many single-card rentals side by side (2 × ₮899 = ₮1,798 a month at gpuli, seed 000),
    their total leading, not a list of the boxes nobody asked for. `parsed` unchanged when the last answer priced
    more than one card, the cards are said to run one job together, money is weighed against it (the budget's own
    reading judges separate cards), a machine of that count is rented, or the provider priced rents the card singly
    nowhere."""
    follow = parsed.follow
    if (costed := _costed_count(parsed, last)) is not None:
        return costed
    if last is None or last.kind != "price" or follow is None or parsed.cues.instances or follow.get("apart") \
            or USED_TOGETHER.search(parsed.words) \
            or last.data.get("num_gpus") not in (None, 1) or parsed.asks.budget is not None \
            or any(last.data.get(k) for k in ("budget", "runway", "held_money")):  # money weighed: bot.core.held_budget
        return parsed
    n, cards, where = follow.get("num_gpus"), follow.get("gpu"), follow.get("first")
    if not isinstance(n, int) or n < 2 or not isinstance(cards, str | list) or not cards:
        return parsed
    boxes = setup_prices(cards, n, None, whole_machines=True).offered
    singles = [r for r in setup_prices(cards, 1, None).offered if where is None or r.provider.id == where]
    if boxes or not singles:
        return parsed
    return replace(parsed, follow={**follow, "num_gpus": 1}, cues=replace(parsed.cues, instances=n))


def _costed_count(parsed: Parsed, last: Turn | None) -> Parsed | None:
    """"7b qlora 用 4090 周租多少" then "要 3 张呢": a bare count put on a one-card job's cost, of a card nobody rents as
    one machine of that count but someone rents singly, is that many one-card rentals each running the job (seed 000:
    3 × ₮109 a week at gpuli); None when it is no such follow-up (the cost's own reading then stands)."""
    q, asked = parsed.request, (last.data.get("request") if last is not None and last.kind == "cost" else None)
    if not isinstance(asked, dict) or not parsed.follow_up or parsed.cues.instances or USED_TOGETHER.search(parsed.words) \
            or parsed.cards or any(getattr(q, k) != asked.get(k) for k in ("gpu", "model", "params_b", "method")) or not q.num_gpus or q.num_gpus < 2 or parsed.asks.budget is not None \
            or asked.get("num_gpus") not in (None, 1) or not isinstance(card := asked.get("gpu"), str):
        return None
    if setup_prices(card, q.num_gpus, None, whole_machines=True).offered or not setup_prices(card, 1, None).offered:
        return None
    return replace(parsed, request=q.model_copy(update={"num_gpus": 1}), rental=replace(parsed.rental, num_gpus=1),
                   cues=replace(parsed.cues, instances=q.num_gpus))


# a total asked of the cards priced ("两张卡包月合计多少", "three 3090s, monthly total?")
TOTAL_ASKED = lazy(r"合计|一共|总共|总计|总价|加起来|\btotal\b|\baltogether\b|\bcombined\b|\bin\s+all\b", re.I)


def singles_of_total(parsed: Parsed) -> Parsed:
    """"一万网络 A100 40G 两张 包月合计多少", "three RTX 3090s at 一万网络, monthly total?": a total asked of a count of a
    card nobody rents as one machine of that count, at a provider (the one named, else any) that rents it singly, is
    that many single-card rentals side by side (seed 003: 2 × ¥2,800 = ¥5,600 a month), their total leading; `parsed`
    unchanged for a follow-up (bot.views.instances.singles_of_count), a job, money weighed, a total the user worked out
    (the claim check counts the cards itself), or cards run together."""
    q, where = parsed.request, parsed.rental.provider
    if parsed.follow is not None or parsed.intent != "price" or parsed.cues.instances or parsed.asks.budget is not None \
            or parsed.asks.claim is not None or not q.gpu or not q.num_gpus or q.num_gpus < 2 or USED_TOGETHER.search(parsed.words) \
            or not TOTAL_ASKED.search(parsed.words):
        return parsed
    if setup_prices(q.gpu, q.num_gpus, None, whole_machines=True).offered:
        return parsed
    if not [r for r in setup_prices(q.gpu, 1, None).offered if where is None or r.provider.id == where]:
        return parsed
    return replace(parsed, request=q.model_copy(update={"num_gpus": 1}), rental=replace(parsed.rental, num_gpus=1),
                   cues=replace(parsed.cues, instances=q.num_gpus))


def unless_weighed(parsed: Parsed) -> Parsed:
    """`parsed` as one machine of that many cards again when money is weighed against the rental (a budget,
    a wallet's balance, how long money lasts): the verdict judges the rental it prices, and one instance's
    price judged against money meant for all of them would say "enough" where it is not."""
    n = parsed.cues.instances
    spanned = parsed.rental.duration_days or parsed.rental.duration_hours  # "包月 够不够": a verdict on the month, no runway
    if not n or not ((parsed.asks.budget is not None and parsed.asks.held) or (parsed.asks.runway and not spanned)):
        return parsed
    return replace(parsed, request=parsed.request.model_copy(update={"num_gpus": n}),
                   rental=replace(parsed.rental, num_gpus=n), cues=replace(parsed.cues, instances=None))


def _name(provider: str | None) -> str:
    found = providers().find(provider) if provider else None
    return found.name if found is not None else str(provider or "")


def _judged(reply: Reply) -> Reply | None:
    """The answer a budget's verdict leads ("💵 预算 ₮5,000：够 …" over the price of one instance), without
    that verdict; None when the reply leads with no verdict."""
    if reply.kind != "error" or not isinstance(reply.data, dict) or not str(reply.data.get("message", "")).startswith("💵"):
        return None
    priced = next((r for r in reply.also if r.kind in ("price", "cost", "sizing")), None)
    if priced is not None:
        priced.also = [r for r in reply.also if r is not priced and r.kind != "error"] + priced.also
    return priced


def _verdict(budget: tuple[Decimal, str | None], n: int, setup: tuple[str, list[tuple[Money, Money, str]]], lang: str) -> str:
    """The budget against `n` times one instance's price (its high end; an amount with no currency is in the
    price's): "💵 预算 ₮5,000：够。10 个单卡实例 gpuli 1×RTX 4090 一共 ₮3,690（10 × ₮369），还剩 ₮1,310"."""
    name, ((low, high, _per), *_rest) = setup
    total = Money(high.amount * n, high.currency)
    limit = Money(budget[0], budget[1] or high.currency)
    shown = total.to(limit.currency)
    approx = "" if shown.currency == total.currency else f" ≈ {shown.approx().format(lang)}"
    each = t("instances.each", lang, total=_money(Money(low.amount * n, low.currency), total, lang) + approx, n=n,
             each=_money(low, high, lang, per_run))
    key = "instances.budget_within" if shown.amount <= limit.amount else "instances.budget_over"
    gap = abs(limit.amount - shown.amount)
    return t(key, lang, budget=limit.format(lang), n=n, setup=name, items=each,
             gap=Money(gap, limit.currency).format(lang) if shown.currency == total.currency else Money(gap, limit.currency).approx().format(lang))


def apart_verdict(reply: Reply, budget: Money, n: int) -> str | None:
    """A budget against `n` of a card nobody rents as one `n`-card machine ("two of them" after one CloudGPU
    A100 for a month) where the provider named rents it singly: judged on `n` single-card instances side by
    side (n × one instance's price); None when the price reply names no such single card."""
    found = _instances(reply) if isinstance(reply.data, dict) and reply.data.get("named") else []
    return _verdict((budget.amount, budget.currency), n, found[0], reply.lang) if found else None


def _money(low: Money, high: Money, lang: str, shown: Callable[[Money, str], str] = Money.format) -> str:
    """A total (rounded once, as shown) or, with `shown` per_run, one run's bill: "$1.58", "10 × $0.1575"."""
    return shown(high, lang) if low.amount == high.amount else f"{shown(low, lang)}–{shown(high, lang)}"


def _instances(reply: Reply) -> list[tuple[str, list[tuple[Money, Money, str]]]]:
    """The single card the reply prices ("gpuli 1×RTX 4090, 1 month": its pick, or the provider named) and its
    price, low and high, per quote (a price asked with no span has one per rental unit: "/week", "/month");
    with no provider named, each provider's single card the price answer lists. [] when it prices none."""
    data = reply.data if isinstance(reply.data, dict) else {}
    lang = reply.lang
    view = data.get("v")
    if reply.kind == "cost" and isinstance(view, dict):
        pick: dict[str, Any] | None = view.get("pick") or next(iter(view.get("lineup") or []), None)
        if not pick or pick.get("num_gpus") != 1:
            return []
        # the pick first, then each other provider's single card the cost lists ("3 × $55.44; gpuli 3 × ₮109")
        rows = [pick, *(r for r in view.get("lineup") or [] if r.get("num_gpus") == 1 and r.get("gpu") == pick.get("gpu"))]
        seen = list(dict.fromkeys(r["provider"] for r in rows))[:3]
        return [(_setup(r["provider_name"], r["name"], r.get("cycles") or [], lang),
                 [(Money(Decimal(str(r["total_min"])), r["currency"]), Money(Decimal(str(r["total_max"])), r["currency"]), "")])
                for r in (next(x for x in rows if x["provider"] == p) for p in seen)]
    if reply.kind == "sizing" and isinstance(view, dict):  # "8 张 4090 每张跑一个 7b qlora，要多少钱": its price line
        card = view.get("price_for") or {}
        if card.get("num_gpus") != 1:
            return []
        gpu = gpu_name(card.get("gpu"))
        return [(f"{p['provider']} {t('sum.setup', lang, n=1, gpu=gpu)}", [
            (_of(u["total"], "low"), _of(u["total"], "high"), "/" + t(f"unit.{u['unit']}", lang)) for u in p["units"] if u.get("unit") in TERMS])
            for p in (view.get("prices") or [])[:3] if not p.get("apart") and p.get("units")]
    if reply.kind != "price":
        return []
    named = data.get("named")
    rows = [r for r in data.get("rows") or [] if r.get("num_gpus") == 1 and r.get("quotes") and (not named or r.get("provider_id") == named)]
    found = [(setup, quotes) for r in rows[:1 if named else 3] for setup, quotes in [_row(r, data, lang)] if quotes]
    return found


def _of(total: dict[str, Any], end: str) -> Money:
    return Money(Decimal(str(total[end])), total["currency"])


def _ends(quote: dict[str, Any]) -> tuple[Money, Money]:
    """A quote's low and high, unrounded where it bills by the minute (45 min of a $0.21/h card is $0.1575): each run
    is billed on its own minutes and the runs summed exactly, the total rounded once when it is shown."""
    exact = quote.get("exact") or {}
    if exact.get("total") is not None:
        amount = Money(Decimal(str(exact["total"])), quote["total"]["currency"])
        return amount, amount
    return _of(quote["total"], "low"), _of(quote["total"], "high")


def _row(row: dict[str, Any], data: dict[str, Any], lang: str) -> tuple[str, list[tuple[Money, Money, str]]]:
    """One price row's single card and its quotes (the span asked, else one per rental unit)."""
    spanned = data.get("days") or data.get("duration")
    quotes = row["quotes"][:1] if spanned else [q for q in row["quotes"] if q.get("unit") in TERMS]
    out = [(*_ends(q), "" if spanned else "/" + t(f"unit.{q['unit']}", lang)) for q in quotes]
    cycles = row["quotes"][0].get("cycles") or [] if spanned else []
    return _setup(row["provider"], row["gpu"], cycles, lang), out


def _setup(provider: str, gpu: str, cycles: list[dict[str, Any]], lang: str) -> str:
    """"gpuli 1×RTX 4090, 1 month": one instance and what one rents of it."""
    setup = f"{provider} {t('sum.setup', lang, n=1, gpu=gpu)}"
    spans = " + ".join(_cycle(c, lang) for c in cycles if c.get("kind") in ("minute", "week", "month", "year"))
    return t("instances.setup", lang, setup=setup, span=spans) if spans else setup


def _cycle(cycle: dict[str, Any], lang: str) -> str:
    count = Decimal(str(cycle["count"]))
    if cycle["kind"] == "minute":  # 480 minutes rented are said as the hours they are (8 h)
        hours = count / 60
        return t("cost.dur.hours", lang, n=f"{hours:.2f}".rstrip("0").rstrip("."))
    return t(f"cost.cycle.{cycle['kind']}", lang, count=count, n=f"{count:.0f}")
