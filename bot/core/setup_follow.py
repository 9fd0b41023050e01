"""The setup a follow-up asks about: which card (and count) it rents, and whether it asks that setup's
price rather than the job sized again ("monthly cost of that", "人民币多少", "包月多少" then "换 8卡 h200
呢"). Split from bot/core/follow_ups.py, which decides what a follow-up changes."""

from __future__ import annotations

from typing import Any

from bot.messages import Turn
from bot.understand.parser import Parsed
from engine.errors import KasuanError
from engine.price_list import setup_prices
from engine.request import TrainingRequest
from engine.sizing import size


def card_of(parsed: Parsed, last: Turn) -> tuple[str, int | None] | None:
    """The card (and count) a budget follow-up rents: the one it names, else the last question's,
    else the setup the last sizing picked; at a provider the follow-up names that does not rent the
    pick (72B QLoRA picked on CloudGPU's A800, asked "at gpuli"), the first fitting setup it does rent."""
    if parsed.request.gpu:
        return parsed.request.gpu, parsed.request.num_gpus
    request = last.data.get("request", {})
    if request.get("gpu"):
        return str(request["gpu"]), request.get("num_gpus")
    pick = last.data.get("pick")
    if not pick:
        return None
    where = parsed.rental.provider
    setups = [(str(pick[0]), int(pick[1])), *((str(g), int(n)) for g, n in last.data.get("fits") or [])]
    sold = next((s for s in setups if where is None or any(
        r.provider.id == where for r in setup_prices(s[0], s[1], None).offered)), None)
    return sold or setups[0]


def count_on_pick(stated: dict[str, object], job: dict[str, object], last: Turn) -> dict[str, object]:
    """A count alone after a sized job's setup was priced ("7b qlora" then "gpuli 包月多少": its 4090 at ₮369,
    then "4 张呢", "what about 4 of them") is that many of the card priced (4 × ₮369 = ₮1,476), not the job
    sized again on any card that comes in fours; so is a count alone after a sizing that picked a setup ("7b qlora,
    which card?" then "two of them?": two RTX 3090s; "32b 全参 zero-3 8卡" then "4 卡呢": four of the A100 80GB
    SXM it put the eight on, judged on them, never the job fitted anew on a bigger card that holds it on four);
    `stated` unchanged otherwise."""
    pick = last.data.get("pick")
    if any(key in stated and stated[key] != job.get(key) for key in ("method", "model", "params_b")):
        return stated  # a count said with another method or model ("qlora, single card") counts a new job's cards
    if "num_gpus" not in stated or "gpu" in stated or job.get("gpu") or not (last.data.get("setup") or last.kind == "size") \
            or not isinstance(pick, list | tuple) or len(pick) != 2:
        return stated
    return {**stated, "gpu": pick[0]}


def stage_on_count(stated: dict[str, object], job: dict[str, object], last: Turn) -> dict[str, object]:
    """A ZeRO stage alone after a sizing of no count ("32b 全参 用 zero 几" then "ZeRO-2"): the stage on the count of the
    setup that answer led with (8 cards: 32B full under ZeRO-2 holds 120 GB of model states a card, seed 000), since a
    stage's per-card share is only a figure over a count; `stated` unchanged otherwise."""
    pick = last.data.get("pick")
    if "zero" not in stated or "num_gpus" in stated or job.get("num_gpus") or not isinstance(pick, list | tuple) \
            or len(pick) != 2 or not isinstance(pick[1], int) or pick[1] < 2:
        return stated
    return {**stated, "num_gpus": pick[1]}


def picked_count(last: Turn) -> int | None:
    """The card count of the setup the last answer priced ("32b 全参" then "cost?": its 8 × A100 80GB), when it priced
    one of several cards; None otherwise."""
    pick = last.data.get("pick")
    if not last.data.get("setup") or not isinstance(pick, list | tuple) or len(pick) != 2:
        return None
    return int(pick[1]) if isinstance(pick[1], int) and pick[1] > 1 else None


