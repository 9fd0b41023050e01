"""Terms added in the second pass of issue 19, each from its source and checked with the numbers
its formula gives: eager attention's softmax backward and the KV cache a model builds in training
when use_cache is left on."""

from __future__ import annotations

import pytest

from engine.memory import GB, Plan, estimate, layer_extras
from engine.request import TrainingRequest
from engine.resolve import resolve


def items(est, key: str) -> dict[str, float]:  # type: ignore[no-untyped-def]
    return {i.basis: i.gb for t in est.terms if t.key == key for i in t.items}


def saved(est) -> float:  # type: ignore[no-untyped-def]
    return items(est, "activations")["saved_all_layers"]


def test_eager_softmax_backward_holds_4_bytes_per_score_over_the_saved_6() -> None:
    q = {"model": "llama-2-7b", "method": "lora", "seq_len": 4096, "framework": "hf-current"}
    eager = estimate(resolve(TrainingRequest(**q, attention="eager")), Plan(1, 0))
    sdpa = estimate(resolve(TrainingRequest(**q, attention="sdpa")), Plan(1, 0))  # Llama-2-7B: no GQA repeat
    # the recomputed layer saves fp32 softmax + bf16 copy (6 B) and its backward holds 4 B more, per head and key
    per_score = 32 * 4096 * 4096 / GB
    diff = items(eager, "activations")["backward_working"] - items(sdpa, "activations")["backward_working"]
    assert diff == pytest.approx(10 * per_score, rel=1e-9)
    # without checkpointing every layer keeps its 6 B and the one in backward adds the 4 B
    off = {**q, "grad_checkpointing": False}
    e_off = estimate(resolve(TrainingRequest(**off, attention="eager")), Plan(1, 0))
    s_off = estimate(resolve(TrainingRequest(**off, attention="sdpa")), Plan(1, 0))
    assert items(e_off, "activations")["backward_working"] - items(s_off, "activations")["backward_working"] == (
        pytest.approx(4 * per_score, rel=1e-9))


def test_use_cache_left_on_holds_every_layers_k_and_v_until_the_loss() -> None:
    q = {"model": "llama-2-7b", "method": "lora", "seq_len": 2048, "micro_batch": 4, "attention": "flash",
         "lora_targets": ("q", "v")}
    plan = Plan(4, 3)
    cache = 2 * 32 * 4096 * 2 * 8192 / GB  # k and v, 32 layers, 32 kv heads × 128, bf16, 8,192 tokens: 4.29 GB
    recipes = estimate(resolve(TrainingRequest(**q, framework="llama-recipes-2023", sharding="fsdp")), plan)
    legacy = estimate(resolve(TrainingRequest(**q, framework="hf-legacy", sharding="fsdp")), plan)
    assert "kv_cache_in_training" in items(recipes, "activations")
    assert "kv_cache_in_training" not in items(legacy, "activations")
    fwd = items(legacy, "logits")["loss_fp32_shift_copy"]
    assert fwd == pytest.approx(14 * 8192 * 32000 / GB)
    # the loss forward moment now carries the cache and is the peak: activations + logits = saved + loss + cache
    acts = lambda e: sum(t.gb for t in e.terms if t.key in ("activations", "logits"))  # noqa: E731
    saved = items(recipes, "activations")["saved_checkpointed"]
    assert acts(recipes) == pytest.approx(saved + fwd + cache, rel=1e-9)
    # a loop that keeps the output holds the cache and the fp32 logits through the layers' backward as well
    kept = estimate(resolve(TrainingRequest(**q, framework="llama-recipes-2023-07", sharding="fsdp")), plan)
    loss_bwd = 16 * 8192 * 32000 / GB  # the loss backward is the larger moment here (flash attention)
    assert acts(kept) == pytest.approx(saved + loss_bwd + cache + 4 * 8192 * 32000 / GB, rel=1e-9)
    # without checkpointing the same k and v are saved for backward anyway: nothing is added
    off = {**q, "grad_checkpointing": False}
    a = estimate(resolve(TrainingRequest(**off, framework="llama-recipes-2023", sharding="fsdp")), plan)
    b = estimate(resolve(TrainingRequest(**off, framework="hf-legacy", sharding="fsdp")), plan)
    assert a.allocated_gb == pytest.approx(b.allocated_gb)


