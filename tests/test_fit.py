"""Which cards fit and how many: the choices a user would make, and the seeds' warnings."""

from __future__ import annotations

import pytest

from engine.calibration import band_for, calibration
from engine.catalog import gpus
from engine.fit import TIGHT_SHARE, Fit, Planner
from engine.memory import Plan
from engine.request import TrainingRequest
from engine.sizing import size


def rec(s, gpu_id):
    return next(f for f in s.recommendations if f.gpu.id == gpu_id)


def test_seed_full_finetune_minimum_configs() -> None:
    """Seed 000: 14B full on 4× A100 SXM (ZeRO-3); 32B full on 8× (ZeRO-3); 72B full on 8× H100 + offload."""
    r14 = rec(size(TrainingRequest(params_b=14, method="full")), "a100-80g-sxm")
    assert (r14.num_gpus, r14.estimate.plan.zero, r14.estimate.plan.offload) == (4, 3, "none")
    r32 = rec(size(TrainingRequest(params_b=32, method="full")), "h100-sxm")
    # the seed's setup stays the answer although only its expected figure fits: a plan that may fit
    # without offload comes before a safe one with offload (20-50% slower)
    assert (r32.num_gpus, r32.estimate.plan.zero, r32.estimate.plan.offload) == (8, 3, "none")
    assert r32.may_fit and r32.estimate.total_gb < 80 < r32.high_gb
    r72 = rec(size(TrainingRequest(params_b=72, method="full")), "h100-sxm")
    assert (r72.num_gpus, r72.estimate.plan.offload) == (8, "optimizer")
    r72_h200 = rec(size(TrainingRequest(params_b=72, method="full", optimizer="adamw-8bit")), "h200")
    assert r72_h200.num_gpus == 8 and r72_h200.estimate.plan.offload == "none"


def test_seed_lora_cards() -> None:
    """Seed 000: 7B QLoRA on one 4090; 72B bf16 LoRA fits one MI300X but not one 80 GB card."""
    s = size(TrainingRequest(params_b=7, method="qlora"))
    assert rec(s, "rtx-4090").num_gpus == 1 and not rec(s, "rtx-4090").tight
    s = size(TrainingRequest(params_b=72, method="lora"))
    one = Fit(gpus().get("mi300x"), Planner(s.resolved).estimate(Plan(1, 0)))
    assert 155 <= one.estimate.total_gb <= 175 and one.may_fit  # the seed's range; the high end is over 192 GB
    assert rec(s, "mi300x").num_gpus == 2 and rec(s, "mi300x").fits  # ranked on the high end: two cards are safe
    assert rec(s, "a100-80g-sxm").num_gpus > 1


def test_single_card_first_then_zero3_for_lora() -> None:
    s = size(TrainingRequest(model="qwen2.5-72b", method="lora"))
    h100 = rec(s, "h100-sxm")
    # four H100 under ZeRO-3 hold it safely: the LoRA band's high ratio times the expected figure fits 80 GB
    assert h100.num_gpus == 4 and h100.estimate.plan.zero == 3
    est = h100.estimate
    assert h100.high_gb == pytest.approx((est.total_gb + est.version_margin_gb) * band_for("lora", "deepspeed", "hf").high)
    assert h100.high_gb <= 80


def test_may_fit_when_only_the_expected_figure_fits() -> None:
    s = size(TrainingRequest(model="qwen3-8b", method="lora", gpu="rtx-4090"))
    assert s.fit is not None and not s.fit.fits and s.fit.may_fit and s.fit.decided_by == "expected_gb"
    r = s.estimate.range
    assert r.low_gb < r.expected_gb <= 24 < r.high_gb
    assert any(w.code == "may_fit" for w in s.warnings)


def test_a_fitting_high_end_already_leaves_the_tight_share() -> None:
    """Tight = the expected figure leaves under 10% of the card. Every calibrated band's high ratio is
    over 1 / (1 - 10%) (the 95th percentile times the cross-conformal widening), so a setup whose high
    end fits is never tight any more: 26B full on 8 x A100 80GB ZeRO-3 fits with the expected figure
    well inside 72 GB; 30B (73.1 GB expected) is only "may fit", where it used to be a tight fit."""
    assert min(b.high for b in calibration().bands) > 1 / (1 - TIGHT_SHARE)
    s = size(TrainingRequest(params_b=26, method="full", gpu="a100-80g-sxm", num_gpus=8, zero=3))
    assert s.fit is not None and s.fit.fits and not s.fit.tight
    est = s.fit.estimate  # the high end is the full ZeRO-3 band's ratio times the expected figure (and the older loss)
    assert s.fit.high_gb == pytest.approx((est.total_gb + est.version_margin_gb) * band_for("full", "deepspeed", "hf").high)
    assert est.total_gb < (1 - TIGHT_SHARE) * 80 < s.fit.high_gb <= 80
    big = size(TrainingRequest(params_b=30, method="full", gpu="a100-80g-sxm", num_gpus=8, zero=3)).fit
    assert big is not None and big.may_fit and not big.fits and big.estimate.total_gb > (1 - TIGHT_SHARE) * 80
    fitting = [f for f in s.recommendations if f.fits]
    assert fitting and not any(f.tight for f in fitting)