def prices_of_setup(parsed: Parsed, last: Turn, merged: TrainingRequest) -> bool:
    """A cost asked of a sizing with no dataset or step time: the answer is the recommended setup's
    rental prices (for the rental length the message gives, "monthly cost of that", "can we rent it for
    2 weeks", else by the hour, week and month), not the shortest rental as if it were the job."""
    asks, job = parsed.asks, last.data.get("request", {})
    pointed = parsed.cues.refers_back and bool(parsed.rental.duration_days or parsed.rental.duration_hours)
    return last.kind == "size" and (asks.cost or pointed) and not (asks.budget or asks.deadline or asks.pick) and not (
        merged.tokens or merged.samples or merged.step_seconds or job.get("hours") or job.get("days"))


def priced_before(last: Turn) -> bool:
    """The last answer showed a setup's price: a setup price, or a sizing (its price line). "人民币多少",
    "in CNY?" after it asks that price in the currency, not the job sized again."""
    return bool(last.data.get("setup")) or last.kind == "size"


def priced_setup_changed(last: Turn, merged: TrainingRequest) -> bool:
    """The last answer priced a sizing's setup ("gpuli 包月多少") and the job changed has no dataset or
    length of its own: its new setup is priced the same way, not sized alone. So is a job rented on a card
    for a span ("7b qlora 用 4090，周租") changed ("模型换成 32b，周期改包月"): the new job's setup for the
    span, and first whether the card named still holds it (32B QLoRA: not a 4090; an RTX A6000, ₮389 a month)."""
    if _card_rented(last):  # only the job changed, on the same cards, and they no longer hold it
        before = _job_data(last)
        return not (merged.tokens or merged.samples or merged.step_seconds) and _job(merged) != before \
            and (merged.gpu, merged.num_gpus) == (before.get("gpu"), before.get("num_gpus")) and not _holds(merged)
    return bool(last.data.get("setup")) and not (merged.tokens or merged.samples or merged.step_seconds
                                                  or merged.hours or merged.days)


def _holds(job: TrainingRequest) -> bool:
    """Whether the card the job names holds it (or may: at the edge), as the sizing judges it."""
    try:
        fit = size(job.model_copy(update={"days": None, "hours": None})).fit
    except KasuanError:
        return False
    return fit is None or fit.fits or fit.may_fit


def _request(last: Turn) -> dict[str, Any]:
    job = last.data.get("request")
    return job if isinstance(job, dict) else {}


def _card_rented(last: Turn) -> bool:
    """The last answer costed a job on a card named for a span and nothing else (no dataset, no step time)."""
    job = _request(last)
    return last.kind == "cost" and bool(job.get("gpu")) and bool(job.get("days") or job.get("hours")) \
        and not (job.get("tokens") or job.get("samples") or job.get("step_seconds"))


def _job_data(last: Turn) -> dict[str, object]:
    return {k: v for k, v in _request(last).items() if k not in ("days", "hours")}


def _job(merged: TrainingRequest) -> dict[str, object]:
    return merged.model_copy(update={"days": None, "hours": None}).stated()


def setup_span(last: Turn) -> dict[str, float]:
    """The rental length the last setup price was asked for ("包月多少": a month), as a duration; a job rented on
    its card for a span, that span."""
    hours = last.data.get("setup_hours")
    if not hours and _card_rented(last):
        job = _request(last)
        hours = float(job.get("days") or 0) * 24 + float(job.get("hours") or 0)
    return {"hours": float(str(hours))} if hours else {}


def setup_follow(merged: TrainingRequest, duration: dict[str, float], last: Turn | None = None) -> dict[str, object]:
    """What the setup-price answer needs: the job, the rental length asked, in hours, and whether it changes
    a job whose setup was just priced (`last`): then the reply first says whether the card named still holds it."""
    hours = duration.get("days", 0) * 24 + duration.get("hours", 0)
    job = merged.model_copy(update={"days": None, "hours": None}).stated()
    changed = last is not None and (bool(last.data.get("setup")) or _card_rented(last)) and job != _job_data(last)
    return {"setup_of": job, **({"hours": hours} if hours else {}), **({"changed": True} if changed else {}), **form_of(last)}


def form_of(last: Turn | None) -> dict[str, object]:
    """The card of the last answer was named with its form ("a100 sxm"): that form is priced, not its cheaper
    sibling (gpuli's A100 80GB SXM week ₮319, not the PCIe's ₮269)."""
    return {"form_named": True} if last is not None and last.data.get("form_named") else {}
