"""The second-pass memory terms (issue 15), each checked with the numbers its formula gives."""

from __future__ import annotations

import pytest

from engine.errors import UnknownName
from engine.memory import Plan, estimate
from engine.request import TrainingRequest
from engine.resolve import resolve
from engine.sizing import size


def items(est, key: str) -> dict[str, float]:  # type: ignore[no-untyped-def]
    return {i.basis: i.gb for t in est.terms if t.key == key for i in t.items}


def test_peak_is_the_larger_of_loss_and_layer_backward_not_their_sum() -> None:
    est = size(TrainingRequest(model="qwen3-8b", method="lora", seq_len=8192, framework="hf-current")).estimate
    acts, logits = items(est, "activations"), items(est, "logits")
    loss_fwd = logits["loss_fp32"]
    assert round(loss_fwd, 3) == round(10 * 8192 * 151936 / 1e9, 3)
    loss_bwd = 12 * 8192 * 151936 / 1e9  # log-softmax output + its incoming and outgoing gradients, fp32
    layer = acts["backward_working"]
    assert layer < loss_bwd
    # saved + working + loss fwd + correction = saved + max(loss fwd, loss bwd, layer)
    assert acts["saved_checkpointed"] + layer + loss_fwd + acts["peak_is_max_of_loss_and_backward"] == pytest.approx(
        acts["saved_checkpointed"] + loss_bwd)


def test_liger_style_fused_loss_removes_the_logits_peak() -> None:
    hf = size(TrainingRequest(model="llama-3.1-8b", method="qlora", seq_len=32768, loss="fp32-upcast")).estimate
    fused = size(TrainingRequest(model="llama-3.1-8b", method="qlora", seq_len=32768, framework="unsloth")).estimate
    assert round(hf.per_gpu()["logits"], 2) == round(10 * 32768 * 128256 / 1e9, 2)  # 42 GB
    assert round(fused.per_gpu()["logits"], 2) == round(10 * 1024 * 128256 / 1e9, 2)  # one 1,024-token chunk
    assert hf.total_gb - fused.total_gb > 45


def test_legacy_transformers_loss_is_14_bytes_forward_16_backward() -> None:
    r = resolve(TrainingRequest(model="llama-2-7b", method="lora", seq_len=4096, framework="hf-legacy"))
    est = estimate(r, Plan(1, 0))
    assert round(items(est, "logits")["loss_fp32_shift_copy"], 3) == round(14 * 4096 * 32000 / 1e9, 3)
    assert "16 B" in est.terms[5].items[0].formula


def test_litgpt_keeps_the_log_softmax_in_bf16_under_bf16_true() -> None:
    true = size(TrainingRequest(model="llama-2-7b", method="lora", seq_len=2048, framework="litgpt", precision="bf16"))
    mixed = size(TrainingRequest(model="llama-2-7b", method="lora", seq_len=2048, framework="litgpt"))
    assert round(true.estimate.per_gpu()["logits"], 4) == round(4 * 2048 * 32000 / 1e9, 4)
    assert round(mixed.estimate.per_gpu()["logits"], 4) == round(6 * 2048 * 32000 / 1e9, 4)


def test_gemma2_soft_capping_and_eager_attention_under_hf() -> None:
    s = size(TrainingRequest(model="gemma-2-9b", method="lora"))
    assert s.request.attention == "eager"
    assert any(a.code == "attention_eager_family" for a in s.assumptions)
    assert round(s.estimate.per_gpu()["logits"], 3) == round(14 * 2048 * 256000 / 1e9, 3)  # 10 B + tanh out + temp
    stated = size(TrainingRequest(model="gemma-2-9b", method="lora", attention="flash"))
    assert stated.request.attention == "flash"


def test_adapters_are_sharded_like_trained_parameters() -> None:
    r = resolve(TrainingRequest(model="qwen2.5-72b", method="lora", lora_rank=64))
    a = r.lora_params
    z3 = estimate(r, Plan(8, 3))
    assert items(z3, "weights")["adapter_weights"] == pytest.approx(4 * a / 8 / 1e9)
    assert items(z3, "gradients")["adapter_grads"] == pytest.approx(4 * a / 8 / 1e9)
    assert items(z3, "optimizer_states")["adapter_optimizer"] == pytest.approx(8 * a / 8 / 1e9)
    off = estimate(r, Plan(8, 3, "all"))  # FSDP CPU offload: everything trained lives and steps on the host
    assert off.per_gpu()["weights"] == off.per_gpu()["gradients"] == off.per_gpu()["optimizer_states"] == 0
    base = 2 * r.counts.total / 1e9
    assert off.host_gb == pytest.approx(base + 16 * a / 1e9)


def test_deepseek_v3_lora_fits_64_h100_once_adapters_are_sharded() -> None:
    s = size(TrainingRequest(model="deepseek-v3", method="lora", gpu="h100-sxm", num_gpus=64, zero=3))
    assert s.fit is not None and s.fit.fits
    assert 25 < s.estimate.total_gb < 40


def test_zero3_gathers_4bit_layers_at_half_a_byte() -> None:
    r = resolve(TrainingRequest(model="llama-3.3-70b", method="qlora"))
    over = items(estimate(r, Plan(2, 3)), "overhead")
    assert "zero3_gather" not in over
    assert over["zero3_gather_nf4"] == pytest.approx(0.51587 * 1e9 / 1e9)  # capped at stage3_max_live_parameters


