"""The answer to "周五前能训完吗" / "will it finish by Friday" when the dataset size is not known.

Why: without the tokens or samples the run's length is unknown, so a yes or no would be a guess, and
leading with the rental priced until the deadline answers a question nobody asked. What can be said is
how much data the setup gets through before the deadline: its training speed (from the same time model
the cost estimate uses, on a reference dataset) times the hours left. Less data than that finishes in
time. The sentence leads; the rental priced until the deadline follows it.
"""

from __future__ import annotations

import re
from decimal import Decimal

from bot.text.i18n import t
from bot.text.names import short_gpu
from engine.cost import compare
from engine.errors import KasuanError
from engine.request import TrainingRequest

# asks whether the run finishes in time ("周五前能训完吗", "来得及吗", "can it finish by friday"), not only how to
# rent before a date ("3天内要训完 怎么租", "deadline Dec 16: weekly or monthly?"): then that answer leads
IN_TIME = re.compile(r"(?:能|可以|来得及|赶得上|赶得及|[训跑做搞弄]得[完定])[^？?。，,]{0,6}?(?:吗|么|不|[？?])|能不能|来不来得及|赶不赶得上"
                     r"|\b(?:can|could|will|would|is|are)\b[^?]{0,60}?\b(?:finish\w*|done|ready|make\s+it)\b|\bin\s+time\b")
EXAMPLE_TOKENS, EXAMPLE_EPOCHS = 20_000_000, 3.0  # the reference table's worked run (seed 000): 2,000 万 token × 3 epochs
REFERENCE_TOKENS = 100_000_000  # a dataset size to time the setup on; the speed per hour does not depend on it


def asks_in_time(text: str) -> bool:
    """Whether the message asks if the run finishes before its deadline (its answer then leads)."""
    return IN_TIME.search(text.lower()) is not None


def deadline_lead(request: TrainingRequest, left_hours: float, lang: str, due: str) -> str:
    """The deadline answer for `request` (no dataset size) with `left_hours` to go until `due` (the deadline as the
    team reads it, named back so a "周五前" is seen to be read as Friday): how many tokens the recommended setup
    trains before then, or, when the job cannot be timed, what is needed to say."""
    hours, days = f"{left_hours:.0f}", f"{left_hours / 24:.1f}"
    try:
        report = compare(request.model_copy(update={"tokens": REFERENCE_TOKENS, "samples": None, "hours": None, "days": None}))
    except KasuanError:
        report = None
    ref = report.reference if report is not None else None
    if ref is None or not ref.hours:
        return t("plan.deadline_without_data", lang, hours=hours, days=days, due=due)
    per_hour = Decimal(REFERENCE_TOKENS) / Decimal(str(ref.hours))  # dataset tokens an hour, its epochs included
    setup = f"{ref.provider.name} {t('sum.setup', lang, n=ref.num_gpus, gpu=short_gpu(ref.gpu.name))}"
    return t("plan.deadline_capacity", lang, setup=setup, rate=tokens_text(per_hour, lang),
             most=tokens_text(per_hour * Decimal(str(left_hours)), lang), hours=hours, days=days, due=due)


def rental_enough(request: TrainingRequest, rental_hours: float, left_hours: float, lang: str) -> str | None:
    """Whether a rental of `rental_hours` is enough ("is a weekly rental enough?", "包一周够吗") for `request` with
    no dataset size and `left_hours` to its deadline: yes when the run fits in it, with how many tokens that is
    on the recommended setup; None when the job cannot be timed."""
    try:
        report = compare(request.model_copy(update={"tokens": REFERENCE_TOKENS, "samples": None, "hours": None, "days": None}))
    except KasuanError:
        return None
    ref = report.reference
    if ref is None or not ref.hours:
        return None
    per_hour = Decimal(REFERENCE_TOKENS) / Decimal(str(ref.hours))
    setup = f"{ref.provider.name} {t('sum.setup', lang, n=ref.num_gpus, gpu=short_gpu(ref.gpu.name))}"
    return t("plan.rental_enough", lang, span=f"{rental_hours:.0f}", days=f"{rental_hours / 24:g}", setup=setup,
             rate=tokens_text(per_hour, lang), most=tokens_text(per_hour * Decimal(str(rental_hours)), lang),
             left=f"{left_hours:.0f}")


def run_speed(request: TrainingRequest, lang: str) -> str | None:
    """How long a run takes asked with no dataset size ("32b全参跑一轮大概多久"): the recommended setup's
    training speed, tokens an hour, so the answer says what the time depends on; None when the job cannot
    be timed."""
    try:
        report = compare(request.model_copy(update={"tokens": REFERENCE_TOKENS, "samples": None, "epochs": None,
                                                    "hours": None, "days": None}))
    except KasuanError:
        return None
    ref = report.reference
    if ref is None or not ref.hours:
        return None
    setup = f"{ref.provider.name} {t('sum.setup', lang, n=ref.num_gpus, gpu=short_gpu(ref.gpu.name))}"
    line = t("plan.run_speed", lang, setup=setup, rate=tokens_text(Decimal(REFERENCE_TOKENS) / Decimal(str(ref.hours)), lang))
    example = compare(request.model_copy(update={"tokens": EXAMPLE_TOKENS, "samples": None, "epochs": EXAMPLE_EPOCHS,
                                                 "hours": None, "days": None})).reference
    if example is None or not example.hours or example.gpu.id != ref.gpu.id or example.num_gpus != ref.num_gpus:
        return line
    return line + t("plan.run_example", lang, tokens=tokens_text(Decimal(EXAMPLE_TOKENS), lang), epochs=f"{EXAMPLE_EPOCHS:g}",
                    hours=f"{example.hours:.1f}")


def tokens_text(n: Decimal, lang: str) -> str:
    """A token count as people say it, two significant figures: "4,500 万" / "38 亿" in Chinese, "45
    million" / "3.8 billion" in English; never scientific notation."""
    units = ((100_000_000, " 亿"), (10_000, " 万"), (1, "")) if lang == "zh" else \
        ((1_000_000_000, " billion"), (1_000_000, " million"), (1_000, " thousand"), (1, ""))
    unit, name = next(((Decimal(u), w) for u, w in units if n >= u), (Decimal(1), ""))
    value = n / unit
    if value >= 10:  # 4,452 -> 4,500: the estimate is not good to four figures
        step = Decimal(10) ** (len(str(int(value))) - 2)
        shown = f"{(value / step).quantize(Decimal(1)) * step:,.0f}"
    else:
        shown = f"{value:.1f}".removesuffix(".0")
    return f"{shown}{name}"
