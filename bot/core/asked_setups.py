"""The setups a conversation has priced, turn after turn, and a comparison asked of them all.

A team lead asks one card's price at one provider, then another provider's or another card's in a later turn,
and then "so for a 2-day job which one is cheaper?", "我们一周就跑 20 小时，哪个便宜", "哪个便宜，差多少",
"how much with the cheaper one?". Each answer names one setup; the comparison is of every setup asked in the
conversation (a card at a provider), for the span the message gives, else the span last stated in it.

Each turn keeps the setups asked so far (`KEY`, the last `KEPT` of them, a card at a provider each) and the span
last stated (`SPAN`, hours): carried from the turn before the way the money held and the last export are
(bot/core/export_again.py), so a detour (a FAQ question) in between loses nothing.

Why its own module: the follow-up readers change one thing of the last answer; this one reads the
conversation's answers together and leaves a single answer's follow-ups as they are."""

from __future__ import annotations

from typing import Any

from bot.core.card_fit_asked import PRICE_ASKED, price_asked
from bot.core.context import Context
from bot.core.price import price_turn
from bot.core.price_pairs import cheaper_first, difference_first
from bot.core.weigh_priced import rental_of
from bot.messages import Reply, Turn
from bot.understand.parser import Parsed

KEY = "asked_setups"
SPAN = "asked_span"
JOB = "asked_job"  # the job the setups were asked for: another job starts the list again
KEPT = 4  # setups remembered: the comparison is of the last few asked
PRICED = ("price", "price_units")


def carry(reply: Reply, parsed: Parsed | None, before: Turn | None) -> None:
    """The turn remembered for `reply` keeps the setups asked before it and adds its own; the span stated last."""
    turn = reply.turn
    if turn is None or turn is before:
        return
    if turn.kind == "cost" and parsed is not None:  # "3090" next asks its fit first only after a plan priced unasked
        turn.data[PRICE_ASKED] = price_asked(parsed)
    setups = list(before.data.get(KEY) or []) if before is not None else []
    job, was = _job(turn), (before.data.get(JOB) if before is not None else None)
    # another job replacing the one asked before ("换个任务：72b qlora 用什么卡"): its setups, not the last one's; the
    # first job asked after cards were priced ("7b lora bf16 哪个好" after the 4090 and the 5090) may be about them
    if job is not None and was is not None and job != was:
        setups = []
    if job is not None or was is not None:
        turn.data[JOB] = job or was
    for setup in _own(turn, parsed):
        setups = [s for s in setups if s != setup] + [setup]
    if setups:
        turn.data[KEY] = setups[-KEPT:]
    span = _span(turn) or (before.data.get(SPAN) if before is not None else None)
    if span:
        turn.data[SPAN] = span


def _job(turn: Turn) -> list[object] | None:
    """The job an answer was about (model or size, method), None for a card's price alone."""
    job = turn.data.get("request") if turn.kind not in PRICED or turn.data.get("setup") else None
    if not isinstance(job, dict) or not (job.get("model") or job.get("params_b")):
        return None
    return [job.get("model"), job.get("params_b"), job.get("method")]


def _own(turn: Turn, parsed: Parsed | None) -> list[dict[str, Any]]:
    """The setups one answer was about: a price list's card at the provider it leads with (every card it
    listed as an option), the cards a sizing compared at the provider named, the setup a cost priced."""
    data = turn.data
    if turn.kind in PRICED:
        listed = [o["data"] for o in data.get("options") or [] if o.get("kind") in PRICED] or [data]
        return [_setup(o.get("gpu"), o.get("num_gpus"), o.get("first")) for o in listed if o.get("gpu")]
    if data.get("versus"):  # "72b qlora，a800 还是 a100 80g": the cards set side by side
        where = (parsed.rental.provider if parsed is not None else None) or (data.get("request") or {}).get("provider")
        count = (data.get("request") or {}).get("num_gpus")
        return [_setup(g, count, where) for g in data.get("versus") or []]
    priced = data.get("priced")
    if turn.kind == "cost" and isinstance(priced, list | tuple) and len(priced) == 3:
        return [_setup(priced[0], priced[1], priced[2])]
    return []


