"""Model and GPU catalogs: complete, consistent with published numbers, and strict at load."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.architecture import attention_linears, count_params, lora_params
from engine.catalog import GpuSpec, ModelSpec, gpus, models
from engine.catalog_files import load_entries
from engine.errors import CatalogError, UnknownName

SECTION_A = [
    "qwen3-0.6b", "qwen3-1.7b", "qwen3-4b", "qwen3-8b", "qwen3-14b", "qwen3-32b", "qwen3-30b-a3b", "qwen3-235b-a22b",
    "qwen2.5-0.5b", "qwen2.5-1.5b", "qwen2.5-3b", "qwen2.5-7b", "qwen2.5-14b", "qwen2.5-32b", "qwen2.5-72b",
    "llama-3.1-8b", "llama-3.1-70b", "llama-3.3-70b", "llama-3.2-1b", "llama-3.2-3b", "llama-2-7b", "llama-2-13b",
    "llama-2-70b", "deepseek-r1-distill-qwen-7b", "deepseek-r1-distill-qwen-14b", "deepseek-r1-distill-qwen-32b",
    "deepseek-llm-7b", "deepseek-v3", "chatglm3-6b", "glm-4-9b", "mistral-7b-v0.3", "gemma-2-9b", "gemma-2-27b",
]
GPU_IDS = [
    "rtx-3090", "rtx-4090", "rtx-4090-48g", "rtx-5090", "rtx-a6000", "rtx-6000-ada", "a40", "l40s", "t4", "a10",
    "a100-40g-pcie", "a100-40g-sxm", "a100-80g-pcie", "a100-80g-sxm", "a800-80g-pcie", "a800-80g-sxm", "h100-pcie",
    "h100-sxm", "h200", "b200", "mi300x",
]


def published_tolerance(published: float) -> float:
    """0.5%, or half a unit of the last digit the vendor published (0.6B is anything in 0.55-0.65, 24B in 23.5-24.5)."""
    text = repr(published)
    decimals = len(text.split(".")[1]) if "." in text else 0
    return max(0.005 * published, 0.5 * 10**-decimals)


def test_every_section_a_model_and_seed_gpu_is_in_the_catalog() -> None:
    assert {m.id for m in models().entries} >= set(SECTION_A)
    assert {g.id for g in gpus().entries} >= set(GPU_IDS)


@pytest.mark.parametrize("model_id", [m.id for m in models().entries])
def test_parameter_count_from_architecture_matches_published(model_id: str) -> None:
    """Every catalog model; a VL model's published total includes its (unsized) vision encoder."""
    spec = models().get(model_id)
    computed = (count_params(spec).total + (spec.vision_params or 0)) / 1e9
    assert abs(computed - spec.params_published_b) <= published_tolerance(spec.params_published_b), computed


# Exact totals published by sources independent of the configs the catalog copies: keras-hub preset
# metadata ("params"), and a loaded-weights report for InternLM2.5-7B. A wrong layer count, width,
# vocabulary or tied/untied head would move these by millions.
EXACT_TOTALS = {
    "gemma-2-2b": 2_614_341_888, "gemma-2-9b": 9_241_705_984, "gemma-2-27b": 27_227_128_320,
    "gemma-3-1b": 999_885_952, "gemma-3-4b": 3_880_099_328, "gemma-3-12b": 11_765_788_416, "gemma-3-27b": 27_009_002_240,
    "mistral-7b-v0.3": 7_248_023_552, "mistral-small-24b": 23_572_403_200, "mixtral-8x7b": 46_702_792_704,
    "phi-3-mini": 3_821_079_552, "internlm2.5-7b": 7_737_708_544, "llama-3.1-8b": 8_030_261_248,
}


@pytest.mark.parametrize("model_id", EXACT_TOTALS)
def test_exact_counts_match_independent_totals(model_id: str) -> None:
    assert count_params(models().get(model_id)).total == EXACT_TOTALS[model_id]


def test_vision_towers_are_counted_apart_from_the_text_tower() -> None:
    """Gemma 3 4B: keras-hub vision+text 4,299,915,632 = text 3,880,099,328 + the vision encoder."""
    spec = models().get("gemma-3-4b")
    assert count_params(spec).total + (spec.vision_params or 0) == 4_299_915_632
    vl = models().get("qwen2.5-vl-7b")
    assert count_params(vl).total == count_params(models().get("qwen2.5-7b")).total  # same decoder


