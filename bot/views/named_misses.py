"""The lead of a setup price whose job no longer fits the card the user named: "14b qlora 4090 够不够",
"gpuli 一周多少", then "换成 lora 不量化呢" first says the 4090 no longer holds the job (about 38 GB a card
against 24 GB), then names the setup that does, whose price follows. A full fine-tune says its model
states beside the total (7B with AdamW: 112 GB, seed 000's 16 bytes a parameter)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from bot.messages import Reply
from bot.text.figures import fmt_gb
from bot.text.i18n import t
from bot.text.names import short_gpu
from engine.cost import CostReport
from engine.fit import Fit
from engine.money import Money

STATE_TERMS = 4  # weights, gradients, master weights, optimizer states: the first terms of an estimate


def named_misses(named: Fit | None, count: int, priced: Fit, what: str, single_machine: bool, lang: str) -> Reply | None:
    """The lead line when `named` (the card the user named, `count` of it) does not hold the job and
    `priced` is another setup; None when the named setup fits or is the one priced. `single_machine`:
    the setup priced is one machine with an 8-bit optimizer, chosen over more cards of the named one on
    several machines (seed 000's way for 72B full: 8×H200)."""
    if named is None or named.fits or named.may_fit:
        return None
    plan = priced.estimate.plan
    if (named.gpu.id, count) == (priced.gpu.id, plan.num_gpus):
        return None
    states = sum(term.gb for term in named.estimate.terms[:STATE_TERMS])
    full = named.estimate.method in ("full", "pretrain")
    pick = t("sum.setup", lang, n=plan.num_gpus, gpu=short_gpu(priced.gpu.name))
    if single_machine:
        pick += t("sum.seed_8bit", lang)
    message = t("named.misses", lang, what=what, setup=t("sum.setup", lang, n=count, gpu=short_gpu(named.gpu.name)),
                need=f"{named.estimate.range.expected_gb:.0f}", mem=f"{named.gpu.memory_gb:g}",
                states=t("named.states", lang, gb=f"{states:.0f}") if full else "",
                pick=pick, pick_mem=f"{priced.gpu.memory_gb:g}",
                why=t("named.one_machine", lang) if single_machine else "")
    return Reply("error", lang, {"message": message})



def named_changed(named: Fit | None, count: int, priced: Fit, what: str, lang: str) -> Reply | None:
    """The note (below the price) when a job changed after its price ("7b qlora 4090 够不", "那要花好多钱", then "换成bf16 lora呢") is
    priced on the card the user named: whether that card still holds the changed job (7B LoRA on a 4090: about
    20.6 GB, 18.6–26.4 GB, of 24 GB, tight), since a price of a card the job may not fit answers half the
    question. None when the card named is not the setup priced (named_misses says the miss), nothing was named, or
    the card still holds the job with room (then the price leads, as it did)."""
    if named is None or (named.gpu.id, count) != (priced.gpu.id, priced.estimate.plan.num_gpus):
        return None
    if named.fits or not named.may_fit:  # still fits with room: the price itself is the answer and leads, as before
        return None
    key = "named.still_tight"
    r = named.estimate.range
    message = t(key, lang, what=what, setup=t("sum.setup", lang, n=count, gpu=short_gpu(named.gpu.name)),
                low=fmt_gb(r.low_gb), high=fmt_gb(r.high_gb), gb=fmt_gb(named.estimate.total_gb), mem=f"{named.gpu.memory_gb:g}")
    return Reply("error", lang, {"message": message})


def named_priced(named: Fit | None, count: int, priced: Fit, what: str, prices: list[dict[str, Any]],
                 lang: str, hours: float | None = None) -> Reply | None:
    """The lead when a card named after a sizing ("一万网络 7b lora 推荐啥" then "那个 t4 呢 多少钱") does not
    hold the job but is rented where asked: its own price first (that is what was asked: 一万网络's T4 at
    ¥900 a month), then that the job does not fit it (about 21 GB a card against 16 GB) and which setup
    does, priced below. None when it fits, is the setup priced, or nobody rents it."""
    if named is None or named.fits or named.may_fit or not prices:
        return None
    plan = priced.estimate.plan
    if (named.gpu.id, count) == (priced.gpu.id, plan.num_gpus):
        return None
    row = prices[0]
    message = t("named.priced_misses", lang, where=row["provider"], what=what,
                setup=t("sum.setup", lang, n=count, gpu=short_gpu(named.gpu.name)), price=price_text(row, lang, hours),
                need=f"{named.estimate.range.expected_gb:.0f}", mem=f"{named.gpu.memory_gb:g}",
                pick=t("sum.setup", lang, n=plan.num_gpus, gpu=short_gpu(priced.gpu.name)),
                pick_mem=f"{priced.gpu.memory_gb:g}")
    return Reply("error", lang, {"message": message})


def named_tight(named: Fit | None, count: int, priced: Fit, what: str, prices: list[dict[str, Any]],
                lang: str) -> Reply | None:
    """The lead when the card the user named ("32b lora bf16 a100 80g", "够吗", then "多少钱") holds the job only on
    its expected figure and the sizing priced a safer setup: the named card's own prices first (what was asked),
    with how tight it is, then the safer setup priced below. None when it fits outright, misses, is the setup
    priced, or nobody rents it."""
    if named is None or named.fits or not named.may_fit or not prices:
        return None
    if (named.gpu.id, count) == (priced.gpu.id, priced.estimate.plan.num_gpus):
        return None
    listed = " · ".join(f"{row['provider']} {price_text(row, lang)}" for row in prices)
    message = t("named.priced_tight", lang, setup=t("sum.setup", lang, n=count, gpu=short_gpu(named.gpu.name)), price=listed,
                what=what, gb=fmt_gb(named.estimate.total_gb), high=fmt_gb(named.high_gb), mem=f"{named.gpu.memory_gb:g}",
                pick=t("sum.setup", lang, n=priced.estimate.plan.num_gpus, gpu=short_gpu(priced.gpu.name)))
    return Reply("error", lang, {"message": message})


def card_misses(named: Fit, what: str, prices: list[dict[str, Any]], lang: str) -> Reply | None:
    """The lead of a card's price asked right after a sizing the card does not hold ("一万网络 7b lora 推荐啥"
    then "t4 多少钱一个月"): the card's price where it is rented first (what was asked), then that the job
    does not fit one of it; the prices everywhere follow. None when nobody rents it."""
    if not prices:
        return None
    row = prices[0]
    message = t("named.job_misses", lang, where=row["provider"], what=what, price=price_text(row, lang),
                setup=t("sum.setup", lang, n=named.estimate.plan.num_gpus, gpu=short_gpu(named.gpu.name)),
                need=f"{named.estimate.range.expected_gb:.0f}", mem=f"{named.gpu.memory_gb:g}")
    return Reply("error", lang, {"message": message})


def price_text(row: dict[str, Any], lang: str, hours: float | None = None) -> str:
    """One provider's row of unit prices (bot.views.price.unit_prices) as a line says it: ¥900/月, ₮109/周; with
    the hours asked, an hourly price's total for them too ("那在 cloudgpu 跑 20 小时多少钱": $0.33/小时，20 小时 $6.60)."""
    said = []
    for u in row["units"]:
        rate = Decimal(str(u["total"]["low"]))
        text = f"{Money(rate, u['total']['currency']).format(lang)}/{t('unit.' + u['unit'], lang)}"
        if hours and u["unit"] == "hour" and u["total"]["low"] == u["total"]["high"]:
            text += t("named.for_hours", lang, n=f"{hours:g}", total=Money(rate * Decimal(str(hours)), u["total"]["currency"]).format(lang))
        said.append(text)
    return ", ".join(said)


def stated_offload_only(report: CostReport, lang: str) -> str | None:
    """"32b 全参 8卡 a100 gpuli 包月" then "那砍到 4 张呢": the count the user named no longer holds the job as
    asked (4 × A100 80GB: about 146 GB a card against 80 GB), and the price below is that setup only with the
    optimizer offloaded, which the user never asked for; so the miss leads, a budget or a re-price never hides
    it (the line the cost reply leads with). None when the named setup fits, offload was asked, or the price is on another setup."""
    named, option = report.sizing.fit, report.reference
    if named is None or named.fits or named.may_fit or option is None or report.request.offload is not None:
        return None
    plan = option.plan
    if plan.offload == "none" or (option.gpu.id, plan.num_gpus) != (named.gpu.id, report.request.num_gpus):
        return None
    spec = report.sizing.resolved
    what = t("price.job", lang, model=spec.spec.name if report.request.model else f"{spec.params / 1e9:.3g}B",
             method=t(f"method.{spec.method}", lang))
    return t("cost.stated_offload_only", lang, what=what,
             setup=t("sum.setup", lang, n=plan.num_gpus, gpu=short_gpu(named.gpu.name)),
             need=f"{named.estimate.range.expected_gb:.0f}", mem=f"{named.gpu.memory_gb:g}")
