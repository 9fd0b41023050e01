"""Training FLOPs and time: the seed's 32B example, each FLOP term, the MFU factors, measured steps."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from engine.architecture import ParamCounts
from engine.billing import quote
from engine.catalog import GpuSpec
from engine.errors import InvalidRequest
from engine.training_time import (
    AttentionShape,
    mfu_catalog,
    time_from_flops,
    time_from_steps,
    training_flops,
    training_steps,
    training_tokens,
    utilization,
)

H100 = GpuSpec(
    id="h100-sxm",
    name="H100 SXM",
    vendor="nvidia",
    memory_gb=80,
    bf16_tflops=989.4,
    interconnect="nvlink",
    form="sxm",
    source="test",
    checked="2026-11-29",
)
RTX4090 = GpuSpec(
    id="rtx-4090",
    name="RTX 4090",
    vendor="nvidia",
    memory_gb=24,
    bf16_tflops=165.2,
    interconnect="pcie",
    form="pcie",
    consumer=True,
    source="test",
    checked="2026-11-29",
)
L40S = GpuSpec(
    id="l40s",
    name="L40S",
    vendor="nvidia",
    memory_gb=48,
    bf16_tflops=362.05,
    interconnect="pcie",
    form="pcie",
    source="test",
    checked="2026-11-29",
)


def test_seed_32b_full_finetune_on_8_h100() -> None:
    """Seed 000: 32B, 20 M tokens × 3 epochs, 6ND ≈ 1.15e19 FLOPs; 8 × H100 at 30% ≈ 1.35 h."""
    tokens = training_tokens(tokens=20_000_000, epochs=3)
    assert tokens == 60_000_000
    t = time_from_flops(gpu=H100, num_gpus=8, method="full", tokens=tokens, params=32_000_000_000)
    assert t.flops == pytest.approx(1.152e19, rel=1e-12)
    assert t.mfu == pytest.approx(0.30) and t.mfu_source == "catalog:full/datacenter" and t.factors == ()
    # 1.152e19 / (8 × 989.4e12 × 0.3) s = 4,851.4 s
    assert t.train_time.total_seconds() == pytest.approx(1.152e19 / (8 * 989.4e12 * 0.3), rel=1e-9)
    assert t.hours == pytest.approx(1.3476, abs=1e-4)
    assert round(t.hours, 2) == 1.35
    assert t.basis == "flops" and t.cluster_tflops == pytest.approx(2374.56)


def test_lora_is_four_nd_and_checkpointing_adds_a_forward() -> None:
    n, d = 8_000_000_000, 1_000_000
    assert training_flops("lora", n, d).total == pytest.approx(4 * n * d)
    assert training_flops("qlora", n, d).total == pytest.approx(4 * n * d)
    assert training_flops("lora", n, d, gradient_checkpointing=True).total == pytest.approx(6 * n * d)
    assert training_flops("full", n, d, gradient_checkpointing=True).total == pytest.approx(8 * n * d)
    assert training_flops("pretrain", n, d).total == pytest.approx(6 * n * d)
    with_adapters = training_flops("lora", n, d, lora_params=40_000_000)
    assert with_adapters.adapters == pytest.approx(6 * 40_000_000 * d)
    # full fine-tuning trains every weight: no separate adapter term
    assert training_flops("full", n, d, lora_params=40_000_000).adapters == 0


def test_moe_counts_active_parameters() -> None:
    counts = ParamCounts(embedding=1_000, lm_head=1_000, linear=30_000, other=10, active_linear=3_000)
    assert counts.total == 32_010 and counts.active == 5_010
    assert training_flops("full", counts, 100).dense == pytest.approx(6 * 5_010 * 100)


def test_attention_flops_formula() -> None:
    """Causal fwd+bwd = 6·s·H·d per token per layer: 2 layers, 4 heads × 8, s = 16 -> 6,144 per token."""
    shape = AttentionShape(layers=2, heads=4, qk_dim=8, v_dim=8, seq_len=16)
    assert shape.forward_per_token() == 2 * 16 * 4 * (8 + 8) / 2 * 2  # = 2,048
    f = training_flops("full", 1_000, 10, attention=shape)
    assert f.attention == pytest.approx(6 * 16 * 4 * 8 * 2 * 10)
    g = training_flops("full", 1_000, 10, attention=shape, gradient_checkpointing=True)
    assert g.recompute == pytest.approx(2 * 1_000 * 10 + 2_048 * 10)
    # doubling the sequence doubles the per-token attention cost
    long = AttentionShape(layers=2, heads=4, qk_dim=8, v_dim=8, seq_len=32)
    assert training_flops("full", 1_000, 10, attention=long).attention == pytest.approx(2 * f.attention)


def test_default_mfu_by_method_and_card_class() -> None:
    assert utilization("full", H100, 8).mfu == pytest.approx(0.30)
    assert utilization("lora", H100, 1).mfu == pytest.approx(0.35)
    assert utilization("lora", RTX4090, 1).mfu == pytest.approx(0.40)
    q = utilization("qlora", RTX4090, 1)
    assert q.mfu == pytest.approx(0.40 * 0.7) and [f.code for f in q.factors] == ["qlora_dequant"]
    assert q.source == "catalog:lora/consumer"
    # every default cites where it came from
    assert all(d.source.strip() for d in mfu_catalog().defaults)


def test_mfu_factors() -> None:
    off = utilization("full", H100, 8, offload="optimizer")
    assert off.mfu == pytest.approx(0.30 * 0.65)
    z3_pcie = utilization("full", L40S, 4, zero=3)
    assert [f.code for f in z3_pcie.factors] == ["zero3_pcie"] and z3_pcie.mfu == pytest.approx(0.15)
    assert utilization("full", H100, 8, zero=3).factors == ()  # NVLink: no penalty
    assert utilization("full", L40S, 1, zero=3).factors == ()  # one card shards nothing
    multi = utilization("full", H100, 16)
    assert [f.code for f in multi.factors] == ["multi_node_infiniband"]
    eth = utilization("full", H100, 16, infiniband=False)
    assert eth.mfu == pytest.approx(0.30 * 0.55)
    stacked = utilization("qlora", L40S, 16, zero=3, offload="all")
    assert stacked.mfu == pytest.approx(0.35 * 0.7 * 0.65 * 0.5 * 0.9)


def test_stated_mfu_replaces_default_and_factors() -> None:
    u = utilization("qlora", RTX4090, 4, zero=3, offload="all", mfu=0.5)
    assert (u.mfu, u.source, u.factors) == (0.5, "user", ())
    base = time_from_flops(
        gpu=H100, num_gpus=8, method="full", tokens=60_000_000, params=32_000_000_000, mfu=0.3
    )
    faster = time_from_flops(
        gpu=H100, num_gpus=8, method="full", tokens=60_000_000, params=32_000_000_000, mfu=0.6
    )
    assert faster.hours == pytest.approx(base.hours / 2)


def test_more_cards_less_time_and_job_time_adds_io() -> None:
    one = time_from_flops(gpu=H100, num_gpus=1, method="full", tokens=1_000_000, params=7_000_000_000)
    four = time_from_flops(
        gpu=H100,
        num_gpus=4,
        method="full",
        tokens=1_000_000,
        params=7_000_000_000,
        download_minutes=10,
        save_minutes=5,
    )
    assert four.hours == pytest.approx(one.hours / 4)
    assert four.job_time - four.train_time == timedelta(minutes=15)


def test_dataset_as_samples_times_length() -> None:
    assert training_tokens(samples=500_000, avg_len=512) == 256_000_000
    assert training_tokens(samples=500_000, avg_len=512, epochs=2) == 512_000_000
    assert training_tokens(tokens=3, epochs=0.5) == 2  # rounded up
    with pytest.raises(InvalidRequest):
        training_tokens(samples=10)
    with pytest.raises(InvalidRequest):
        training_tokens(tokens=0)
    with pytest.raises(InvalidRequest):
        training_tokens(tokens=100, epochs=-1)


def test_measured_step_path_seed_002() -> None:
    """10,000 samples × 2 epochs / (2 × 8 × 1) = 1,250 steps; × 1.8 s = 37.5 min; + 5 + 3 = 45.5 min."""
    t = time_from_steps(
        samples=10_000,
        epochs=2,
        micro_batch=2,
        grad_accum=8,
        num_gpus=1,
        seconds_per_step=1.8,
        download_minutes=5,
        save_minutes=3,
    )
    assert t.basis == "step_time" and t.steps == 1_250 and t.seconds_per_step == Decimal("1.8")
    assert t.train_time == timedelta(minutes=37, seconds=30)
    assert t.job_time == timedelta(minutes=45, seconds=30)
    assert t.flops is None and t.mfu is None
    # seed 002's cost formula on top: ceil(45.5) = 46 minutes × $0.33 / 60 = $0.253
    assert quote("cloudgpu", "rtx-4090", 1, t.job_time).total == Decimal("0.253")


def test_steps_round_up() -> None:
    assert training_steps(10_001, 2, 2, 8, 1) == 1_251
    assert training_steps(1_000, 1, 4, 4, 8) == 8  # 1000 / 128 = 7.8 -> 8
    assert training_steps(1_000, 0.5, 1, 1, 1) == 500


@pytest.mark.parametrize(
    "kwargs",
    [
        {"tokens": 0},
        {"tokens": -5},
        {"num_gpus": 0},
        {"mfu": 1.5},
        {"mfu": 0},
        {"params": 0},
    ],
)
def test_bad_inputs(kwargs: dict[str, object]) -> None:
    args: dict[str, object] = {
        "gpu": H100,
        "num_gpus": 8,
        "method": "full",
        "tokens": 1_000,
        "params": 1_000_000,
    }
    args.update(kwargs)
    with pytest.raises(InvalidRequest):
        time_from_flops(**args)  # type: ignore[arg-type]


def test_bad_step_inputs() -> None:
    with pytest.raises(InvalidRequest):
        time_from_steps(samples=100, epochs=1, micro_batch=1, grad_accum=1, num_gpus=1, seconds_per_step=0)
    with pytest.raises(InvalidRequest):
        time_from_steps(samples=100, epochs=1, micro_batch=0, grad_accum=1, num_gpus=1, seconds_per_step=1)
