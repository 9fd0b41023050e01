"""How a run's hours were worked out, spelled out with the message's own figures (seed 002's method): total
steps, seconds per step, training minutes and hours. Apart from bot/core/price.py, which leads with it."""

from __future__ import annotations

from typing import Any

from bot.messages import Reply
from bot.text.i18n import t
from bot.understand.parser import Run


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
    if run.stated:
        message = t("price.run_stated", lang, **common)
    elif run.trial_steps and run.trial_seconds:
        message = t("price.run_trial", lang, trial_n=run.trial_steps, trial_s=_num(run.trial_seconds), **common)
    else:
        message = t("price.run_step", lang, **common)
    if run.side_minutes:
        message += t("price.run_side", lang, side=_num(run.side_minutes, 1))
    return Reply("error", lang, {"message": message})
