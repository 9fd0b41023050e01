"""How a run's hours were worked out, spelled out with the message's own figures (seed 002's method): total
steps, seconds per step, training minutes and hours. Apart from bot/core/price.py, which leads with it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, cast

from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.parser import Parsed, Run
from bot.views.run_length import run_length


def _num(value: float, digits: int = 2) -> str:
    """3750 -> "3,750", 2.0 -> "2", 2.0833 -> "2.08": a figure as a chat line shows it."""
    rounded = round(value, digits)
    return f"{rounded:,.{digits}f}".rstrip("0").rstrip(".") if rounded != int(rounded) else f"{int(rounded):,}"


def run_note(run: Run, lang: str) -> Reply:
    """Seed 002's method spelled out with the message's own figures: total steps, seconds per step
    (the trial's time over its steps), training minutes and hours."""
    common: dict[str, Any] = {"samples": _num(run.samples), "epochs": _num(run.epochs), "batch": run.micro_batch,
              "accum": run.grad_accum, "gpus": run.num_gpus, "steps": _num(run.steps), "step": _num(run.step_seconds or 0, 3),
              "minutes": _num(run.train_minutes, 1), "hours": _num(run.train_minutes / 60)}
    if run.batch_only:  # "8 卡 bs 4 accum 4，global batch 多少": the product, and how it counts a dataset's steps
        return Reply("error", lang, {"message": t("price.run_batch", lang, total=f"{run.global_batch:,}", **common)})
    if not run.step_seconds:  # "一共多少步": the count alone, and what a time needs
        return Reply("error", lang, {"message": t("price.run_steps", lang, **common)})
    if run.rate:  # "3,200 tokens/s per GPU": the tokens over the measured rate, said as coming from it
        message = t("price.run_rate" if run.rate_per_card else "price.run_rate_total", lang, tokens=_num(run.rate_tokens),
                    rate=_num(run.rate), seconds=_num(run.steps), span=run_length(run.steps / 3600, lang), gpus=run.num_gpus)
    elif run.stated:
        message = t("price.run_stated", lang, **common)
    elif run.trial_steps and run.trial_seconds:
        message = t("price.run_trial", lang, trial_n=run.trial_steps, trial_s=_num(run.trial_seconds), **common)
    else:
        message = t("price.run_step", lang, **common)
    if run.side_minutes:
        message += t("price.run_side", lang, side=_num(run.side_minutes, 1))
    if run.window_hours:  # "Lab is 3 hours … will it finish?": the verdict against the window leads
        message = f"{window_verdict(run, lang)}\n{message}"
    return Reply("error", lang, {"message": message})


def window_verdict(run: Run, lang: str) -> str:
    """A timed run against the span it must end in (a class, a lab, "3 小时内"): yes or no first, the run's
    length (steps × seconds, plus any download/upload minutes) and the time to spare or short."""
    seconds = run.steps * (run.step_seconds or 0) + run.side_minutes * 60
    hours, window = seconds / 3600, run.window_hours or 0
    key = "plan.window_ok" if hours <= window else "plan.window_late"
    return t(key, lang, span=run_length(hours, lang), seconds=_num(seconds, 1), window=run_length(window, lang),
             gap=run_length(abs(window - hours), lang))


def windowed(parsed: Parsed) -> Run:
    """The message's run, with the span it asks the run to end in: a length said beside a yes/no question and
    no card ("Lab is 3 hours … will it finish in class?", "课只有 2 小时，能跑完吗"): no rental to price."""
    run, r = cast(Run, parsed.run), parsed.rental
    span = (r.duration_days or 0) * 24 + (r.duration_hours or 0)
    if run.window_hours or not span or not run.step_seconds or not (parsed.cues.yes_no or parsed.cues.ends_in) or parsed.request.gpu:
        return run
    return replace(run, window_hours=span)