def test_exact_counts_confirmed_by_training_logs() -> None:
    """print_trainable_parameters() logs quoted in catalog_facts: all params minus LoRA params."""
    assert count_params(models().get("qwen2.5-7b")).total == 7_615_616_512
    assert count_params(models().get("qwen3-8b")).total == 8_190_735_360
    assert lora_params(models().get("qwen2.5-7b"), 8, ("q", "k", "v", "o", "gate", "up", "down")) == 20_185_088
    assert lora_params(models().get("qwen3-8b"), 16, ("q", "k", "v", "o", "gate", "up", "down")) == 43_646_976


def test_moe_active_parameters() -> None:
    c = count_params(models().get("qwen3-30b-a3b"))
    assert round(c.total / 1e9, 2) == 30.53 and round(c.active / 1e9, 2) == 3.35
    # Mixtral: top-2 of 8 experts, no shared expert (published 12.9B and 39B active)
    assert round(count_params(models().get("mixtral-8x7b")).active / 1e9, 1) == 12.9
    assert round(count_params(models().get("mixtral-8x22b")).active / 1e9) == 39


def test_mla_without_query_compression() -> None:
    """DeepSeek-V2-Lite projects the query directly (q_lora_rank 0): one q matrix of 2048 × 16·192."""
    spec = models().get("deepseek-v2-lite")
    qs = [p for p in attention_linears(spec) if p.target == "q"]
    assert [(p.d_in, p.d_out) for p in qs] == [(2048, 16 * 192)]
    assert count_params(spec).total == 15_706_484_224
    v2 = models().get("deepseek-v2")  # compressed query: two q matrices through the 1536 latent
    assert [(p.d_in, p.d_out) for p in attention_linears(v2) if p.target == "q"] == [(5120, 1536), (1536, 128 * 192)]


def test_fused_qkv_is_one_lora_adapter() -> None:
    """Phi-3 and InternLM2 store q, k, v fused: r·(d_in + q_out + 2·kv_out) instead of three adapters."""
    phi = models().get("phi-3-mini")
    qkv = lora_params(phi, 8, ("q",)) // phi.layers
    assert qkv == 8 * (3072 + 3 * 3072)


def test_aliases_people_type() -> None:
    for name, ident in [("Qwen3 8B", "qwen3-8b"), ("千问3 8B", "qwen3-8b"), ("llama3.3 70b", "llama-3.3-70b"),
                        ("4090", "rtx-4090"), ("4090 48G", "rtx-4090-48g"), ("A100 40G", "a100-40g-sxm"),
                        ("H100", "h100-sxm"), ("A800 80G", "a800-80g-pcie")]:
        found = models().find(name) or gpus().find(name)
        assert found is not None and found.id == ident, name


def test_unknown_name_suggests_close_ids() -> None:
    with pytest.raises(UnknownName) as err:
        models().get("qwen3-9b")
    assert "qwen3-8b" in err.value.suggestions


def test_dense_bf16_tflops_are_dense_not_sparse() -> None:
    assert gpus().get("h100-sxm").bf16_tflops == pytest.approx(989.4)
    assert gpus().get("rtx-4090").bf16_tflops == pytest.approx(165.2)  # FP32 accumulate on GeForce
    assert not gpus().get("rtx-4090").fast_interconnect and gpus().get("h100-sxm").fast_interconnect


def test_bad_catalog_names_file_entry_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "gpus.yaml"
    bad.write_text("gpus:\n  - id: x1\n    name: X\n    vendor: nvidia\n    memory_gb: -1\n", encoding="utf-8")
    with pytest.raises(CatalogError, match=r"gpus\.yaml: entry x1: field 'memory_gb'"):
        load_entries(bad, "gpus", GpuSpec)
    bad.write_text("models: [1, 2", encoding="utf-8")
    with pytest.raises(CatalogError, match=r"gpus\.yaml: cannot read"):
        load_entries(bad, "models", ModelSpec)


def test_commonly_asked_cards_beyond_the_seeds() -> None:
    """H800 = H100 compute with NVLink cut to 400 GB/s; H20 trades compute for 96 GB; V100 has no BF16."""
    h800, h100 = gpus().get("H800"), gpus().get("h100-sxm")
    assert h800.id == "h800-sxm" and h800.bf16_tflops == h100.bf16_tflops and h800.interconnect_gbs == 400
    h20 = gpus().get("H20")
    assert h20.memory_gb == 96 and h20.bf16_tflops < h100.bf16_tflops / 6 and h20.fast_interconnect
    assert gpus().get("V100").memory_gb == 32 and not gpus().get("V100").bf16_native
    assert gpus().get("V100 16G").memory_gb == 16
    assert gpus().get("A800 40G").id == "a800-40g-pcie" and gpus().get("A800").id == "a800-80g-pcie"
    assert gpus().get("4080").memory_gb == 16 and not gpus().get("4080").fast_interconnect
