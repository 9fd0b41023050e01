"""The minimum full fine-tuning setups seed 000 gives ("最小可行配置"), so a reply can agree with
the seed or say why it differs and by how much.

The seed sizes these on the model states alone (16 B per parameter with AdamW, 10 B with an 8-bit
optimizer, sharded by ZeRO-3, master weights and moments on the host with offload) and says the
activations come on top ("激活值另算，再留 15%–30%"). Our estimate adds the activations, the loss
over the vocabulary and the allocator's overhead, so at the seed's own setup it can land over the
card; the note names the states figure the seed used and what the rest adds. Where our expected
figure at the seed's own setup is within the seed's allowance for activations on top of the states
("再留 15%–30%": at most 30% over the states), the setup is at the edge, not out: the reply says
"borderline" and the lever that makes it safe, never a flat "does not fit".
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.breakdown import Plan
from engine.catalog import gpus
from engine.fit import Fit, Warning
from engine.memo import EstimateMemo
from engine.memory import state_bytes
from engine.resolve import Resolved


@dataclass(frozen=True)
class SeedMinimum:
    low_b: float  # the size class, in billions of parameters
    high_b: float
    optimizer: str
    plan: Plan
    min_card_gb: float  # the seed's card (80 GB class, or 141 GB for H200)
    gpu: str  # the catalog card the seed names for it
    also: tuple[str, ...] = ()  # other cards of the row the seed prices ("1 × A100 / H100 80GB"; its FAQ: A100 SXM ₮319 a week)


CLASS_SPAN = 1.5  # a card of a seed row's class: its memory from the row's card up to half as much again
ACTIVATION_ALLOWANCE = 0.30  # seed 000: activations come on top of the states, "再留 15%–30%"

SEED_000_MINIMUMS = (
    SeedMinimum(6.0, 9.0, "adamw-8bit", Plan(1, 0), 80, "a100-80g-pcie", ("a100-80g-sxm",)),  # 7B / 8B: 1 × A100 / H100 80GB, 8-bit optimizer
    SeedMinimum(13.0, 15.5, "adamw", Plan(4, 3), 80, "a100-80g-sxm"),  # 14B: 4 × A100 SXM, ZeRO-3
    SeedMinimum(30.0, 34.0, "adamw", Plan(8, 3), 80, "a100-80g-sxm"),  # 32B: 8 × A100 SXM, ZeRO-3
    SeedMinimum(65.0, 75.0, "adamw", Plan(8, 3, "optimizer"), 80, "h100-sxm"),  # 72B: 8 × H100 SXM + optimizer offload
    SeedMinimum(65.0, 75.0, "adamw-8bit", Plan(8, 3), 141, "h200"),  # 72B: 8 × H200 + 8-bit optimizer
)


# seed 000's "宽裕" column: the roomy setup it names beside each minimum (72B's, 8 × H200 with an 8-bit
# optimizer, is the second minimum row above)
SEED_000_ROOMY = (
    SeedMinimum(6.0, 9.0, "adamw", Plan(1, 0), 141, "h200"),  # 7B / 8B: 1 × H200 141GB
    SeedMinimum(13.0, 15.5, "adamw", Plan(4, 3), 80, "h100-sxm"),  # 14B: 4 × H100 SXM
    SeedMinimum(30.0, 34.0, "adamw", Plan(8, 3), 80, "h100-sxm"),  # 32B: 8 × H100 SXM
)


def seed_minimum_for(r: Resolved, optimizer_stated: bool) -> SeedMinimum | None:
    """The seed's minimum full fine-tuning setup for this job's size class, if the seed gives one:
    the first row of the class whose optimizer is the request's (an unstated optimizer takes the
    seed's own choice, the 8-bit one for 7B), at the card count asked when one was."""
    q = r.request
    if r.adapter or q.method != "full" or q.offload not in (None, "none") or q.precision not in (None, "mixed"):
        return None
    b = r.params / 1e9
    for row in SEED_000_MINIMUMS:
        if not row.low_b <= b <= row.high_b or (optimizer_stated and q.optimizer != row.optimizer):
            continue
        if r.num_gpus_stated and q.num_gpus != row.plan.num_gpus:
            continue
        if r.no_offload_stated and row.plan.offload != "none":
            continue  # "不想开 offload": the seed's other way (72B: 8 × H200 with an 8-bit optimizer)
        if q.zero is not None and q.zero != row.plan.zero:
            continue
        return row
    return None


