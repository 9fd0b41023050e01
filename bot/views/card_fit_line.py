"""The fit of a job on the card a follow-up names alone after a cost ("这周末 7b qlora 单卡跑" then "3090", "7b qlora
for 2 days" then "on a 3090?"): whether that card holds the job, in one line that leads the cost (✅ 1 × RTX 3090 is
enough: 10.4–17 GB per card of 24 GB), since naming a card after a job asks first whether it runs there."""

from __future__ import annotations

from bot.messages import Reply
from bot.text.figures import fmt_gb
from bot.text.i18n import t
from bot.text.names import short_gpu
from engine.errors import KasuanError
from engine.request import TrainingRequest
from engine.sizing import size


def card_fit_line(req: TrainingRequest, lang: str) -> Reply | None:
    """The line, or None when no card is named or the job cannot be sized; with no count said, the fewest of the
    card that hold the job are judged (32B full on H100: 8 cards, as the cost prices them), not one."""
    if not req.gpu or not (req.model or req.params_b):
        return None
    try:
        sized = size(req.model_copy(update={"hours": None, "days": None}))
    except KasuanError:
        return None
    fit = sized.fit
    if fit is not None and not fit.fits and not req.num_gpus and sized.alternative is not None:
        fit = sized.alternative  # no count said: the fewest of that card that hold it, as the cost picks them
    if fit is None:
        return None
    est = fit.estimate
    key = "plan.stated_fits" if fit.fits else "plan.stated_may_fit" if fit.may_fit else "plan.stated_no"
    line = t(key, lang, n=est.plan.num_gpus, gpu=short_gpu(fit.gpu.name), low=fmt_gb(est.range.low_gb), high=fmt_gb(fit.high_gb),
             gb=fmt_gb(est.range.expected_gb), mem=fmt_gb(fit.gpu.memory_gb))
    return Reply("error", lang, {"message": line})
