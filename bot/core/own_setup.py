"""The setup the user stated as theirs ("we have two 4090s", "14b qlora 两张4090", "我们有4张3090"): a price
asked of that answer next ("gpuli 一个月多少", "weekly cost for those", "这两张包月呢") prices those cards at
that count, not the setup the tool would pick for the job (gpuli's 4 × A100 80GB box).

Why: the sizing answered about the user's own setup and priced it (as separate single-card instances
where nobody rents that count as one machine: gpuli's 2 × RTX 4090, ₮369 a month each); its follow-up is
about the same cards. Where the stated setup does not hold the job, or the provider asked rents no such
card, this gives None and the recommended setup is priced as before (the reply says the card named misses)."""

from __future__ import annotations

from bot.core.price import variants
from bot.messages import Reply
from bot.text.errors import not_offered
from bot.text.i18n import t
from bot.text.names import short_gpu
from engine.advice import Advice
from engine.fit import Fit
from engine.price_list import setup_prices
from engine.request import TrainingRequest


def own_setup(advice: Advice, req: TrainingRequest, provider: str | None) -> Fit | None:
    """The verdict on the card and count `req` states, when it holds the job (as the sizing priced it: fits,
    or only its expected figure fits with nothing safer named) and `provider` (else anyone) rents that card,
    as one machine or as separate instances."""
    v = advice.verdict
    if not req.gpu or v is None or v.gpu.id != req.gpu or v.num_gpus != (req.num_gpus or 1) or not (v.fits or v.may_fit):
        return None
    if advice.priced is not v:  # only the expected figure fits and the sizing priced a setup that holds it
        return None
    offered = setup_prices(variants(v.gpu.id, False), v.num_gpus, None).offered
    return v if any(provider is None or r.provider.id == provider for r in offered) else None


def own_not_rented(advice: Advice, req: TrainingRequest, provider: str | None, lang: str) -> Reply | None:
    """"14b qlora 两张4090" then "一万网络 一个月多少": the stated setup holds the job but the provider asked
    rents no such card (or not that many); that leads, saying the setup priced below is what it rents
    instead. None when the stated setup misses the job, nothing was stated, or it is rented there."""
    v = advice.verdict
    if provider is None or own_setup(advice, req, provider) is not None or own_setup(advice, req, None) is None:
        return None
    assert v is not None  # own_setup found it
    refusal = next((r for r in setup_prices(variants(v.gpu.id, False), v.num_gpus, None).refused
                    if r.provider.id == provider), None)
    said = not_offered(refusal.refusal.reason, {**refusal.refusal.params, "provider": provider}, lang) \
        if refusal is not None and refusal.refusal is not None else ""
    setup = t("sum.setup", lang, n=v.num_gpus, gpu=short_gpu(v.gpu.name))
    return Reply("error", lang, {"message": t("price.own_not_rented", lang, said=said, setup=setup)})