def test_zero3_over_pcie_warns_and_qlora_warns() -> None:
    s = size(TrainingRequest(params_b=14, method="full", gpu="rtx-4090", num_gpus=8, zero=3))
    codes = [w.code for w in s.warnings]
    assert "zero3_pcie" in codes
    s = size(TrainingRequest(params_b=14, method="full", gpu="h100-sxm", num_gpus=8, zero=3))
    assert "zero3_pcie" not in [w.code for w in s.warnings]
    assert "qlora_slow" in [w.code for w in size(TrainingRequest(params_b=7, method="qlora")).warnings]


def test_stated_card_count_picks_the_lightest_zero_stage_that_fits() -> None:
    s = size(TrainingRequest(params_b=32, method="full", num_gpus=8))
    assert s.estimate.plan.zero == 3 and any(a.code == "zero_chosen" for a in s.assumptions)
    s = size(TrainingRequest(params_b=7, method="full", num_gpus=8))
    assert s.estimate.plan.zero == 2


def test_multi_node_needs_infiniband() -> None:
    s = size(TrainingRequest(params_b=72, method="full", num_gpus=16, gpu="h100-sxm"))
    assert "multi_node" in [w.code for w in s.warnings]


def test_long_context_grows_activations_and_warns() -> None:
    short = size(TrainingRequest(model="qwen3-8b", method="lora", seq_len=2048)).estimate.per_gpu()
    long = size(TrainingRequest(model="qwen3-8b", method="lora", seq_len=32768))
    assert long.estimate.per_gpu()["activations"] > 10 * short["activations"]
    assert "long_context" in [w.code for w in long.warnings]


def test_eager_attention_adds_the_quadratic_term() -> None:
    flash = size(TrainingRequest(model="qwen3-8b", method="lora", seq_len=8192, grad_checkpointing=False))
    eager = size(TrainingRequest(model="qwen3-8b", method="lora", seq_len=8192, grad_checkpointing=False,
                                 attention="eager"))
    # 36 layers × 32 heads × 8192² × 6 B = 464 GB of softmax probabilities
    extra = eager.estimate.per_gpu()["activations"] - flash.estimate.per_gpu()["activations"]
    assert round(extra) == round(36 * 32 * 8192 * 8192 * 6 / 1e9)


def test_gradient_checkpointing_saves_most_activations() -> None:
    on = size(TrainingRequest(model="qwen2.5-7b", method="lora")).estimate.per_gpu()["activations"]
    off = size(TrainingRequest(model="qwen2.5-7b", method="lora", grad_checkpointing=False)).estimate.per_gpu()
    assert off["activations"] > 5 * on


def test_chunked_loss_shrinks_the_logits_term() -> None:
    plain = size(TrainingRequest(model="qwen3-8b", method="lora", seq_len=8192)).estimate.per_gpu()["logits"]
    chunked = size(TrainingRequest(model="qwen3-8b", method="lora", seq_len=8192, chunked_loss=True))
    assert round(plain, 1) == round(10 * 8192 * 151936 / 1e9, 1)  # 10 B per logit element
    assert chunked.estimate.per_gpu()["logits"] == plain / 8


def test_lora_targets_change_the_adapter_size() -> None:
    all_ = size(TrainingRequest(model="qwen2.5-7b", method="lora", lora_rank=8)).checkpoint.adapter_gb
    qv = size(TrainingRequest(model="qwen2.5-7b", method="lora", lora_rank=8, lora_targets=("q", "v")))
    assert all_ == 4 * 20_185_088 / 1e9
    assert qv.checkpoint.adapter_gb == 4 * 8 * 28 * ((3584 + 3584) + (3584 + 512)) / 1e9


def test_checkpoint_sizes_match_the_seed() -> None:
    s = size(TrainingRequest(params_b=32, method="full"))
    assert round(s.checkpoint.full_with_optimizer_gb) == 512 and round(s.checkpoint.weights_bf16_gb) == 64


def test_a_card_that_does_not_fit_as_stated_names_how_many_of_it_would() -> None:
    s = size(TrainingRequest(params_b=72, method="full", gpu="h100-sxm", num_gpus=8, zero=3))
    assert s.fit is not None and not s.fit.fits
    assert s.alternative is not None and s.alternative.num_gpus == 8
    assert s.alternative.estimate.plan.offload == "optimizer"  # the seed's 72B recipe
    roomy = size(TrainingRequest(model="qwen3-8b", method="qlora", gpu="rtx-4090"))
    assert roomy.alternative is None


def test_at_the_same_card_count_a_roomy_stage_beats_a_tight_one() -> None:
    s = size(TrainingRequest(params_b=32, method="full", num_gpus=8))
    h200 = rec(s, "h200")  # ZeRO-2 would need 138 GB of 141 (tight); ZeRO-3 leaves room
    assert (h200.num_gpus, h200.estimate.plan.zero, h200.tight) == (8, 3, False)
