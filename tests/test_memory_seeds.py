"""The seeds' memory tables, reproduced: exact figures to the GB, ranges inside their bounds."""

from __future__ import annotations

import pytest

from engine.memory import Plan, estimate
from engine.request import TrainingRequest
from engine.resolve import resolve
from engine.sizing import size
from tests.conftest import states_gb


@pytest.mark.parametrize(
    ("params_b", "low", "high"),
    [(7, 70, 112), (14, 140, 224), (32, 320, 512), (72, 720, 1152)],
)
def test_full_finetune_state_memory_table(params_b: float, low: int, high: int) -> None:
    """Seed 000: 10 bytes/param with the 8-bit optimizer, 16 with AdamW, on one card."""
    assert round(states_gb(params_b=params_b, optimizer="adamw-8bit")) == low
    assert round(states_gb(params_b=params_b)) == high


def test_bytes_per_param_breakdown_is_2_2_4_8() -> None:
    r = resolve(TrainingRequest(params_b=1, method="full"))
    per = estimate(r, Plan(1, 0)).per_gpu()
    assert [round(per[k], 3) for k in ("weights", "gradients", "master_weights", "optimizer_states")] == [2, 2, 4, 8]


@pytest.mark.parametrize(("zero", "expected"), [(1, 176), (2, 120), (3, 64)])
def test_zero_table_32b_on_8_cards(zero: int, expected: int) -> None:
    """Seed 000 ZeRO table: ZeRO-1 4+12/N, ZeRO-2 2+14/N, ZeRO-3 16/N, for 32B over 8 cards."""
    assert round(states_gb(params_b=32, num_gpus=8, zero=zero)) == expected


def test_zero_offload_row_32b() -> None:
    """ZeRO-Offload: from 4/N per parameter on the card (16 GB for 32B on 8 cards)."""
    assert round(states_gb(params_b=32, num_gpus=8, zero=3, offload="optimizer")) == 16


def test_72b_offload_on_8_h100() -> None:
    """72B full on 8×H100: 36 GB/card of sharded weights+grads, 864 GB of host memory."""
    r = resolve(TrainingRequest(params_b=72, method="full"))
    est = estimate(r, Plan(8, 3, "optimizer"))
    assert round(est.model_states_gb) == 36
    assert round(est.host_gb) == 864
    assert est.total_gb < 80  # it really fits an 80 GB H100, activations included


def test_72b_8bit_on_8_h200() -> None:
    """72B full on 8×H200 with an 8-bit optimizer: about 90 GB per card."""
    assert round(states_gb(params_b=72, num_gpus=8, zero=3, optimizer="adamw-8bit")) == 90


def test_sixteen_bytes_for_72b_exceeds_8_h100() -> None:
    """16 B × 72B ≈ 1,152 GB: 8×80 GB can't hold it even with ZeRO-3."""
    s = size(TrainingRequest(params_b=72, method="full", gpu="h100-sxm", num_gpus=8, zero=3))
    assert s.fit is not None and not s.fit.fits


# Seeds 000 and 002, at seq 2048, micro-batch 1, gradient checkpointing, FlashAttention-2.
# Where they disagree the test uses their union.
SEED_RANGES = {
    ("qlora", 7): (6, 12), ("lora", 7): (18, 26),
    ("qlora", 14): (12, 18), ("lora", 14): (34, 42),
    ("qlora", 32): (24, 32), ("lora", 32): (72, 86),
    ("qlora", 70): (45, 58), ("lora", 70): (155, 175),
}
# Qwen3-8B QLoRA is left out of the 7B/8B class on purpose: see test_qwen3_8b_qlora_keeps_embeddings_in_bf16.
CLASS_MODELS = {
    7: ["qwen2.5-7b", "llama-3.1-8b", "deepseek-r1-distill-qwen-7b", "mistral-7b-v0.3"],
    14: ["qwen3-14b", "qwen2.5-14b"],
    32: ["qwen3-32b", "qwen2.5-32b"],
    70: ["llama-3.3-70b", "qwen2.5-72b"],
}
BARE_SIZES = {7: [7, 8], 14: [14], 32: [32], 70: [70, 72]}


@pytest.mark.parametrize(("method", "size_class"), list(SEED_RANGES))
def test_lora_qlora_totals_inside_seed_ranges(method: str, size_class: int) -> None:
    low, high = SEED_RANGES[(method, size_class)]
    requests = [TrainingRequest(model=m, method=method) for m in CLASS_MODELS[size_class]]  # type: ignore[arg-type]
    requests += [TrainingRequest(params_b=p, method=method) for p in BARE_SIZES[size_class]]  # type: ignore[arg-type]
    for req in requests:
        total = size(req).estimate.total_gb
        assert low <= total <= high, f"{req.model or req.params_b} {method}: {total:.1f} GB not in {low}-{high}"


def test_qwen3_8b_lora_inside_seed_range() -> None:
    assert 18 <= size(TrainingRequest(model="qwen3-8b", method="lora")).estimate.total_gb <= 26


def test_qwen3_8b_qlora_keeps_embeddings_in_bf16() -> None:
    """Seed 002 prices Qwen3-8B's 4-bit base at 0.55 B for every parameter (4.5 GB); bitsandbytes
    keeps the 1.24 B embedding and lm_head parameters in bf16, so the base is 6.07 GB (catalog C1),
    which puts Qwen3-8B QLoRA a little above the seeds' 7B/8B range. The model says so rather
    than bend to it."""
    s = size(TrainingRequest(model="qwen3-8b", method="qlora"))
    base = sum(i.gb for t in s.estimate.terms if t.key == "weights" for i in t.items if i.basis.startswith("base"))
    assert round(base, 2) == 6.07
    assert 12 < s.estimate.total_gb < 13.2
