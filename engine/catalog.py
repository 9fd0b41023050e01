"""Model and GPU catalogs: pydantic schemas, loading, and look-up by id or alias.

The catalogs are YAML data (catalogs/models.yaml, catalogs/gpus.yaml). Loading validates every
entry and fails with the file and the field named, so a typo in a price or a layer count is
caught at start-up, not in a user's reply.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

from catalogs import catalog_path
from engine.catalog_files import load_entries
from engine.errors import CatalogError, UnknownName

T = TypeVar("T", bound=BaseModel)


class Strict(BaseModel):
    """A catalog entry: unknown keys are errors, entries never change.

    List defaults are written `Field(default=[])` (pydantic copies the default for each entry), not
    `default_factory=list`: for a factory pydantic asks `inspect.signature(list)`, whose first call on
    a builtin compiles the tokenizer's patterns, about 5% of a `kasuan size` start."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class MoESpec(Strict):
    """Mixture-of-experts feed-forward: routed experts, optional shared experts, leading dense layers."""

    num_experts: int = Field(gt=0)
    experts_per_token: int = Field(gt=0)
    expert_intermediate: int = Field(gt=0)
    shared_experts: int = Field(default=0, ge=0)
    dense_layers: int = Field(default=0, ge=0, description="first k layers use a dense MLP")
    dense_intermediate: int | None = Field(default=None, gt=0)


class MLASpec(Strict):
    """DeepSeek multi-head latent attention projections.

    q_lora_rank 0 means the query is projected directly (DeepSeek-V2-Lite's config has
    q_lora_rank null): no query latent and no query-latent norm.
    """

    q_lora_rank: int = Field(ge=0)
    kv_lora_rank: int = Field(gt=0)
    qk_nope_head_dim: int = Field(gt=0)
    qk_rope_head_dim: int = Field(gt=0)
    v_head_dim: int = Field(gt=0)


class ModelSpec(Strict):
    """One decoder-only model, with the architecture numbers the memory model needs."""

    id: str
    name: str
    family: str
    layers: int = Field(gt=0)
    hidden: int = Field(gt=0)
    intermediate: int = Field(gt=0)
    heads: int = Field(gt=0)
    kv_heads: int = Field(gt=0)
    head_dim: int = Field(gt=0)
    vocab: int = Field(gt=0)
    tie_embeddings: bool
    max_context: int = Field(gt=0)
    native_context: int | None = Field(default=None, gt=0)  # the trained window, where the config's max differs
    yarn_context: int | None = Field(default=None, gt=0)  # the window with YaRN rope scaling, as the model card states it
    qkv_bias: bool = False
    qk_norm: bool = False
    norms_per_layer: int = Field(default=2, ge=0)
    fused_qkv: bool = False
    fused_gate_up: bool = False
    moe: MoESpec | None = None
    mla: MLASpec | None = None
    vision_params: int | None = Field(
        default=None, gt=0, description="vision encoder of a VL model: not sized (only the text tower is)"
    )
    # int when the vendor states a whole number ("24B"): that is rounding to the unit, and tests allow for it
    params_published_b: int | float = Field(gt=0, description="vendor-published total, billions (incl. vision_params)")
    active_params_published_b: float | None = Field(default=None, gt=0)
    aliases: list[str] = Field(default=[])
    source: str
    checked: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    note: str | None = None

    @model_validator(mode="after")
    def _kv_divides_heads(self) -> ModelSpec:
        if self.mla is None and self.heads % self.kv_heads:
            raise ValueError(f"heads ({self.heads}) must be a multiple of kv_heads ({self.kv_heads})")
        return self


Interconnect = Literal["nvlink", "nvlink-bridge", "xgmi", "pcie"]


class GpuSpec(Strict):
    """One accelerator as its vendor states it (memory in GB = 10^9 bytes)."""

    id: str
    name: str
    vendor: Literal["nvidia", "amd"]
    memory_gb: float = Field(gt=0)
    bandwidth_gbs: float | None = Field(default=None, gt=0)
    bf16_tflops: float = Field(gt=0, description="dense tensor BF16/FP16, FP32 accumulate")
    fp8_tflops: float | None = Field(default=None, gt=0)
    interconnect: Interconnect
    interconnect_gbs: float | None = Field(default=None, gt=0)
    form: Literal["sxm", "pcie", "oam"]
    consumer: bool = False
    modded: bool = False  # a third party's modification of a vendor card (more memory soldered on), never released by the vendor
    bf16_native: bool = True
    aliases: list[str] = Field(default=[])
    source: str
    checked: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    note: str | None = None

    @property
    def fast_interconnect(self) -> bool:
        """True where all cards of a node talk over NVLink/xGMI rather than PCIe (ZeRO-3 stays fast)."""
        return self.interconnect in ("nvlink", "xgmi")


@lru_cache(maxsize=8192)
def normalize_name(text: str) -> str:
    """Fold case, width and separators so 'Qwen3-8B', 'qwen3 8b' and 'QWEN3_8B' compare equal."""
    import unicodedata

    text = unicodedata.normalize("NFKC", text).lower()
    return re.sub(r"[\s_\-./·]+", "", text)


class Index(Generic[T]):
    """Exact look-up by id or alias (normalized), with fuzzy suggestions for near misses."""

    def __init__(self, kind: str, entries: list[T]) -> None:
        self.kind = kind
        self.entries = entries
        self.by_key: dict[str, T] = {}
        for entry in entries:
            for name in [entry.id, entry.name, *entry.aliases]:  # type: ignore[attr-defined]
                key = normalize_name(name)
                other = self.by_key.get(key)
                if other is not None and other is not entry:
                    raise CatalogError(f"{kind} alias '{name}' names both {other.id} and {entry.id}")  # type: ignore[attr-defined]
                self.by_key[key] = entry

    def find(self, name: str) -> T | None:
        return self.by_key.get(normalize_name(name))

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        """Catalog ids closest to `name`, best first (for "did you mean")."""
        from rapidfuzz import fuzz, process  # only a near miss needs it; keeps the CLI's start quick

        found = process.extract(normalize_name(name), list(self.by_key), scorer=fuzz.WRatio, limit=limit * 4)
        ids: list[str] = []
        for key, score, _ in found:
            ident = self.by_key[key].id  # type: ignore[attr-defined]
            if score >= 60 and ident not in ids:
                ids.append(ident)
        return ids[:limit]

    def get(self, name: str) -> T:
        found = self.find(name)
        if found is None:
            raise UnknownName(self.kind, name, self.suggest(name))
        return found


@cache
def models() -> Index[ModelSpec]:
    return Index("model", load_entries(catalog_path("models.yaml"), "models", ModelSpec))


@cache
def gpus() -> Index[GpuSpec]:
    return Index("gpu", load_entries(catalog_path("gpus.yaml"), "gpus", GpuSpec))


def form_variants(gpu_id: str) -> list[str]:
    """The card and its other form factors with the same memory ("a100-80gb-sxm" and
    "a100-80gb-pcie"): what "A100 80G" may mean when SXM or PCIe is not said. The card first."""
    spec = gpus().get(gpu_id)
    stem = gpu_id.rsplit("-", 1)[0]
    if not any(ch.isdigit() for ch in stem):
        return [gpu_id]
    same = [g.id for g in gpus().entries if g.id != gpu_id and g.id.rsplit("-", 1)[0] == stem and g.memory_gb == spec.memory_gb]
    return [gpu_id, *same]