def state_bytes_per_param(r: Resolved) -> float:
    """Bytes of model states per parameter for this request (the seed's 16 with mixed-precision
    AdamW, 10 with an 8-bit optimizer), before any sharding."""
    return sum(per for _, per in state_bytes(r).values())


def seed_minimum_note(r: Resolved, fit: Fit | None) -> Warning | None:
    """At a setup seed 000 gives as the minimum, when our high end does not fit the card: the
    seed's basis (model states per card) and what activations, loss and overhead add."""
    if fit is None or fit.fits or r.adapter:
        return None
    est = fit.estimate
    b = r.params / 1e9
    rows = [(row, False) for row in SEED_000_MINIMUMS] + [(row, True) for row in SEED_000_ROOMY]
    for row, roomy in rows:
        if (row.low_b <= b <= row.high_b and r.request.optimizer == row.optimizer and est.plan == row.plan
                and fit.gpu.memory_gb >= row.min_card_gb):
            items = {i.basis: i.gb for t in est.terms for i in t.items}
            return Warning("seed_minimum", 1, {
                "states_gb": est.model_states_gb, "extra_gb": est.total_gb - est.model_states_gb,
                "total_gb": est.total_gb, "high_gb": est.range.high_gb, "card_gb": fit.gpu.memory_gb,
                "edge": not roomy and at_the_edge(est.model_states_gb, est.total_gb), "roomy": roomy,
                # the two terms the seed's states-only rule leaves out that weigh most at this setup
                "step_gb": items.get("foreach_step_beyond_activations", 0.0), "frag_gb": items.get("fragmentation", 0.0)})
    return None


def at_the_edge(states_gb: float, expected_gb: float) -> bool:
    """At a setup the seed gives as the minimum (it says the class "正好卡进 80 GB 单卡"), borderline
    rather than out: our expected figure is within the seed's allowance for activations."""
    return expected_gb <= states_gb * (1 + ACTIVATION_ALLOWANCE)


def seed_without_offload(r: Resolved, memo: EstimateMemo) -> tuple[Fit, str] | None:
    """Full fine-tuning asked with offload: the seed's minimum setup for the class that needs none
    (7B/8B: one 80 GB card with an 8-bit optimizer), estimated, as the way that keeps the throughput
    offload costs, with the optimizer it uses; None when the seed's setup for the class offloads too or there is none."""
    if r.adapter or r.request.method != "full" or r.request.offload in (None, "none"):
        return None
    plain = replace(r, request=r.request.model_copy(update={"offload": None}), num_gpus_stated=False)
    row = seed_minimum_for(plain, optimizer_stated=False)
    if row is None or row.plan.offload != "none":
        return None
    est = memo.estimate(replace(plain, request=plain.request.model_copy(update={"optimizer": row.optimizer})), row.plan)
    return Fit(gpus().get(row.gpu), est), row.optimizer


def seed_optimizer_named(r: Resolved, fit: Fit | None) -> str | None:
    """A named full fine-tuning setup that is one of seed 000's own rows with the 8-bit optimizer
    (72B on 8 × H200, 7B/8B on one 80 GB card), asked with no optimizer, that AdamW does not hold:
    the seed's optimizer, so the answer is the seed's setup ("8 × H200 配 8-bit 优化器，约 90 GB / 卡")
    rather than AdamW's miss. The caller checks that no optimizer was stated."""
    if fit is None or fit.fits or fit.may_fit or r.adapter or r.request.method != "full" or r.request.offload not in (None, "none"):
        return None
    b = r.params / 1e9
    for row in SEED_000_MINIMUMS:
        # the row's card class only (7B's 8-bit row is the 80 GB class; one H200 is the roomy row, with AdamW)
        if (row.optimizer == "adamw-8bit" and row.low_b <= b <= row.high_b and fit.estimate.plan == row.plan
                and row.min_card_gb <= fit.gpu.memory_gb < CLASS_SPAN * row.min_card_gb):
            return row.optimizer
    return None


