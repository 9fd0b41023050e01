"""Questions about the user's own wallet against a rental: "我钱包里一分钱没有，能直接开一台 4090 吗",
"(记了充值 ₮1000) 租一个月 a100 80g 之后还剩多少", "8 卡 h100 一周多少" then "我现在余额够吗".

Why here: the answer is the balance the wallet holds (read from the book, never a figure the user typed)
against the price of the rental asked or just priced; the FAQ's rule of money ("余额不够了会怎样") answered
these before because it shares their words. A rule asked ("用完会怎样", "what happens if it runs out") stays
the FAQ's; a question only weighs, it never writes to the book."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from typing import Any

from bot.core.held_budget import WALLET
from bot.messages import Turn
from bot.understand.parser import Parsed
from bot.understand.wallet_intent import WalletAction
from engine.catalog import form_variants

Held = Callable[[], dict[str, tuple[Decimal, str]]]


def against_wallet(parsed: Parsed, held_now: Held) -> Parsed:
    """"(记了充值 ₮1000) 租一个月 a100 80g 之后还剩多少", "can I rent an A100 80G for a month now": a rental
    asked whether it can be paid, naming no money, is weighed against what the wallet holds at the
    provider named, else at the one provider holding money (two would be a guess: the price alone);
    a wallet named that holds nothing, as 0. "(充值 ₮200) how long can I rent a 5090 with that": a
    runway naming no money is the same money divided into the card's prices."""
    r, asks, q = parsed.rental, parsed.asks, parsed.request
    if asks.budget is not None and not asks.budget[0] and asks.wallet and (parsed.cues.can_rent or parsed.cues.broke) and q.gpu \
            and parsed.follow is None and not parsed.cues.money_rule:  # "钱包里 0 元，能租 4090 吗": an empty wallet, no budget
        return replace(parsed, intent="price", asks=replace(asks, budget=(Decimal(0), None), held=True, how_long=False,
                                                            runway=not (r.duration_days or r.duration_hours)))
    if parsed.follow is not None or asks.budget is not None or not q.gpu or asks.top_up:
        return parsed  # "余额要留多少" asks what to hold for the rental, not whether the wallet covers it
    rented = bool(r.duration_days or r.duration_hours)
    job = bool(q.tokens or q.samples or q.params_b or q.model)
    # "我钱包里一分钱没有，能直接开一台 4090 吗", "my wallet's empty, can I rent a 4090 for a week?": a card asked
    # whether it can be had, of one's own wallet (no rule of money asked): the balance against it, whatever the FAQ scored
    own = asks.wallet and parsed.cues.can_rent and not parsed.cues.money_rule and parsed.intent in ("price", "faq", "unknown") and not job
    # "(充了 2000) 5090 monthly, how many months does that cover?": the term names the unit, not a rental
    runway = (asks.runway or (own and not rented)) and (not rented or asks.how_long) and parsed.intent in ("price", "faq", "unknown") and not job
    # a training job's cost ("够 14b 全参 4卡a100 包月吗") is weighed only when asked whether the money is enough
    weighed = parsed.intent == "price" or (parsed.intent == "cost" and asks.enough) or own
    if not runway and not (weighed and asks.affords and rented):
        return parsed
    if own:
        parsed = replace(parsed, intent="price", missing=[], faq=[], faq_answers=[], faq_confident=False)
    held = held_now()
    if not held and asks.wallet and (not runway or own):  # "钱包里的钱够租一周 4090 吗" with nothing recorded: weighed as 0
        return replace(parsed, asks=replace(asks, budget=(Decimal(0), None), held=True, runway=runway, how_long=False))
    where = r.provider if r.provider in held else (next(iter(held)) if len(held) == 1 and not r.provider else None)
    if where is None:
        return parsed
    amount, currency = held[where]
    if runway:
        return replace(parsed, intent="price", rental=replace(r, provider=where),
                       asks=replace(asks, budget=(amount, currency), held=True))
    return replace(parsed, rental=replace(r, provider=where),
                   asks=replace(asks, budget=(amount, currency), held=True, runway=False, how_long=False))


