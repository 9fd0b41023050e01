"""Read a Hugging Face config.json into a ModelSpec for an exact sizing of any checkpoint.

Supported model_type values: llama, mistral, qwen2, qwen3, qwen2_moe, qwen3_moe, mixtral, gemma,
gemma2, gemma3 / gemma3_text, phi3, internlm2, deepseek_v2, deepseek_v3 and qwen2_5_vl (and the
Llama-shaped ones that share those keys). A VL config is sized by its text tower (`text_config`
when nested). Anything else, or a file that isn't a JSON object with the needed keys, is a
BadConfig error naming what is missing.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from engine.architecture import count_params
from engine.catalog import MLASpec, ModelSpec, MoESpec
from engine.errors import BadConfig

SUPPORTED = (
    "llama", "mistral", "qwen2", "qwen3", "qwen3_moe", "qwen2_moe", "mixtral", "gemma", "gemma2", "gemma3",
    "gemma3_text", "phi3", "internlm2", "deepseek_v2", "deepseek_v3", "qwen2_5_vl",
)
GEMMA = ("gemma", "gemma2", "gemma3", "gemma3_text")
FUSED = ("phi3", "internlm2")  # one qkv projection (phi3 also fuses gate_up)


def _int(cfg: dict[str, Any], key: str, default: int | None = None) -> int:
    value = cfg.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise BadConfig(f"'{key}' must be a positive integer", key=key)
    return value


def _moe(cfg: dict[str, Any], kind: str) -> MoESpec | None:
    """Routed experts as each family names them; DeepSeek's leading dense layers included."""
    if kind in ("qwen3_moe", "qwen2_moe"):
        return MoESpec(
            num_experts=_int(cfg, "num_experts"),
            experts_per_token=_int(cfg, "num_experts_per_tok"),
            expert_intermediate=_int(cfg, "moe_intermediate_size"),
            shared_experts=1 if cfg.get("shared_expert_intermediate_size") else 0,
        )
    if kind == "mixtral":
        return MoESpec(
            num_experts=_int(cfg, "num_local_experts"),
            experts_per_token=_int(cfg, "num_experts_per_tok"),
            expert_intermediate=_int(cfg, "intermediate_size"),
        )
    if kind in ("deepseek_v2", "deepseek_v3"):
        dense = cfg.get("first_k_dense_replace", 0)
        return MoESpec(
            num_experts=_int(cfg, "n_routed_experts"),
            experts_per_token=_int(cfg, "num_experts_per_tok"),
            expert_intermediate=_int(cfg, "moe_intermediate_size"),
            shared_experts=int(cfg.get("n_shared_experts") or 0),
            dense_layers=dense if isinstance(dense, int) and dense >= 0 else 0,
            dense_intermediate=_int(cfg, "intermediate_size"),
        )
    return None


def _mla(cfg: dict[str, Any]) -> MLASpec:
    q_lora = cfg.get("q_lora_rank")  # null in DeepSeek-V2-Lite: the query is not compressed
    return MLASpec(
        q_lora_rank=q_lora if isinstance(q_lora, int) and q_lora > 0 else 0,
        kv_lora_rank=_int(cfg, "kv_lora_rank"),
        qk_nope_head_dim=_int(cfg, "qk_nope_head_dim"),
        qk_rope_head_dim=_int(cfg, "qk_rope_head_dim"),
        v_head_dim=_int(cfg, "v_head_dim"),
    )


def spec_from_config(cfg: dict[str, Any], name: str, checked: str = "1970-01-01") -> ModelSpec:
    """Build a ModelSpec from a parsed config.json dict (`checked`: the date of the file it came from)."""
    kind = cfg.get("model_type")
    if kind not in SUPPORTED:
        raise BadConfig(f"model_type {kind!r} is not supported (use one of {', '.join(SUPPORTED)})", key="model_type")
    if isinstance(cfg.get("text_config"), dict):  # VL checkpoints nest the text tower
        cfg = {**cfg, **cfg["text_config"]}
    heads = _int(cfg, "num_attention_heads")
    hidden = _int(cfg, "hidden_size")
    head_dim = cfg.get("head_dim") or hidden // heads
    moe = _moe(cfg, kind)
    mla = _mla(cfg) if kind in ("deepseek_v2", "deepseek_v3") else None
    if mla is not None:
        head_dim = mla.qk_nope_head_dim + mla.qk_rope_head_dim
    try:
        spec = ModelSpec(
            id=f"config:{name}",
            name=name,
            family=str(kind),
            layers=_int(cfg, "num_hidden_layers"),
            hidden=hidden,
            intermediate=_int(cfg, "intermediate_size"),
            heads=heads,
            kv_heads=heads if mla is not None else _int(cfg, "num_key_value_heads", heads),
            head_dim=int(head_dim),
            vocab=_int(cfg, "vocab_size"),
            tie_embeddings=bool(cfg.get("tie_word_embeddings", kind in GEMMA)),
            max_context=_int(cfg, "max_position_embeddings", 4096),
            qkv_bias=kind in ("qwen2", "qwen2_moe", "qwen2_5_vl") or bool(cfg.get("attention_bias", False)),
            qk_norm=kind in ("qwen3", "qwen3_moe", "gemma3", "gemma3_text"),
            norms_per_layer=4 if kind in ("gemma2", "gemma3", "gemma3_text") else 2,
            fused_qkv=kind in FUSED,
            fused_gate_up=kind == "phi3",
            moe=moe,
            mla=mla,
            params_published_b=1.0,
            source="config.json",
            checked=checked,
        )
    except ValidationError as exc:
        raise BadConfig(str(exc.errors()[0]["msg"])) from exc
    total = count_params(spec).total / 1e9
    return spec.model_copy(update={"params_published_b": round(total, 3)})


def load_config(path: str | Path) -> ModelSpec:
    """Read and convert a config.json file; every failure is a BadConfig with a one-line reason."""
    p = Path(path)
    try:
        cfg = json.loads(p.read_text(encoding="utf-8"))
    except OSError as exc:
        raise BadConfig(f"cannot read {p.name}: {exc.strerror}") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadConfig(f"{p.name} is not valid JSON: {exc}") from exc
    if not isinstance(cfg, dict):
        raise BadConfig(f"{p.name} is not a JSON object")
    name = str(cfg.get("_name_or_path") or p.parent.name or p.stem)
    # the catalog's "checked" date of a config file is its own modification date (engine/ reads no clock)
    modified = datetime.fromtimestamp(p.stat().st_mtime, UTC).date().isoformat()
    return spec_from_config(cfg, name, modified)
