"""The lead of a setup price whose job no longer fits the card the user named: "14b qlora 4090 够不够",
"gpuli 一周多少", then "换成 lora 不量化呢" first says the 4090 no longer holds the job (about 38 GB a card
against 24 GB), then names the setup that does, whose price follows. A full fine-tune says its model
states beside the total (7B with AdamW: 112 GB, seed 000's 16 bytes a parameter)."""

from __future__ import annotations

from bot.messages import Reply
from bot.text.i18n import t
from bot.text.names import short_gpu
from engine.fit import Fit

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

