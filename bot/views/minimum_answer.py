"""The yes/no that leads a sizing asked whether the named setup is the least that does the job
("32b 全参 8卡h100 开 offload 是最省钱的吗", "two a100 80g for 7b full finetune, is that the minimum?",
"14b 全参 4卡h100 和 4卡a100 哪个够用就行").

Why its own line: the sizing under it answers whether the named setup fits; the question was whether
anything less would do. Seed 000 gives the minimum full fine-tuning setup for each size class; the
answer is "yes" when the named setup is that one (same count, same offload, a card no dearer), else
"no" with the seed's setup, its optimizer and its monthly price at the seed's provider. Offload named
by the user is set aside when looking the minimum up: the seed's no-offload minimum is the cheaper
safe way (issue 18 item 4), and saying so is the point of the question.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.views.price import unit_prices
from bot.views.sizing import fit_row
from engine.advice import setup_rate
from engine.breakdown import Plan
from engine.catalog import gpus
from engine.fit import Fit
from engine.providers import provider as find_provider
from engine.request import TrainingRequest
from engine.seed_minimums import seed_minimum_for
from engine.sizing import Sizing


def seed_way(s: Sizing, stated: TrainingRequest | None, display: str) -> dict[str, Any] | None:
    """The seed's minimum setup, priced, when the card named holds no part of the job's class: a full
    fine-tune on a card smaller than the seed's card for the class that does not fit ("8b 全参 4090 行不行":
    the way to do it is one 80 GB card with the 8-bit optimizer, not eight 24 GB cards over PCIe); None else."""
    named = s.fit
    if named is None or named.fits or named.may_fit:
        return None
    found = minimum_answer(s, stated, True, display)
    if found is None or found["minimum"]:
        return None
    if named.gpu.memory_gb >= found["seed"]["memory_gb"] and not _offload_only(s, stated):
        return None
    if found["seed"].get("offload", "none") != "none" and s.resolved.no_offload_stated:
        return None  # "不用 offload 够吗": the seed's offload way is no answer to it (the no-offload ways follow)
    return found["seed"]


def _offload_only(s: Sizing, stated: TrainingRequest | None) -> bool:
    """A full fine-tune that the card and count named hold only with offload (20–50% slower): not with
    AdamW and not with the 8-bit optimizer ("14b full finetune on a single H200": 303 GB, and 8-bit's
    states alone are 140 GB), so the seed's minimum without offload (4 × A100 80GB, ZeRO-3) is the other way,
    bigger card or not; False where no count was named (the count is ours to choose) or the seed's way offloads too."""
    named = s.fit
    r = s.resolved
    if named is None or not r.num_gpus_stated or (stated is not None and stated.optimizer is not None) \
            or r.request.offload not in (None, "none"):
        return False
    plan = named.estimate.plan
    eight = replace(r, request=r.request.model_copy(update={"optimizer": "adamw-8bit"}))
    est = s.memo.estimate(eight, Plan(plan.num_gpus, 0 if plan.num_gpus == 1 else 3))
    found = Fit(named.gpu, est)
    return not (found.fits or found.may_fit)


def minimum_answer(s: Sizing, stated: TrainingRequest | None, asked: bool, display: str) -> dict[str, Any] | None:
    """{"minimum": bool (the named setup is the seed's minimum), "seed": the seed's setup with its
    prices at gpuli and whether it uses the 8-bit optimizer}; None when not asked, no setup was
    named, or the seed gives no minimum for this job."""
    named = s.fit
    r = s.resolved
    if not asked or named is None or r.adapter:
        return None
    plain = replace(r, request=r.request.model_copy(update={"offload": None, "zero": None}), num_gpus_stated=False,
                    no_offload_stated=False)
    row = seed_minimum_for(plain, optimizer_stated=stated is not None and stated.optimizer is not None)
    if row is None:
        return None
    est = s.memo.estimate(replace(plain, request=plain.request.model_copy(update={"optimizer": row.optimizer})), row.plan)
    seed = Fit(gpus().get(row.gpu), est)
    mine, theirs = setup_rate(named.gpu.id, named.num_gpus), setup_rate(row.gpu, row.plan.num_gpus)
    # the seed's card in another form factor (A100 80GB SXM for its PCIe) is its setup too; another card
    # is only when it rents for no more (14B on 4 × H100 is the seed's roomy setup, not its minimum)
    kin = named.gpu.id.split("-")[0] == row.gpu.split("-")[0] and named.gpu.memory_gb == seed.gpu.memory_gb
    same = (named.num_gpus == row.plan.num_gpus and named.estimate.plan.offload == row.plan.offload
            and named.gpu.memory_gb >= row.min_card_gb and (kin or mine is None or theirs is None or mine <= theirs))
    seller = find_provider("gpuli").name
    prices = [p for p in unit_prices(row.gpu, row.plan.num_gpus, display) if p["provider"] == seller]
    # "…also works but costs more" only when it does: it holds the job and is dearer than the seed's setup
    dearer = (named.fits or named.may_fit) and (mine is not None and theirs is not None and mine > theirs)
    return {"minimum": same, "named_dearer": dearer, "seed": fit_row(seed) | {"prices": prices, "eight_bit": row.optimizer == "adamw-8bit"}}
