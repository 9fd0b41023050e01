"""Two providers set against each other right after a rental or a job was priced or sized ("job takes ~36h
on one a100 80g" then "gpuli or cloudgpu cheaper?", "a6000 跑一个月不停" then "cloudgpu 和 gpuli 哪个便宜",
"14b qlora" then "gpuli 还是 cloudgpu 便宜"): that card, for that length, priced at each provider under its own
billing rule, the cheaper one leading with both totals (bot.core.provider_versus).

Why: read alone the message names no card, so it was answered by the FAQ entry its words come near ("先租什么
最省钱"), never the comparison asked of the rental just discussed."""

from __future__ import annotations

from dataclasses import replace

from bot.core.about_last import duration_of
from bot.core.recent_provider import provider_before, renting
from bot.messages import Turn
from bot.understand.cues import FOLLOW_UP_CHARS
from bot.understand.parser import Parsed
from bot.understand.readings import Rental

MONTH_HOURS = 720  # no length anywhere: the month both providers quote


def providers_of_last(parsed: Parsed, last: Turn) -> Parsed | None:
    """The last rental (a price's card, or the card a sizing or cost picked) re-priced at every provider for the
    length the message gives, else the one before; None when the message weighs no two providers, names a card
    or a model of its own, or the last answer priced no card."""
    q = parsed.request
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
    if not (parsed.cues.providers_weighed or cheaper_for_span):
        return None
    data: dict[str, object] | None
    if last.kind == "price" and last.data.get("gpu"):
        data = {**last.data, "first": None, **({"hours": span} if span else {})}
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
