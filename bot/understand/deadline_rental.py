"""A deadline that sets how long to rent: "12月20号前跑完就行，4090 租几周", "deadline is end of next
week, 8xH100 - week or month?", "deadline 12/15，今天开始租，要租几周".

Why: such a message names no run length; the one length it gives is the time left before the deadline,
and "租几周 / how many weeks / week or month" asks how much of that time to buy. Read as a deadline
alone, it was priced as the shortest rental (one week) or not answered at all. Here it becomes a rental
of the whole days from the start (now, or the start the message names) to the deadline: the deadline's
own day is the day the result is due, so from 12-01 09:00 to 12-15 is 14 days (two weeks), to 12-20 is
19 (three weeks). The span then goes down the ordinary path for a span and its units (weekly against
monthly, the cheapest mix), and `Asks.until` keeps the deadline so the reply says the rental runs until
it. A run whose own length is stated keeps the deadline check instead (a run that fits in a week needs
one week): its words are a length, and nothing here applies.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from datetime import datetime

from bot.understand import fields as f
from bot.understand import planning
from bot.understand.asks import Asks
from bot.understand.lazy import lazy
from bot.understand.readings import Rental
from engine.request import TrainingRequest

# the rental's length asked ("租几周", "要租多久", "租期多长", "how many weeks should we rent", "how long
# should I rent it"); a run's length asked ("要跑几周", "how many weeks does it take") is not this
RENT_LENGTH = lazy(
    r"租\s*(?:个|上)?\s*(?:几|多少)\s*个?\s*(?:周|星期|礼拜|月|天)|(?:租|订|买)\s*(?:多久|多长时间)|租期\s*(?:多长|多久|几|多少)"
    r"|\bhow\s+many\s+(?:weeks|months|days)\s+(?:should|do|must|would|to|of)\b|\bhow\s+many\s+(?:weeks|months)\s*[?？]?\s*$"
    r"|\bhow\s+long\s+(?:should|do|must|would)\s+(?:i|we)\s+(?:rent|book|keep|need)\b|\bhow\s+long\s+(?:a\s+)?(?:rental|lease)\b"
    r"|\bhow\s+long\s+to\s+rent\b|\brent\s+(?:it\s+|them\s+)?for\s+how\s+long\b",
    re.IGNORECASE)


# the card kept running from now (or the start) until the deadline, whatever the run takes: "一直开着", "全程开着",
# "一直跑到 12 点", "现在开到明早", "从现在开到那会儿", "不关机", "nonstop", "around the clock", "from now until then",
# "running till then", "keep it running until friday", "leave it on till sunday"
KEPT_RUNNING = lazy(
    r"(?:一直|全程|持续|连续|不停\s*地?|24\s*小时)\s*(?:开|跑|挂|租|用|运行|开机)|不关机|不停机"
    r"|(?:现在|从现在|马上|立刻|今天|今晚)\s*(?:就|起|开始)?\s*(?:开|跑|租|挂|用)\s*(?:机|着)?\s*(?:到|至|直到)"
    r"|(?:开|跑|挂|租)\s*(?:到|至|直到)\s*(?:那会|那时|那个时候|那天|截止|deadline|比赛结束|结束)"
    r"|\bnon-?stop\b|\baround\s+the\s+clock\b|\b24\s*/\s*7\b|\bcontinuously\b|\bthe\s+whole\s+time\b"
    r"|\bfrom\s+(?:right\s+)?now\s+(?:until|till|til|to|through)\b|\b(?:until|till|til)\s+then\b"
    r"|\b(?:keep|leave)\s+(?:it|them|the\s+\w+|\w+)\s+(?:running|on|up)\s+(?:until|till|til|through)\b"
    r"|\b(?:running|run\s+it|on)\s+(?:from\s+now\s+)?(?:until|till|til)\b",
    re.IGNORECASE)


# the time the card runs up to, said after 到 without 前 ("现在开到周五中午", "一直跑到明天晚上8点"): the deadline
RUN_UP_TO = lazy(r"(?:开|跑|挂|租|用)\s*着?\s*(?:到|至|直到)\s*(.{1,14})")


def kept_running(norm: str) -> bool:
    """Whether the card is said to run without a break until the deadline (not a run of its own length)."""
    return KEPT_RUNNING.search(norm) is not None


def until_deadline(asks: Asks, rental: Rental, deadline: datetime, now: datetime, job: bool) -> tuple[Asks, Rental] | None:
    """`asks` and `rental` for a card kept running from now (or the start said) to `deadline`: the span to the
    minute, rounded up ("今晚12点前" is 23:59:59, so 09:00 to it is 15 h), the deadline kept in `asks.until`;
    None when the deadline is past or under a minute away. A card at a provider named leads with the hours to the
    deadline and the terms there are (`both_units`); a card anywhere is listed at each provider for the span, the
    cheapest named; a `job` leads with its cheapest setup for the span."""
    begin = max(now, asks.start) if asks.start is not None else now
    minutes = math.ceil((deadline - begin).total_seconds() / 60)
    if minutes < 1:
        return None
    span = replace(rental, duration_days=None, duration_hours=minutes / 60, term=False)
    return replace(asks, until=deadline, deadline=None, deadline_span=False, how_long=False, runway=False, both_units=not job and rental.provider is not None,
                   runway_unit=None), span


def asks_rent_length(norm: str) -> bool:
    """Whether the message asks how long to rent (not how long a run takes)."""
    return RENT_LENGTH.search(norm) is not None


def run_beside_deadline(norm: str, asks: Asks, rental: Rental) -> tuple[Asks, Rental]:
    """A deadline said as the time left and, beside it, a length of its own ("ddl 还剩 5 天，3090 上跑 8 小时",
    "截稿还有两周 … 4090 租两周多少钱", "2 days left, the run takes 10 hours"): that length is the run's or the
    rental's, priced and checked against the time left; the deadline's own words are no length of the run.
    Unchanged when the message gives only the deadline's span or a unit's name ("还剩 3 天 周租多少"), or asks whether
    the length is enough ("还有 15 天截止，租一周够不够": whether the job fits in that rental, not a week-long run)."""
    if not asks.deadline_span or asks.deadline is None or asks.enough:
        return asks, rental
    said = planning.span_said(norm)
    if said is None:
        return asks, rental
    rest = norm[:said.start()] + " " * (said.end() - said.start()) + norm[said.end():]
    if f.units_only(rest):
        return asks, rental
    days, hours = f.duration(rest)
    if days is None and hours is None:
        return asks, rental
    return replace(asks, deadline_span=False), replace(rental, duration_days=days, duration_hours=hours, term=False)


def rent_until(norm: str, asks: Asks, rental: Rental, request: TrainingRequest, now: datetime) -> tuple[Asks, Rental]:
    """`asks` and `rental` with a deadline that sets the rental's length turned into that length (whole
    days to it, or the hours when under a day), the units compared, and the deadline kept in
    `asks.until`; unchanged when the message states a run length, a budget, or asks no length to rent."""
    asks, rental = run_beside_deadline(norm, asks, rental)
    up_to = RUN_UP_TO.search(norm) if asks.deadline is None and asks.budget is None and kept_running(norm) else None
    if up_to is not None and (due := planning.deadline(up_to[1] + " 前", now)) is not None:
        asks = replace(asks, deadline=due)  # "cloudgpu 4090 现在开到周五中午多少钱": the time it runs to
    said = bool(rental.duration_days or rental.duration_hours) and not rental.term
    if asks.deadline is not None and asks.budget is None and kept_running(norm) and not said:
        job = bool(request.model or request.params_b)
        return until_deadline(asks, rental, asks.deadline, now, job) or (asks, rental)  # "现在开到明早9点 多少钱"
    if asks.deadline is None or asks.budget is not None or not (asks.both_units or asks_rent_length(norm)):
        return asks, rental
    if said:
        return asks, rental  # "连续跑 5 天，周五前": "训练 2 天，周五前，租几周": the run's own length, checked against the deadline
    if request.hours or request.days or request.tokens or request.samples or request.step_seconds:
        return asks, rental  # the run can be timed: its length, not the deadline, is what to rent
    begin = max(now, asks.start) if asks.start is not None else now
    left = (asks.deadline - begin).total_seconds() / 3600
    if left < 1:
        return asks, rental  # past, or under an hour: the deadline's own answer says so
    days = math.floor(left / 24)
    span = replace(rental, duration_days=float(days) if days else None,
                   duration_hours=None if days else float(math.floor(left)), term=False)
    return replace(asks, until=asks.deadline, deadline=None, deadline_span=False, both_units=True, how_long=False,
                   runway=False, runway_unit=None), span
