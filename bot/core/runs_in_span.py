"""How many runs of the job just timed fit in a span ("一个月能跑几次", "how many runs fit in a month?"), asked
after a cost answer: the span's hours (a month is 720, seed 002) over the run's training hours on the setup the
reply led with, rounded down. The download, saving and evaluation between runs are not in that time, and the
reply says so. A run's length the user states ("就算按 5 小时一次", "say each run takes 5 hours") is the hours
counted, with the estimate beside it: the team is planning on its own figure (seed 002's 720-hour month over it)."""

from __future__ import annotations

import math
import re

from bot.messages import Reply, Turn
from bot.text.i18n import t
from bot.text.names import short_gpu
from bot.understand.lazy import lazy
from bot.understand.normalize import normalize
from bot.understand.parser import Parsed
from engine.cost import CostOption, compare
from engine.errors import KasuanError
from engine.request import TrainingRequest

SPAN_HOURS = {"月": 720, "month": 720, "周": 168, "星期": 168, "week": 168, "天": 24, "day": 24}
# "一个月能跑几次", "每月可以训多少轮", "包月能跑几回", "一周跑得了几次"; "how many runs fit in a month", "how many times
# can we train it per week", "runs per month?"
ASKED_ZH = lazy(r"(?:一|1|每|包)\s*个?\s*(月|周|星期|天)\s*(?:内|里|之内|下来|的话)?\s*(?:能|可以|可|够|大概|大约)?\s*"
                r"(?:跑|训|做|来)\s*(?:得了|得下)?\s*(?:几|多少)\s*(?:次|轮|回|遍|个)")
ASKED_EN = lazy(r"how\s+many\s+(?:training\s+)?(?:runs?|times|trainings?|experiments|jobs)\b.{0,40}?\b(?:in|per|a|each|within)\s+"
                r"(?:a\s+|one\s+|the\s+)?(month|week|day)\b|\bruns?\s+(?:per|a)\s+(month|week|day)\b", re.IGNORECASE)


def span_asked(norm: str) -> int | None:
    """The hours of the span the runs are counted in, when the message asks how many fit; else None."""
    m = ASKED_ZH.search(norm) or ASKED_EN.search(norm)
    return SPAN_HOURS[next(g for g in m.groups() if g).lower()] if m else None


def runs_in_span(parsed: Parsed, text: str, turn: Turn | None, lang: str) -> Reply | None:
    """After a timed cost answer, the runs of that job that fit in the span asked; None otherwise."""
    if turn is None or turn.kind not in ("cost", "run") or parsed.request.model or parsed.request.params_b:
        return None
    span = span_asked(normalize(text))
    if span is None:
        return None
    d = turn.data
    stated = parsed.rental.duration_hours
    if stated and 0 < stated < span and not parsed.rental.duration_days:  # the run's length said: that, not the estimate
        return _stated_runs(float(stated), span, d, lang)
    if turn.kind == "run":  # "每步 2 秒 … 要多久" then "一个月能跑几次": the steps × seconds measured
        if not d.get("step") or not d.get("steps"):
            return None
        hours = round(float(d["steps"]) * float(d["step"]) / 3600 + float(d.get("side") or 0) / 60, 2)
        setup = t("run.steps_times", lang, steps=f"{int(d['steps']):,}", step=f"{float(d['step']):g}")
    else:
        option = _option(d.get("request"))
        if option is None or not option.hours:
            return None
        hours = _said(option.hours)
        setup = t("sum.setup", lang, n=option.num_gpus, gpu=short_gpu(option.gpu.name))
    if hours <= 0:
        return None
    shown = f"{hours:g}"
    return Reply("error", lang, {"message": t("run.runs_in_span", lang, hours=shown, setup=setup, span=span,
                                              n=f"{math.floor(span / hours):,}")})


def _stated_runs(hours: float, span: int, data: dict[str, object], lang: str) -> Reply:
    """The runs of the stated length that fit in the span, with the estimate of the job beside it when there is one."""
    option = _option(data.get("request"))
    estimate = ""
    if option is not None and option.hours:
        estimate = t("run.runs_estimate", lang, hours=f"{_said(option.hours):g}",
                     setup=t("sum.setup", lang, n=option.num_gpus, gpu=short_gpu(option.gpu.name)))
    return Reply("error", lang, {"message": t("run.runs_in_span_stated", lang, hours=f"{hours:g}", span=span,
                                              n=f"{math.floor(span / hours):,}", estimate=estimate)})


def _said(hours: float) -> float:
    """The run's hours as the cost answer said them (bot.views.cost.duration_view: an estimate to the half hour
    from 1 to 10 h, "约 1.5 小时")."""
    return max(round(hours * 2) / 2, 1.0) if 1 <= hours < 10 else round(hours, 1 if hours >= 1 else 2)


def _option(request: object) -> CostOption | None:
    """The option the cost answer led with, for the request it stored."""
    if not isinstance(request, dict):
        return None
    try:
        return compare(TrainingRequest.model_validate(request)).reference
    except (KasuanError, ValueError):
        return None
