"""GPU memory to serve a model (vLLM-style): weights at the serving precision plus the KV cache for
the context and concurrency asked, plus the runtime's own share.

KaSuan sizes training first; this exists so an inference question ("vLLM 推理要多少显存") gets an
inference answer instead of a training breakdown. Formulas (GB = 10^9 bytes):
- weights = parameters × bytes per parameter (bf16 2, fp8/int8 1, int4 AWQ/GPTQ ≈ 0.5 + group
  scales: 4.25 bits = 0.53 B);
- KV cache = 2 (K and V) × layers × kv_heads × head_dim × 2 B (bf16 cache) × tokens, tokens =
  context × concurrent sequences; MLA models cache the compressed latent (kv_lora_rank +
  rope dim) per layer instead;
- runtime = CUDA context, CUDA graphs and the sampler's activation peak: a stated 2 GB constant;
- vLLM takes `gpu_memory_utilization` (default 0.9) of the card, so a card fits when the total is
  within 90% of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.architecture import count_params
from engine.catalog import GpuSpec, ModelSpec

GB = 1e9
WEIGHT_BYTES = {"bf16": 2.0, "fp8": 1.0, "int8": 1.0, "int4": 4.25 / 8}
KV_BYTES = 2.0
RUNTIME_GB = 2.0
VLLM_UTILIZATION = 0.9
DEFAULT_CONTEXT = 4096
DEFAULT_CONCURRENCY = 1


@dataclass(frozen=True)
class InferenceEstimate:
    model: ModelSpec
    params: int
    precision: str
    context: int
    concurrency: int
    weights_gb: float
    kv_cache_gb: float
    runtime_gb: float

    @property
    def total_gb(self) -> float:
        return self.weights_gb + self.kv_cache_gb + self.runtime_gb

    def cards_needed(self, gpu: GpuSpec) -> int:
        """Cards of `gpu` (tensor parallel, a power of two up to 8, then whole nodes) that hold it."""
        usable = gpu.memory_gb * VLLM_UTILIZATION
        for n in (1, 2, 4, 8, 16, 32, 64):
            if self.total_gb / n + (self.runtime_gb if n > 1 else 0) * (n - 1) / n <= usable:
                return n
        return 0


def kv_bytes_per_token(m: ModelSpec) -> float:
    """Bytes of KV cache one token keeps across all layers."""
    if m.mla is not None:
        return m.layers * (m.mla.kv_lora_rank + m.mla.qk_rope_head_dim) * KV_BYTES
    return 2 * m.layers * m.kv_heads * m.head_dim * KV_BYTES


def inference_estimate(m: ModelSpec, *, precision: str | None = None, context: int | None = None,
                       concurrency: int | None = None, params: int | None = None) -> InferenceEstimate:
    """Memory to serve `m` at `precision` for `concurrency` sequences of `context` tokens."""
    prec = precision if precision in WEIGHT_BYTES else "bf16"
    ctx = context or DEFAULT_CONTEXT
    conc = concurrency or DEFAULT_CONCURRENCY
    total_params = params or count_params(m).total
    return InferenceEstimate(
        model=m,
        params=total_params,
        precision=prec,
        context=ctx,
        concurrency=conc,
        weights_gb=total_params * WEIGHT_BYTES[prec] / GB,
        kv_cache_gb=kv_bytes_per_token(m) * ctx * conc / GB,
        runtime_gb=RUNTIME_GB,
    )
