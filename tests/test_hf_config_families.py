"""config.json of the newer families reads into the same shapes as the catalog entries.

The dicts below are written as Hugging Face writes them (key names, nesting, nulls), with the
values of the published configs; nothing is downloaded.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.architecture import count_params, lora_params
from engine.catalog import models
from engine.hf_config import spec_from_config

MIXTRAL_8X7B = {
    "model_type": "mixtral", "hidden_size": 4096, "intermediate_size": 14336, "num_hidden_layers": 32,
    "num_attention_heads": 32, "num_key_value_heads": 8, "num_local_experts": 8, "num_experts_per_tok": 2,
    "vocab_size": 32000, "max_position_embeddings": 32768, "tie_word_embeddings": False,
}
GEMMA2_2B = {  # Gemma configs leave tie_word_embeddings to the class default (tied)
    "model_type": "gemma2", "hidden_size": 2304, "intermediate_size": 9216, "num_hidden_layers": 26,
    "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 256, "vocab_size": 256000,
    "max_position_embeddings": 8192,
}
GEMMA3_1B = {
    "model_type": "gemma3_text", "hidden_size": 1152, "intermediate_size": 6912, "num_hidden_layers": 26,
    "num_attention_heads": 4, "num_key_value_heads": 1, "head_dim": 256, "vocab_size": 262144,
    "max_position_embeddings": 32768,
}
GEMMA3_27B = {  # multimodal checkpoint: the text tower is nested, its vocabulary padded to 262,208
    "model_type": "gemma3", "vision_config": {"hidden_size": 1152, "num_hidden_layers": 27},
    "text_config": {
        "model_type": "gemma3_text", "hidden_size": 5376, "intermediate_size": 21504, "num_hidden_layers": 62,
        "num_attention_heads": 32, "num_key_value_heads": 16, "head_dim": 128, "vocab_size": 262208,
        "max_position_embeddings": 131072,
    },
}
PHI3_MINI = {
    "model_type": "phi3", "hidden_size": 3072, "intermediate_size": 8192, "num_hidden_layers": 32,
    "num_attention_heads": 32, "num_key_value_heads": 32, "vocab_size": 32064, "max_position_embeddings": 131072,
    "tie_word_embeddings": False,
}
INTERNLM25_7B = {
    "model_type": "internlm2", "hidden_size": 4096, "intermediate_size": 14336, "num_hidden_layers": 32,
    "num_attention_heads": 32, "num_key_value_heads": 8, "vocab_size": 92544, "max_position_embeddings": 32768,
    "bias": False, "tie_word_embeddings": False,
}
DEEPSEEK_V2_LITE = {
    "model_type": "deepseek_v2", "hidden_size": 2048, "intermediate_size": 10944, "moe_intermediate_size": 1408,
    "num_hidden_layers": 27, "num_attention_heads": 16, "num_key_value_heads": 16, "n_routed_experts": 64,
    "n_shared_experts": 2, "num_experts_per_tok": 6, "first_k_dense_replace": 1, "q_lora_rank": None,
    "kv_lora_rank": 512, "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 128,
    "vocab_size": 102400, "max_position_embeddings": 163840, "tie_word_embeddings": False,
}
DEEPSEEK_V3 = {
    **DEEPSEEK_V2_LITE, "model_type": "deepseek_v3", "hidden_size": 7168, "intermediate_size": 18432,
    "moe_intermediate_size": 2048, "num_hidden_layers": 61, "num_attention_heads": 128, "num_key_value_heads": 128,
    "n_routed_experts": 256, "n_shared_experts": 1, "num_experts_per_tok": 8, "first_k_dense_replace": 3,
    "q_lora_rank": 1536, "vocab_size": 129280,
}
QWEN25_VL_7B = {
    "model_type": "qwen2_5_vl", "hidden_size": 3584, "intermediate_size": 18944, "num_hidden_layers": 28,
    "num_attention_heads": 28, "num_key_value_heads": 4, "vocab_size": 152064, "max_position_embeddings": 128000,
    "tie_word_embeddings": False, "vision_config": {"depth": 32, "hidden_size": 1280, "out_hidden_size": 3584},
}


@pytest.mark.parametrize(
    ("cfg", "model_id", "total"),
    [
        (MIXTRAL_8X7B, "mixtral-8x7b", 46_702_792_704),
        (GEMMA2_2B, "gemma-2-2b", 2_614_341_888),
        (GEMMA3_1B, "gemma-3-1b", 999_885_952),
        (GEMMA3_27B, "gemma-3-27b", 27_009_002_240 + 64 * 5376),
        (PHI3_MINI, "phi-3-mini", 3_821_079_552),
        (INTERNLM25_7B, "internlm2.5-7b", 7_737_708_544),
        (DEEPSEEK_V2_LITE, "deepseek-v2-lite", 15_706_484_224),
        (DEEPSEEK_V3, "deepseek-v3", None),
        (QWEN25_VL_7B, "qwen2.5-vl-7b", 7_615_616_512),
    ],
)
def test_config_reads_like_the_catalog_entry(cfg: dict[str, Any], model_id: str, total: int | None) -> None:
    spec = spec_from_config(cfg, model_id)
    catalog = models().get(model_id)
    assert count_params(spec).total == (total if total is not None else count_params(catalog).total)
    targets = ("q", "k", "v", "o", "gate", "up", "down")
    assert lora_params(spec, 16, targets) == lora_params(catalog, 16, targets)
    assert count_params(spec).active == count_params(catalog).active + (count_params(spec).total - count_params(catalog).total)
