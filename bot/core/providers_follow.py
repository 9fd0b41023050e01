"""Two providers set against each other right after a rental or a job was priced or sized ("job takes ~36h
on one a100 80g" then "gpuli or cloudgpu cheaper?", "a6000 跑一个月不停" then "cloudgpu 和 gpuli 哪个便宜",
"14b qlora" then "gpuli 还是 cloudgpu 便宜"): that card, for that length, priced at each provider under its own
billing rule, the cheaper one leading with both totals (bot.core.provider_versus).

Why: read alone the message names no card, so it was answered by the FAQ entry its words come near ("先租什么
最省钱"), never the comparison asked of the rental just discussed."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta

from bot.core.about_last import duration_of
from bot.core.recent_provider import provider_before, renting
from bot.messages import Turn
from bot.understand.cues import FOLLOW_UP_CHARS
from bot.understand.lazy import lazy
from bot.understand.parser import Parsed
from bot.understand.readings import Rental
from engine.price_list import setup_prices

# "哪个便宜", "哪家更划算", "which one's cheaper?": which of the providers just shown, with none named
WHICH = lazy(r"哪|\bwhich\b", re.I)

MONTH_HOURS = 720  # no length anywhere: the month both providers quote


def providers_of_last(parsed: Parsed, last: Turn) -> Parsed | None:
    """The last rental (a price's card, or the card a sizing or cost picked) re-priced at every provider for the
    length the message gives, else the one before; None when the message weighs no two providers, names a card
    or a model of its own, or the last answer priced no card."""
    q = parsed.request
    shown = _renting(parsed, last)
    if q.gpu or q.model or q.params_b or parsed.cards or parsed.cues.chars > FOLLOW_UP_CHARS:
        return None
    # a term said as one provider's way of billing ("gpuli weekly", "gpuli 包周") is how it charges, not the run's length
    own = duration_of(parsed) if not parsed.rental.term else {}
    span = own.get("days", 0) * 24 + own.get("hours", 0)
    # "which is cheaper for 8 hours?", "8 小时的话哪个便宜": no provider named, the rental weighed for that run wherever it is rented
    # ("3 weeks vs a month, which is cheaper" weighs two ways of buying it: bot.core.follow_ups, not this)
    cheaper_for_span = parsed.asks.cheaper and bool(span) and not parsed.cues.providers and not parsed.rental.provider \
        and not (parsed.asks.both_units or parsed.cues.other_unit)
    if cheaper_for_span and last.kind == "price" and (provider_before(last) or len(renting(last)) < 2):
        # one provider's price ("gpuli 4090 weekly price", or a card only one rents) then "only 3 weeks, which is
        # cheaper?": the ways that provider sells the span are weighed (weigh_priced), no provider against another
        cheaper_for_span = False
    if not (parsed.cues.providers_weighed or cheaper_for_span or shown):
        return None
    data: dict[str, object] | None
    if last.kind == "price" and last.data.get("gpu"):
        data = {**last.data, "first": None, **({"hours": span} if span else {}), **({"rivals": shown} if shown else {})}
    else:
        data = _picked(last, span)
        if data is None:
            return None
    return replace(parsed, intent="price", follow_up=True, missing=[], follow=data, faq=[], faq_answers=[],
                   faq_confident=False, rental=_span_kept(parsed, own))


def _span_kept(parsed: Parsed, own: dict[str, float]) -> Rental:
    """The message's rental with no provider of its own, and no length when it stated none (a term said as a
    provider's way of billing is none)."""
    if own:
        return replace(parsed.rental, provider=None)
    return replace(parsed.rental, provider=None, duration_days=None, duration_hours=None)


def _renting(parsed: Parsed, last: Turn) -> list[str]:
    """The providers that rent the one card of the price just given, when the message asks which is cheaper and
    names none ("CloudGPU 4090 跑一周多少", "gpuli 包周呢", then "哪个便宜"); none otherwise."""
    card = last.data.get("gpu")
    if parsed.cues.providers or not parsed.asks.cheaper or not WHICH.search(parsed.words or "") or last.kind != "price" \
            or not isinstance(card, list) or len(card) != 1 or duration_of(parsed) or parsed.rental.term \
            or parsed.asks.both_units or parsed.cues.other_unit:  # "只用三周 哪个划算": the span by week and by month
        return []
    prices = setup_prices(card[0], int(str(last.data.get("num_gpus") or 1)), timedelta(hours=24), whole_machines=True)
    ids = list(dict.fromkeys(r.provider.id for r in prices.offered if r.quotes))
    return ids if len(ids) >= 2 else []


def _picked(last: Turn, span: float) -> dict[str, object] | None:
    """A sizing's or a cost's leading setup, for the span asked, else the job's own length (a deadline's 48 h
    stated before the job), else a month."""
    priced = last.data.get("priced")
    pick = last.data.get("pick") or (priced[:2] if isinstance(priced, list) else None)
    if last.kind not in ("size", "cost") or not isinstance(pick, list | tuple) or len(pick) != 2:
        return None
    job = last.data.get("request") or {}
    job_hours = float(job.get("days") or 0) * 24 + float(job.get("hours") or 0) if isinstance(job, dict) else 0
    return {"gpu": [pick[0]], "num_gpus": pick[1], "hours": span or job_hours or MONTH_HOURS, "add_ons": {},
            "infiniband": None, "repeat": False, "first": None, "asked_currency": False}


def card_weighed(parsed: Parsed) -> Parsed:
    """A card set before two providers to compare ("财务这边想对比下 gpuli 和 CloudGPU 的 4090", "compare gpuli and
    cloudgpu for the 4090"): that card's price at each, the cheaper leading (a month when no length); any other
    message as it is."""
    q = parsed.request
    if not parsed.cues.providers_weighed or not q.gpu or q.model or q.params_b or parsed.intent not in ("faq", "unknown"):
        return parsed
    return replace(parsed, intent="price", missing=[], faq=[], faq_answers=[], faq_confident=False,
                   rental=replace(parsed.rental, provider=None))
