"""A run set against a deadline: whether it ends in time, when, with what to spare, and the rental until then
when the run's length is unknown. Split from the router so it stays one screen of routing; `now` is the
conversation clock's time, `cost` the cost intent's handler."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from bot.core.context import Context, IntentHandler, cost_fields
from bot.core.several import verdict_first
from bot.core.terms import term_hours, where_sold
from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.parser import Parsed
from bot.understand.zones import wall_clock
from bot.views.deadline_lead import asks_in_time, deadline_lead, rental_enough
from bot.views.run_length import gap_length, run_length
from engine.providers import shortest_rental_hours


def deadline_without_data(ctx: Context, now: datetime, cost: IntentHandler, parsed: Parsed, text: str,
                          span: float | None, lead: bool = True) -> Reply:
    """A deadline and no dataset size: an answer on a stated assumption, not only a question back.
    A span the message gives ("1.5天跑完的") is the rental priced; else the time left until the
    deadline is, and the reply says what is assumed and what would let it check the run itself."""
    deadline = parsed.asks.deadline
    assert deadline is not None
    plain = replace(parsed, intent="cost", asks=replace(parsed.asks, deadline=None))
    if span:
        # "训练大概 6 小时，这周五之前搞得定吗": yes or no against the clock first, then the rental for that span
        return against_deadline(ctx, now, cost(ctx, plain, text), deadline, span, parsed.asks.start)
    left = (deadline - _start(now, parsed.asks.start)).total_seconds() / 3600
    if left <= 0:
        return Reply("error", ctx.lang, {"message": t("cost.error.past_deadline", ctx.lang)})
    # a deadline bounds the run, not the rental: with the run's length unknown, the shortest rental
    # that ends before it (a span the deadline itself names, "3天内", is not added to it)
    hours = min(left, shortest_rental_hours())
    if term := term_hours(parsed):  # "今天租一张4090周租 … 来得及吗": the term named is priced, where sold
        hours, plain = term, where_sold(plain, text)
    elif parsed.asks.both_units and left > hours:
        # "deadline 12月15号 … 周租还是月租": the whole weeks that end before the deadline (15 days: two),
        # bought by the week and by the month, is the comparison asked
        hours = left // hours * hours
    until = replace(plain, request=plain.request.model_copy(update={"hours": hours, "days": None}),
                    rental=replace(plain.rental, duration_days=None, duration_hours=None))
    reply = cost(ctx, until, text)
    if reply.kind == "cost" and reply.data.get("v", {}).get("basis") == "stated":
        # the hours priced are ours, not the user's: the shortest rental, or all the time left when less
        reply.data["v"]["basis"] = "deadline_term" if term else "deadline" if hours < left else "deadline_cap"
    # "is a weekly rental enough?", "租一周够不够": a rental's span asked whether it suffices; not a term asked whether it
    # is sold ("can we rent by the week?", priced as asked), nor money ("10k usdt enough?" asks the budget)
    rental_asked = lead and not term and parsed.asks.enough and parsed.asks.budget is None
    enough = rental_enough(cost_fields(plain), hours, left, ctx.lang) if rental_asked and hours < left else None
    if enough is not None and not parsed.asks.both_units:  # yes, if the run fits in it
        return verdict_first(reply, Reply("error", ctx.lang, {"message": enough}))
    note = Reply("error", ctx.lang, {"message": deadline_lead(cost_fields(plain), left, ctx.lang, wall_clock(deadline, ctx.lang))})
    # "周五前能训完吗", "we need it done by thursday, ok?": a yes or no asked of the deadline, so its answer leads
    asked = asks_in_time(text) or (parsed.cues.yes_no and not term)  # "can we rent by the week?": the term's yes or no
    if not (lead and (asked or rental_asked)) or parsed.asks.both_units:  # "3天内要训完 怎么租": how to rent leads
        reply.also.insert(0, note)
        return reply
    return verdict_first(reply, note)  # "周五前能训完吗" is answered first; the rental until then follows

def run_against_deadline(ctx: Context, now: datetime, deadline: datetime, span: float, start: datetime | None) -> Reply:
    """A run of `span` hours, no job or card named: whether it ends before `deadline`, when it ends and
    the hours to spare (or short), read in the zone the deadline was read in; nothing to price."""
    begin = _start(now, start)
    end = begin + timedelta(hours=span)
    left = (deadline - begin).total_seconds() / 3600
    key = "plan.run_deadline_ok" if span <= left else "plan.run_deadline_late"
    note = t(key, ctx.lang, span=run_length(span, ctx.lang), end=wall_clock(end.astimezone(deadline.tzinfo), ctx.lang),
             deadline=wall_clock(deadline, ctx.lang), left=f"{max(left, 0):.0f}", gap=gap_length(left - span, ctx.lang))
    return Reply("error", ctx.lang, {"message": note})

def _start(now: datetime, start: datetime | None) -> datetime:
    """When the run starts: the time the message names ("we start thursday 9am"), else now."""
    return max(now, start) if start is not None else now

def against_deadline(ctx: Context, now: datetime, reply: Reply, deadline: datetime, span: float,
                     start: datetime | None = None) -> Reply:
    """A run of `span` hours set against the time from its start (now, or when the message says it
    starts) to `deadline`: the verdict ("来得及" / "too late") leads, the rental it judges follows
    and stays the turn, with its buttons."""
    begin = _start(now, start)
    left = (deadline - begin).total_seconds() / 3600
    key = "plan.deadline_span_ok" if span <= left else "plan.deadline_span_late"
    # when the run ends, in the deadline's zone: "来得及" alone leaves the team to do the sum
    end = wall_clock((begin + timedelta(hours=span)).astimezone(deadline.tzinfo), ctx.lang)
    note = t(key, ctx.lang, left=f"{max(left, 0):.0f}", days=f"{max(left, 0) / 24:.1f}", span=run_length(span, ctx.lang),
             deadline=wall_clock(deadline, ctx.lang), end=end, gap=gap_length(max(left, 0) - span, ctx.lang))
    if start is not None and start > now:
        # both shown in the zone the deadline was read in (stated, else the conversation's)
        note += "\n" + t("plan.deadline_from", ctx.lang, start=wall_clock(start.astimezone(deadline.tzinfo), ctx.lang),
                          deadline=wall_clock(deadline, ctx.lang))
    lead = Reply("error", ctx.lang, {"message": note}, also=[reply, *reply.also], turn=reply.turn,
                 buttons=reply.buttons)
    reply.also = []
    return lead


def fit_before_deadline(ctx: Context, now: datetime, size: IntentHandler, parsed: Parsed, text: str) -> Reply:
    """A stated card asked whether it holds the job, with a deadline and no dataset ("two 4090s enough for 7b full?
    need it by friday", "7b 全参 一张 a100 放得下吗 下周一前要"): the fit verdict leads, as asked (no, and what would);
    the time left and what it trains by then follow, not a rental until the deadline on whatever fits."""
    deadline = parsed.asks.deadline
    assert deadline is not None
    plain = replace(parsed, asks=replace(parsed.asks, deadline=None))
    reply = size(ctx, plain, text)
    left = (deadline - _start(now, parsed.asks.start)).total_seconds() / 3600
    if left > 0:
        reply.also.append(Reply("error", ctx.lang, {"message": deadline_lead(cost_fields(plain), left, ctx.lang, wall_clock(deadline, ctx.lang))}))
    return reply