def seed_roomy_for(r: Resolved, optimizer_stated: bool) -> SeedMinimum | None:
    """Seed 000's "宽裕" setup for this full fine-tuning job's size class (7B: 1 × H200; 14B: 4 × H100
    SXM; 32B: 8 × H100 SXM; 72B: 8 × H200 with the 8-bit optimizer), when the question asked for room
    and named no card; an optimizer stated must be the row's."""
    q = r.request
    if r.adapter or q.method != "full" or q.offload not in (None, "none") or q.precision not in (None, "mixed"):
        return None
    b = r.params / 1e9
    rows = (*SEED_000_ROOMY, SEED_000_MINIMUMS[-1])  # 72B's roomy way is the second minimum row
    return next((row for row in rows if row.low_b <= b <= row.high_b and (not optimizer_stated or q.optimizer == row.optimizer)
                 and (not r.num_gpus_stated or q.num_gpus == row.plan.num_gpus)), None)


def seed_rows_on_card(r: Resolved, card_gb: float) -> tuple[int, tuple[str, ...]] | None:
    """A full fine-tune priced on a named card with no count and no optimizer: the card count seed 000
    gives for this class on that card's memory class (7B: one H200, the roomy row; 14B: 4 × 80 GB) and
    the optimizers to try there, the row's first, then the class's own 8-bit one (7B on one H200: our
    AdamW figure is over 141 GB, the 8-bit one 81 GB), so the price is the seed's setup rather than
    eight of the card; None outside the seed's rows or for a row that offloads."""
    q = r.request
    if r.adapter or q.method != "full" or q.offload not in (None, "none") or q.precision not in (None, "mixed"):
        return None
    b = r.params / 1e9
    minimum = seed_minimum_for(replace(r, num_gpus_stated=False), optimizer_stated=False)
    for row in (*SEED_000_MINIMUMS, *SEED_000_ROOMY):
        if (row.low_b <= b <= row.high_b and row.plan.offload == "none"
                and row.min_card_gb <= card_gb < CLASS_SPAN * row.min_card_gb):
            extra = (minimum.optimizer,) if minimum is not None and minimum.optimizer == "adamw-8bit" else ()
            return row.plan.num_gpus, tuple(dict.fromkeys((row.optimizer, *extra)))
    return None


def roomy_row(r: Resolved, card_gb: float) -> bool:
    """Whether seed 000's row for this full fine-tune on a card of `card_gb` is its roomy one (7B on one
    H200: "宽裕") rather than its minimum (7B on one 80 GB card), for naming it as the seed does."""
    row = seed_minimum_for(replace(r, num_gpus_stated=False), optimizer_stated=False)
    return row is None or not row.min_card_gb <= card_gb < CLASS_SPAN * row.min_card_gb


def eight_bit_declined(r: Resolved, memo: EstimateMemo, card_gb: float | None) -> tuple[Fit, Fit] | None:
    """A full fine-tune asked with plain AdamW ("不开 8bit") at a setup of seed 000's 8-bit rows (7B/8B: one
    80 GB card; 72B: 8 × H200): the card named (or, with none named, the row's card) of the row's class at
    the row's count, where AdamW does not hold it: AdamW's figure there and the 8-bit one the seed fits it
    with, so the reply says no and names the seed's way beside offload; None elsewhere."""
    q = r.request
    if r.adapter or q.method != "full" or q.optimizer != "adamw" or q.offload not in (None, "none"):
        return None
    b = r.params / 1e9
    for row in SEED_000_MINIMUMS:
        if row.optimizer != "adamw-8bit" or not row.low_b <= b <= row.high_b:
            continue
        if (r.num_gpus_stated and q.num_gpus != row.plan.num_gpus) or (
                card_gb is not None and not row.min_card_gb <= card_gb < CLASS_SPAN * row.min_card_gb):
            continue
        gpu = gpus().get(row.gpu)
        adamw = Fit(gpu, memo.estimate(r, row.plan))
        if adamw.fits or adamw.may_fit:
            return None
        eight = replace(r, request=q.model_copy(update={"optimizer": row.optimizer}))
        return adamw, Fit(gpu, memo.estimate(eight, row.plan))
    return None
