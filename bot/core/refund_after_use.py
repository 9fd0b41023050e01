"""How long a rental has been used, said with or right after a refund question ("跑完想退款 能退吗" then "用了三天了",
"we've had it 2 days, can we get a refund?", "gpuli 4090 开了 20 分钟 能退吗"): whether the provider's refund window
still covers that time leads, the FAQ's answer after (seed 000: gpuli refunds only within 1 hour of creating the
instance, so three days in the answer is no).

Why: the time used read as a span of its own and re-priced the rental for it (3 days of a 4090), never answering
whether the money comes back.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal

from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.understand.faq import Hit, faq_entries
from bot.understand.parser import Parsed
from engine.errors import KasuanError
from engine.money import Money
from engine.providers import Provider
from engine.providers import provider as find_provider

REFUNDS = "refunds"  # the FAQ entry on refunds
CHARGED_TO = Decimal("0.0001")  # minutes charged below the cent, as the price lines show them ($0.0825 for 15 min at $0.33/h)
SHORT = 30  # characters: "用了三天了", "we've had it for 2 days", "开了 20 分钟"


def used_minutes(parsed: Parsed) -> float | None:
    r = parsed.rental
    minutes = (float(r.duration_days or 0) * 24 + float(r.duration_hours or 0)) * 60
    return minutes or None


def refund_line(parsed: Parsed, provider_id: str | None, lang: str) -> str | None:
    """Whether the time the message says was used is inside `provider_id`'s refund window; at a provider billing
    by the minute with a hold, what those minutes cost and that the rest of the hold comes back; None when it says
    no such time or the provider states neither."""
    used = used_minutes(parsed)
    left = parsed.rental.left_hours
    if left is not None and provider_id is not None and parsed.cues.refund:  # "3天就跑完了 剩下4天 能退吗": the 4 days
        return _rest_line(provider_id, left * 60, lang)
    if used is not None and provider_id is not None and parsed.cues.refund and not parsed.cues.time_used:
        return _rest_line(provider_id, used, lang)  # "剩下 4 天能退钱吗": the days left of a prepaid cycle
    if used is None or provider_id is None or not parsed.cues.time_used:
        return None
    try:
        p = find_provider(provider_id)
    except KasuanError:
        return None
    window = p.lifecycle.refund_window_minutes
    if window is None:
        return _minutes_back(p, used, parsed.rental.gpu or parsed.request.gpu, lang)
    said = _span(used, lang)
    limit = _span(float(window), lang)
    key = "refund.within" if used <= window else "refund.past"
    return t(key, lang, provider=p.name, used=said, window=limit)


def _rest_line(provider_id: str, left: float, lang: str) -> str | None:
    """The days left of a prepaid cycle asked back ("剩下 4 天能退钱吗", "refund for the other 5 days?") at a provider
    refunding only within a window after creating the instance (seed 000: gpuli, 1 hour): a cycle with days left
    has run past that window, so the rest is not refunded. None where the provider states no window."""
    try:
        p = find_provider(provider_id)
    except KasuanError:
        return None
    window = p.lifecycle.refund_window_minutes
    if window is None or left <= window or left < 24 * 60:  # a prepaid cycle's rest is whole days
        return None
    return t("refund.rest", lang, provider=p.name, left=_span(left, lang), window=_span(float(window), lang))


def _minutes_back(p: Provider, used: float, gpu: str | None, lang: str) -> str | None:
    """"destroy it after 20 min, do I get the rest back?" at a provider billing the started minute with a hold
    (seed 002: cloudgpu holds 1 hour while the instance runs, and the minutes not used go back to the balance
    when it is destroyed): yes, the minutes used are billed (20 min of an A100 80GB at $1.49/h: $0.50), the rest
    of the hold returns, and how much that is ($1.49 held, $0.99 back). None at a provider with no hold."""
    b = p.billing
    if b.rounding != "ceil_minute" or not b.preauthorization_hours:
        return None
    billed = max(math.ceil(round(used, 6)), b.minimum_minutes or 0)
    hold = _span(float(b.preauthorization_hours * 60), lang)
    offer = next((o for o in p.offers_for(gpu) if o.count == 1 and "hour" in o.prices), None) if gpu else None
    cost = back = ""
    if offer is not None:
        hourly = Decimal(str(offer.prices["hour"].high))
        charged = Money((hourly * billed / 60).quantize(CHARGED_TO), p.currency)
        amount = charged.format(lang)
        cost = t("refund.minutes_cost", lang, amount=amount, hourly=Money(hourly, p.currency).format(lang))
        held = Money(hourly * Decimal(str(b.preauthorization_hours)), p.currency)
        if held.amount > charged.amount:  # "退回来多少": the hold less the minutes charged, to the minor digit it has
            back = t("refund.minutes_returned", lang, held=held.format(lang), amount=charged.format_exact(lang),
                     back=Money(held.amount - charged.amount, p.currency).format_exact(lang))
    left = float(b.preauthorization_hours * 60) - billed  # "after 20 mins, what happens to the 1h preauth": 40 minutes back
    rest = t("refund.rest_minutes", lang, rest=_span(left, lang)) if left > 0 else ("" if lang == "en" else "分钟")
    return t("refund.minutes_back", lang, provider=p.name, used=_span(float(billed), lang), hold=hold, cost=cost, back=back,
             rest=rest)


def _span(minutes: float, lang: str) -> str:
    for size, unit in ((24 * 60, "days"), (60, "hours")):
        if minutes >= size and minutes % size == 0:
            n = int(minutes // size)
            return t(f"refund.{unit}" + (".one" if n == 1 else ""), lang, n=n)
    return t("refund.minutes", lang, n=f"{minutes:g}")


def refund_after_use(parsed: Parsed, turn: Turn | None, answer: Callable[[Parsed], Reply]) -> Reply | None:
    """The refund entry's answer led by the verdict on the time used, when the message only says how long the
    rental has run right after a refund question; None otherwise."""
    q = parsed.request
    if turn is None or turn.kind != "faq" or turn.data.get("entry") != REFUNDS or q.gpu or q.model or q.params_b \
            or len(parsed.words or "") > SHORT or used_minutes(parsed) is None:
        return None
    where = parsed.rental.provider or turn.data.get("provider")
    line = refund_line(parsed, where if isinstance(where, str) else None, parsed.lang)
    entry = next((e for e in faq_entries() if e.id == REFUNDS), None)
    if line is None or entry is None:
        return None
    hit = Hit(entry, 1.0)
    reply = answer(replace(parsed, intent="faq", faq=[hit], faq_confident=True, faq_answers=[hit], missing=[],
                           follow_up=False, rental=replace(parsed.rental, provider=where)))
    items = reply.data.get("items") if reply.kind == "faq" else None
    if not items:
        return None
    items[0]["lead"] = line
    reply.turn = turn  # still the refund question: "那用了 30 分钟呢" asks it again
    return reply


def rule_of_money(parsed: Parsed, last: Turn) -> Parsed | None:
    """A rule of money asked on its own right after a price or a sizing ("要是开错了 刚开十分钟 能退吗", "if I destroy
    it after 20 min do I get the rest back"): the FAQ answers it, the time in it being time already used, never a
    rental's length re-priced (nor the days left whose money is asked back: "剩下 4 天能退钱吗"); a cost asked beside it ("跑 3 小时呢 开机算钱吗") or a card of its own is no such rule,
    but "how much comes back" after the time used asks the amount of the refund.
    The provider just priced is the one asked of, and its card what the minutes used are billed on. None otherwise."""
    q, a, r = parsed.request, parsed.asks, parsed.rental
    if not (parsed.intent == "faq" and parsed.faq_confident and (parsed.cues.money_rule or parsed.cues.refund)) \
            or q.gpu or q.model or q.params_b or q.num_gpus or a.budget is not None \
            or ((a.cost or a.total) and not (parsed.cues.refund and parsed.cues.time_used)) \
            or ((r.duration_days or r.duration_hours) and not (parsed.cues.time_used or parsed.cues.refund)):
        return None
    where = r.provider or last.data.get("first") or last.data.get("provider")
    if last.kind != "price" or not isinstance(where, str) or r.provider:
        return parsed
    try:
        p = find_provider(where)
    except KasuanError:
        return parsed
    said = last.data.get("gpu")
    cards = [said] if isinstance(said, str) else said if isinstance(said, list) else []
    card = next((str(c) for c in cards if any(o.count == 1 for o in p.offers_for(str(c)))), None)
    return replace(parsed, rental=replace(r, provider=where, gpu=card if card and last.data.get("num_gpus") in (None, 1) else None))