def wallet_of_price(parsed: Parsed, last: Turn | None, held_now: Held) -> Parsed:
    """"8 卡 h100 一周多少" then "我现在余额够吗" / "is my balance enough for that?": the rental just priced against
    what the wallet holds at the provider priced first (else the one holding money; nothing held is 0), its
    verdict leading; the price asked names no card, job or money of its own, and asks no rule of money."""
    a, q = parsed.asks, parsed.request
    if last is None or last.kind != "price" or not last.data.get("gpu") or not last.data.get("hours"):
        return parsed
    if not (a.wallet and (a.enough or parsed.cues.broke)) or parsed.cues.money_rule or a.budget is not None or parsed.follow is not None \
            or q.gpu or q.model or q.params_b or parsed.rental.amount is not None or parsed.wallet is not None:
        return parsed
    held = held_now()
    first = last.data.get("first")
    where = first if first in held else (next(iter(held)) if len(held) == 1 and not first else None)
    amount, currency = held[where] if where is not None else (Decimal(0), None)
    if parsed.cues.broke:  # "钱包没钱能先租吗": weighed against nothing, whatever the wallet holds now
        amount = Decimal(0)
    runway = [str(amount), currency, False, False, None, WALLET]
    follow = {**last.data, "runway": runway, **({"first": where} if where else {})}
    return replace(parsed, intent="price", follow=follow, follow_up=True, missing=[], faq=[], faq_answers=[], faq_confident=False)


def rent_of_last(parsed: Parsed, last: Turn | None) -> Parsed | None:
    """"7B QLoRA on a 4090 at gpuli" then "great, rent it for a month please" / "就租这个，一个月": an order of the card
    the last answer sized or priced (its count and provider, the length said now, else the one priced), so the
    rental's confirmation answers (with the balance against its price) and nothing is written before Confirm.
    A question ("can I rent it now?", "能租吗") orders nothing; None when no one card was answered before."""
    c, q = parsed.cues, parsed.request
    if last is None or not c.rent_order or c.can_rent or c.yes_no or c.howto or parsed.wallet is not None or q.gpu or q.model \
            or q.params_b:  # "how should we rent that?" asks the way to rent, orders nothing
        return None
    card = _card_of(last)
    if card is None:
        return None
    gpu, count, provider, hours = card
    r = parsed.rental
    if not (r.provider or provider) and (r.duration_days or r.duration_hours or last.kind != "price"):
        return None  # "8b qlora 4090" then "帮我租一周": no provider yet, so each one's price for the span and the balance
    # "4090 周租多少" then "那帮我下单": the span just priced at each provider is ordered as it stands; the rental asks
    # which provider, each one's price beside it, and that the balance must cover it (nothing is recorded before)
    span = (r.duration_days or 0) * 24 + (r.duration_hours or 0) or hours
    rental = replace(r, gpu=gpu, num_gpus=r.num_gpus or count, provider=r.provider or provider,
                     duration_days=None, duration_hours=span or None)
    return replace(parsed, intent="wallet", wallet=WalletAction("rent"), rental=rental, follow_up=True, missing=[], faq=[],
                   faq_answers=[], faq_confident=False)


def _card_of(last: Turn) -> tuple[str, int | None, str | None, float | None] | None:
    """The one card (count, provider, hours priced) a size, cost or price answer was about."""
    d = last.data
    if last.kind == "price":
        cards = d.get("gpu")
        cards = cards if isinstance(cards, list) else [cards]
        # "8x H100 weekly?" priced the card in each form a provider rents (SXM, PCIe): one card, its first form
        one = isinstance(cards[0], str) and all(c in form_variants(cards[0]) for c in cards)
        if not one or d.get("add_ons"):
            return None
        first, hours = d.get("first"), d.get("hours")
        return cards[0], _count(d.get("num_gpus")), first if isinstance(first, str) else None, float(hours) if hours else None
    said = d.get("request")
    request: dict[str, Any] = said if isinstance(said, dict) else {}
    if last.kind == "cost" and isinstance(d.get("priced"), list) and len(d["priced"]) == 3:
        gpu, count, provider = d["priced"]
        days, hours = request.get("days"), request.get("hours")
        return str(gpu), _count(count), str(provider), float(days) * 24 if days else (float(hours) if hours else None)
    if last.kind == "size" and isinstance(request.get("gpu"), str):
        provider = request.get("provider")
        return str(request["gpu"]), _count(request.get("num_gpus")), provider if isinstance(provider, str) else None, None
    return None


def _count(value: object) -> int | None:
    return int(value) if isinstance(value, int | float) and value else None