def _setup(gpu: object, count: object, provider: object) -> dict[str, Any]:
    several = int(str(count)) if count and int(str(count)) > 1 else None  # one card: as a price list asks it
    cards = [str(g) for g in gpu] if isinstance(gpu, list | tuple) else [str(gpu)]  # "a100": its forms, one setup
    return {"gpu": cards, "num_gpus": several, "provider": str(provider) if provider else None}


def _span(turn: Turn) -> float | None:
    """The span an answer was for, in hours: a price list's length, a job's stated hours or days."""
    if turn.kind in PRICED:
        hours = turn.data.get("hours")
        return float(str(hours)) if hours else None
    job = turn.data.get("request") or {}
    hours = float(str(job.get("hours") or 0)) + 24 * float(str(job.get("days") or 0))
    return hours or None


def compared(ctx: Context, parsed: Parsed, last: Turn | None) -> Reply | None:
    """"…which one is cheaper?", "哪个便宜，差多少", "how much with the cheaper one?" naming no card, model or
    provider, after two or more setups were priced in the conversation: each priced for the span the message
    gives (else the span stated last), the cheaper leading (the difference, where asked and one provider rents
    both). None when the message names a setup of its own or fewer than two were asked."""
    a, q, r = parsed.asks, parsed.request, parsed.rental
    if last is None or parsed.parts or q.model or q.params_b or q.gpu or r.gpu or r.provider or q.provider \
            or q.num_gpus or r.num_gpus:
        return None
    cues = parsed.cues
    cheaper_one = cues.option in ("cheaper", "budget")  # "how much with the cheaper one?"
    if not (cues.which_cheaper or a.difference or cheaper_one) or cues.cheaper_exists or a.budget is not None \
            or a.deadline is not None:  # "有更便宜的吗" asks for another setup (bot/core/cheaper_follow.py)
        return None
    options = [o["data"] for o in last.data.get("options") or [] if o.get("kind") in PRICED]
    if cheaper_one and not cues.which_cheaper and (last.data.get("shown") or last.kind not in PRICED or (
            options and (any(o.get("hours") for o in options) or not last.data.get(SPAN)))):
        return None  # the option the last answer listed, picked as it was listed (bot/core/options.py)
    setups = [s for o in options for s in _own(Turn("price", o), None)] if len(options) > 1 else list(last.data.get(KEY) or [])
    if len({(tuple(s["gpu"]), s["provider"]) for s in setups}) < 2:
        return None
    if len({tuple(s["gpu"]) for s in setups}) < 2 and any(s["provider"] is None for s in setups):
        return None  # one card, and a price list of every provider: nothing set against it
    own = (r.duration_days or 0) * 24 + (r.duration_hours or 0) or sum(a.hours)
    before = last.asked.get("before") if isinstance(last.asked, dict) else None
    if not own and not cheaper_one and isinstance(before, dict) and rental_of(last.kind, last.data) is not None \
            and rental_of(str(before.get("kind")), dict(before.get("data") or {})) is not None:
        return None  # the last two rentals, each for its own span (bot/core/weigh_priced.py)
    hours = own or last.data.get(SPAN) or (last.data.get("hours") if last.kind in PRICED else None)
    replies = [price_turn(ctx, {"gpu": list(s["gpu"]), "num_gpus": s["num_gpus"], "hours": hours, "first": s["provider"],
                           "add_ons": {}, "infiniband": None, "repeat": False, "display": ctx.display_currency,
                           "asked_currency": False}, details=False) for s in setups[-3:]]
    if a.difference and len(replies) == 2:
        shown = difference_first(replies, ctx.lang, cheaper_first=True)
        if shown is not replies and len(shown) > len(replies):
            return _one(shown, parsed)
    shown = cheaper_first(replies, ctx.lang)
    if shown is replies:
        return None
    return _one(shown, parsed)


def _one(replies: list[Reply], parsed: Parsed) -> Reply:
    first = replies[0]
    first.also = replies[1:]
    first.reading = parsed
    return first
