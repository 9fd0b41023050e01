"""A planner passes over a plan whose floor (model states plus activations, engine.memo.EstimateMemo.floor_gb)
is already over the card, without estimating it. These tests hold that floor under every estimate it stands
for, and the walk that uses it to the choices of the walk that estimates every plan."""

from __future__ import annotations

import pytest

from engine.calibration import lowest_high
from engine.catalog import gpus
from engine.fit import Planner, ladder
from engine.memo import EstimateMemo
from engine.memory import Plan, estimate
from engine.request import TrainingRequest
from engine.resolve import resolve

JOBS = [
    TrainingRequest(model="qwen3-32b", method="full", seq_len=4096),
    TrainingRequest(model="qwen3-8b", method="full", seq_len=16384, grad_checkpointing=False),
    TrainingRequest(model="qwen2.5-72b", method="full", optimizer="adamw-8bit", seq_len=2048),
    TrainingRequest(model="qwen3-14b", method="full", precision="fp32", seq_len=1024),
    TrainingRequest(model="qwen3-14b", method="full", precision="bf16", micro_batch=4),
    TrainingRequest(model="qwen3-8b", method="full", objective="dpo", seq_len=4096),
    TrainingRequest(model="qwen3-32b", method="full", sharding="fsdp", seq_len=8192),
    TrainingRequest(params_b=3, method="pretrain", seq_len=4096, chunked_loss=True),
]
PLANS = [Plan(1, 0), Plan(2, 2), Plan(4, 3), Plan(8, 1), Plan(8, 3, "optimizer"), Plan(16, 3, "all"), Plan(64, 3)]


class EveryPlan(Planner):
    """The walk as it was: every plan it reaches is estimated."""

    def _over(self, plan: Plan, memory_gb: float) -> bool:
        return False

    def _high_over(self, plan: Plan, gb: float) -> bool:
        return False


@pytest.mark.parametrize("req", JOBS, ids=lambda q: f"{q.model or q.params_b}-{q.method}")
def test_the_floor_is_under_the_expected_figure_and_its_high_end(req: TrainingRequest) -> None:
    r = resolve(req)
    for plan in PLANS:
        floor = EstimateMemo().floor_gb(r, plan)
        est = estimate(r, plan)
        assert floor is not None and 0 < floor < est.range.expected_gb
        assert floor * lowest_high() <= est.range.high_gb


def test_no_floor_for_an_adapter_nor_a_plan_estimated_already() -> None:
    memo = EstimateMemo()
    assert memo.floor_gb(resolve(TrainingRequest(model="qwen3-8b", method="lora")), Plan(1, 0)) is None
    r = resolve(JOBS[0])
    assert memo.floor_gb(r, Plan(8, 3)) is not None
    memo.estimate(r, Plan(8, 3))
    assert memo.floor_gb(r, Plan(8, 3)) is None  # its figures are known: they decide


@pytest.mark.parametrize("req", JOBS, ids=lambda q: f"{q.model or q.params_b}-{q.method}")
def test_the_walk_that_passes_over_plans_chooses_what_estimating_every_plan_chooses(req: TrainingRequest) -> None:
    r = resolve(req)
    fast, slow = Planner(r), EveryPlan(r)
    for count in (None, 1, 2, 8, 16):
        plans = ladder(r, count)
        for gpu in gpus().entries:
            assert fast.first_fit(gpu, plans) == slow.first_fit(gpu, plans)
    assert [f.estimate for f in fast.recommendations()] == [f.estimate for f in slow.recommendations()]
    assert fast.memo.computed <= slow.memo.computed


def test_a_big_full_fine_tune_walked_on_small_cards_leaves_plans_unestimated() -> None:
    r = resolve(JOBS[0])
    fast, slow = Planner(r), EveryPlan(r)
    small = [g for g in gpus().entries if g.memory_gb <= 48]
    assert [fast.first_fit(g, ladder(r)) for g in small] == [slow.first_fit(g, ladder(r)) for g in small]
    assert fast.memo.computed < slow.memo.computed


@pytest.mark.parametrize("req", JOBS, ids=lambda q: f"{q.model or q.params_b}-{q.method}")
def test_the_stage_chosen_is_the_one_estimating_every_stage_chooses(req: TrainingRequest) -> None:
    for count in (2, 4, 8, 16):
        for gpu in (None, "rtx-4090", "a100-40g-sxm", "h100-sxm", "h200"):
            r = resolve(req.model_copy(update={"num_gpus": count, "gpu": gpu}))
            assert Planner(r).stated_plan() == EveryPlan(r).stated_plan()