def test_lora_keeps_no_input_of_a_frozen_projection_qlora_keeps_all() -> None:
    # Llama-2-7B in pure bf16 (adapters bf16), no checkpointing, LoRA on q and v, no dropout: the
    # second norm's output (4,096) and silu(gate)·up (11,008) are nobody's to keep; q/k/v's input stays
    q = {"model": "llama-2-7b", "seq_len": 1024, "grad_checkpointing": False, "lora_targets": ("q", "v"),
         "lora_dropout": 0.0, "framework": "hf-current", "precision": "bf16"}
    lora = estimate(resolve(TrainingRequest(**q, method="lora")), Plan(1, 0))
    qlora = estimate(resolve(TrainingRequest(**q, method="qlora")), Plan(1, 0))
    assert saved(qlora) - saved(lora) == pytest.approx(2 * (4096 + 11008) * 32 * 1024 / GB, rel=1e-9)
    # every projection targeted: lora_A reads each input itself, as QLoRA keeps them
    every = {**q, "lora_targets": ("q", "k", "v", "o", "gate", "up", "down")}
    assert saved(estimate(resolve(TrainingRequest(**every, method="lora")), Plan(1, 0))) == pytest.approx(
        saved(estimate(resolve(TrainingRequest(**every, method="qlora")), Plan(1, 0))))


def test_fp32_adapters_under_autocast_keep_one_bf16_copy_per_targeted_projection() -> None:
    every = ("q", "k", "v", "o", "gate", "up", "down")
    q = {"model": "llama-2-7b", "method": "lora", "seq_len": 1024, "grad_checkpointing": False,
         "lora_targets": every, "lora_dropout": 0.0}
    pure = estimate(resolve(TrainingRequest(**q, precision="bf16", framework="hf-current")), Plan(1, 0))
    mixed = estimate(resolve(TrainingRequest(**q, precision="mixed", framework="hf-current")), Plan(1, 0))
    # PEFT casts x to the fp32 adapter and autocast makes each lora_A its own bf16 copy: q, k, v three copies
    # of one input (2 more), gate and up two (1 more), o one beside the attention output, down one in place
    # of silu(gate)·up
    extra = 2 * (2 * 4096 + 4096 + 4096) * 32 * 1024 / GB
    assert saved(mixed) - saved(pure) == pytest.approx(extra, rel=1e-9)
    # Unsloth's fused LoRA kernels keep each group's input once: nothing over the count
    uns = estimate(resolve(TrainingRequest(**q, precision="mixed", framework="unsloth", activation_offload=False)),
                   Plan(1, 0))
    assert saved(uns) == pytest.approx(saved(pure))


def test_litgpt_drops_out_one_copy_of_the_fused_qkv_input_by_default() -> None:
    q = {"model": "llama-2-7b", "method": "qlora", "seq_len": 1024, "grad_checkpointing": False}
    lit = resolve(TrainingRequest(**q, framework="litgpt"))
    assert lit.request.lora_dropout == 0.05 and lit.request.lora_targets == ("q", "v")
    hf = resolve(TrainingRequest(**q, framework="hf-current", lora_targets=("q", "v"), lora_dropout=0.05))
    # PEFT wraps q_proj and v_proj apart: two dropped copies (2 B) and masks (1 B) of x beside the input the
    # 4-bit q/k/v keep; LitGPT one copy for its fused attn
    per_layer = lambda r: sum(b for basis, b, _ in layer_extras(r)[0] if basis == "lora_inputs")  # noqa: E731
    assert per_layer(hf) == 3 * 2 * 4096 and per_layer(lit) == 3 * 4096
    # PEFT's own default stays 0.0
    assert resolve(TrainingRequest(**q, framework="hf-current")).request.lora_dropout == 0.0