def test_foreach_adamw_step_temporary_where_torch_steps() -> None:
    hf = size(TrainingRequest(model="qwen2.5-7b", method="full", seq_len=512)).estimate
    ds = size(TrainingRequest(model="qwen2.5-7b", method="full", seq_len=512, framework="deepspeed")).estimate
    step = items(hf, "overhead")["foreach_step_beyond_activations"]
    acts = hf.per_gpu()["activations"] + hf.per_gpu()["logits"]
    assert step == pytest.approx(4 * 7_615_616_512 / 1e9 - acts)
    assert "foreach_step_beyond_activations" not in items(ds, "overhead")
    eight = size(TrainingRequest(model="qwen2.5-7b", method="full", seq_len=512, optimizer="adamw-8bit")).estimate
    assert "foreach_step_beyond_activations" not in items(eight, "overhead")
    # ZeRO-3 steps one sub-group (1e9 elements) at a time
    r = resolve(TrainingRequest(params_b=32, method="full", seq_len=64))
    z3 = items(estimate(r, Plan(8, 3)), "overhead")["foreach_step_beyond_activations"]
    assert 0 < z3 < 4.0


def test_fp32_qlora_is_fp32_everywhere_but_the_4bit_weights() -> None:
    bf = resolve(TrainingRequest(model="qwen2.5-7b", method="qlora"))
    fp = resolve(TrainingRequest(model="qwen2.5-7b", method="qlora", precision="fp32"))
    e_bf, e_fp = estimate(bf, Plan(1, 0)), estimate(fp, Plan(1, 0))
    c = fp.counts
    assert items(e_fp, "weights")["base_fp32_rest"] == pytest.approx(4 * (c.embedding + c.lm_head + c.other) / 1e9)
    assert items(e_fp, "activations")["saved_checkpointed_fp32"] == pytest.approx(2 * items(e_bf, "activations")["saved_checkpointed"])
    assert round(e_fp.per_gpu()["logits"], 3) == round(8 * 2048 * 152064 / 1e9, 3)  # fp32 logits + log-softmax


def test_axolotl_qlora_prepares_the_model_in_fp32() -> None:
    hf = resolve(TrainingRequest(model="llama-3.1-8b", method="qlora"))
    ax = resolve(TrainingRequest(model="llama-3.1-8b", method="qlora", framework="axolotl"))
    e_hf, e_ax = estimate(hf, Plan(1, 0)), estimate(ax, Plan(1, 0))
    assert "base_fp32_rest" in items(e_ax, "weights") and "base_bf16_rest" in items(e_hf, "weights")
    # checkpointed layer inputs in fp32: twice the bf16 stream
    layers, hidden, tokens = 32, 4096, 2048
    gained = items(e_ax, "activations")["saved_checkpointed"] - items(e_hf, "activations")["saved_checkpointed"]
    assert gained == pytest.approx(layers * 2 * hidden * tokens / 1e9)
    # each 4-bit projection keeps its own bf16 input copy: 2 B × (3·4096 + 4096 + 2·4096 + 14336) per token
    copies = 2 * (3 * 4096 + 4096 + 2 * 4096 + 14336) * tokens / 1e9
    extra_working = items(e_ax, "activations")["backward_working"] - items(e_hf, "activations")["backward_working"]
    assert extra_working == pytest.approx(copies + 2 * hidden * tokens / 1e9)


def test_lora_dropout_keeps_a_copy_per_targeted_projection() -> None:
    plain = resolve(TrainingRequest(model="llama-3.1-8b", method="lora", grad_checkpointing=False))
    drop = resolve(TrainingRequest(model="llama-3.1-8b", method="lora", grad_checkpointing=False, lora_dropout=0.05))
    gained = items(estimate(drop, Plan(1, 0)), "activations")["saved_all_layers"] - items(
        estimate(plain, Plan(1, 0)), "activations")["saved_all_layers"]
    # fp32 adapters under autocast: each targeted projection already keeps its own bf16 copy of its input;
    # the dropout adds its mask (1 B) per projection's input (engine.memory.lora_input_bytes)
    assert gained == pytest.approx(32 * 1 * (3 * 4096 + 4096 + 2 * 4096 + 14336) * 2048 / 1e9)
    pure = {"model": "llama-3.1-8b", "method": "lora", "grad_checkpointing": False, "precision": "bf16"}
    p0 = estimate(resolve(TrainingRequest(**pure)), Plan(1, 0))
    p1 = estimate(resolve(TrainingRequest(**pure, lora_dropout=0.05)), Plan(1, 0))
    # bf16 adapters: lora_A read x itself (each input kept once); dropped, each projection keeps copy + mask
    copies = 3 * (3 * 4096 + 4096 + 2 * 4096 + 14336) - 2 * (4096 + 4096 + 14336)  # o's input stays either way
    assert items(p1, "activations")["saved_all_layers"] - items(p0, "activations")["saved_all_layers"] == (
        pytest.approx(32 * copies * 2048 / 1e9))


def test_three_figures() -> None:
    est = size(TrainingRequest(model="qwen3-8b", method="qlora", gpu="4090")).estimate
    f = est.figures()
    assert f["nvidia_smi_gb"] == est.total_gb
    assert f["nvidia_smi_gb"] - f["reserved_gb"] == pytest.approx(0.6)
    assert f["reserved_gb"] / f["allocated_gb"] == pytest.approx(1.08)


def test_unknown_framework_is_refused_with_suggestions() -> None:
    with pytest.raises(UnknownName) as err:
        size(TrainingRequest(model="qwen3-8b", framework="torchtun"))
    assert "torchtune" in err.value.suggestions


def test_pure_bf16_steps_with_a_bf16_sqrt_v() -> None:
    est = size(TrainingRequest(model="qwen2.5-7b", method="full", seq_len=512, precision="bf16")).estimate
    acts = est.per_gpu()["activations"] + est.per_gpu()["logits"]
    assert items(est, "overhead")["foreach_step_beyond_activations"] == pytest.approx(2 * 7_615_616_512 / 1e9 - acts)
