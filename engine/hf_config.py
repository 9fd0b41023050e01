"""Read a Hugging Face config.json into a ModelSpec for an exact sizing of any checkpoint.

Supported model_type values: llama, mistral, qwen2, qwen3, qwen3_moe (and the Llama-shaped
ones that share those keys). Anything else, or a file that isn't a JSON object with the needed
keys, is a BadConfig error naming what is missing.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from engine.architecture import count_params
from engine.catalog import ModelSpec, MoESpec
from engine.errors import BadConfig

SUPPORTED = ("llama", "mistral", "qwen2", "qwen3", "qwen3_moe", "qwen2_moe")


def _int(cfg: dict[str, Any], key: str, default: int | None = None) -> int:
    value = cfg.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise BadConfig(f"'{key}' must be a positive integer", key=key)
    return value


def spec_from_config(cfg: dict[str, Any], name: str) -> ModelSpec:
    """Build a ModelSpec from a parsed config.json dict."""
    kind = cfg.get("model_type")
    if kind not in SUPPORTED:
        raise BadConfig(f"model_type {kind!r} is not supported (use one of {', '.join(SUPPORTED)})", key="model_type")
    heads = _int(cfg, "num_attention_heads")
    hidden = _int(cfg, "hidden_size")
    head_dim = cfg.get("head_dim") or hidden // heads
    moe = None
    if kind in ("qwen3_moe", "qwen2_moe"):
        moe = MoESpec(
            num_experts=_int(cfg, "num_experts"),
            experts_per_token=_int(cfg, "num_experts_per_tok"),
            expert_intermediate=_int(cfg, "moe_intermediate_size"),
            shared_experts=1 if cfg.get("shared_expert_intermediate_size") else 0,
        )
    try:
        spec = ModelSpec(
            id=f"config:{name}",
            name=name,
            family=str(kind),
            layers=_int(cfg, "num_hidden_layers"),
            hidden=hidden,
            intermediate=_int(cfg, "intermediate_size"),
            heads=heads,
            kv_heads=_int(cfg, "num_key_value_heads", heads),
            head_dim=int(head_dim),
            vocab=_int(cfg, "vocab_size"),
            tie_embeddings=bool(cfg.get("tie_word_embeddings", False)),
            max_context=_int(cfg, "max_position_embeddings", 4096),
            qkv_bias=kind in ("qwen2", "qwen2_moe") or bool(cfg.get("attention_bias", False)),
            qk_norm=kind in ("qwen3", "qwen3_moe"),
            moe=moe,
            params_published_b=1.0,
            source="config.json",
            checked=date.today().isoformat(),
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
    return spec_from_config(cfg, name)
