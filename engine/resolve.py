"""Turn a stated TrainingRequest into a complete, validated one with an architecture attached.

Everything the user did not say is filled with the seeds' common case (seq 2048, micro-batch 1,
gradient checkpointing, FlashAttention-2, bf16 mixed precision, AdamW, LoRA on all linear layers)
and each filled value is recorded as an assumption, so the reply can list what it assumed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from engine.architecture import LORA_TARGETS, ParamCounts, count_params, lora_params
from engine.catalog import GpuSpec, ModelSpec, gpus, models
from engine.errors import InvalidRequest
from engine.frameworks import DEFAULT_FRAMEWORK, LOSS_NAMES, FrameworkProfile, frameworks
from engine.request import MAX_GPUS, MAX_PARAMS_B, MAX_SAMPLES, MAX_SEQ_LEN, MAX_TOKENS, TrainingRequest

DEFAULTS = {
    "seq_len": 2048,
    "micro_batch": 1,
    "grad_accum": 1,
    "optimizer": "adamw",
    "grad_checkpointing": True,
    "attention": "flash",
    "lora_rank": 8,
    "lora_targets": LORA_TARGETS,
    "precision": "mixed",
    "fp32_grads": False,
    "double_quant": True,
    "chunked_loss": False,
    "train_embeddings": False,
    "activation_offload": False,
    "packing": False,
    "lora_dropout": 0.0,
}

# Families whose architecture stands in for a bare size ("32B"): the ones our users fine-tune most.
REFERENCE_FAMILIES = ("qwen3", "qwen2.5", "llama3")


@dataclass(frozen=True)
class Assumption:
    """A value KaSuan chose because the user did not state it (code + value, worded by the bot)."""

    code: str
    value: object = None


@dataclass(frozen=True)
class Resolved:
    """A complete request: every field set, the architecture and parameter counts attached."""

    request: TrainingRequest  # with every sizing field filled
    spec: ModelSpec
    counts: ParamCounts
    lora_params: int  # 0 unless LoRA/QLoRA
    gpu: GpuSpec | None
    framework: FrameworkProfile
    assumptions: tuple[Assumption, ...] = field(default=())
    zero_stated: bool = False
    num_gpus_stated: bool = False
    no_offload_stated: bool = False  # "不想开 offload": plans that offload are not offered

    @property
    def method(self) -> str:
        return self.request.method or "lora"

    @property
    def adapter(self) -> bool:
        return self.method in ("lora", "qlora")

    @property
    def params(self) -> int:
        return self.counts.total


def nearest_reference(params: float) -> ModelSpec:
    """The catalog model of a reference family closest in size (log scale) to `params`."""
    candidates = [m for m in models().entries if m.family in REFERENCE_FAMILIES and m.moe is None]
    return min(candidates, key=lambda m: (abs(math.log(count_params(m).total / params)), m.id))


def scaled_counts(spec: ModelSpec, total: float) -> ParamCounts:
    """Counts of `spec` with the linear layers resized so the total is exactly `total` parameters."""
    c = count_params(spec)
    linear = max(int(total) - c.embedding - c.lm_head - c.other, 0)
    ratio = linear / c.linear if c.linear else 1.0
    return replace(c, linear=linear, active_linear=int(c.active_linear * ratio))


def _check_range(name: str, value: float | None, low: float, high: float) -> None:
    if value is not None and not (low <= value <= high):
        raise InvalidRequest(name, f"must be between {low:g} and {high:g}", value=value, low=low, high=high)


def validate(req: TrainingRequest) -> None:
    """Refuse values no training run can have; the error names the field and the allowed range."""
    _check_range("params_b", req.params_b, 0.01, MAX_PARAMS_B)
    _check_range("num_gpus", req.num_gpus, 1, MAX_GPUS)
    _check_range("seq_len", req.seq_len, 1, MAX_SEQ_LEN)
    _check_range("micro_batch", req.micro_batch, 1, 4096)
    _check_range("grad_accum", req.grad_accum, 1, 65536)
    _check_range("lora_rank", req.lora_rank, 1, 4096)
    _check_range("mfu", req.mfu, 0.001, 1.0)
    _check_range("epochs", req.epochs, 0.001, 10_000)
    _check_range("tokens", req.tokens, 1, MAX_TOKENS)
    _check_range("samples", req.samples, 1, MAX_SAMPLES)
    _check_range("avg_len", req.avg_len, 1, MAX_SEQ_LEN)
    if req.lora_targets is not None:
        bad = [t for t in req.lora_targets if t not in LORA_TARGETS]
        if bad or not req.lora_targets:
            raise InvalidRequest("lora_targets", f"unknown target {bad}", value=list(req.lora_targets))
    if req.offload in ("optimizer", "all") and req.zero == 0:
        raise InvalidRequest("offload", "offload needs DeepSpeed ZeRO (stage 1-3)", value=req.offload)
    if req.offload == "all" and req.zero in (1, 2):
        raise InvalidRequest("offload", "parameter offload needs ZeRO-3", value=req.offload)


def resolve(req: TrainingRequest, spec_override: ModelSpec | None = None) -> Resolved:
    """Validate, look up the model and GPU, and fill defaults (each one recorded)."""
    validate(req)
    assumptions: list[Assumption] = []
    spec, counts = _architecture(req, spec_override, assumptions)
    data = req.model_dump()
    framework = frameworks().get(req.framework or DEFAULT_FRAMEWORK)
    data["framework"] = framework.id
    if req.lora_targets is None and req.framework is not None:
        data["lora_targets"] = tuple(framework.default_lora_targets)  # the framework's recipe default
    if req.lora_dropout is None:
        data["lora_dropout"] = framework.lora_dropout  # the framework's recipe default
    if req.activation_offload is None and framework.offload_checkpoints:
        data["activation_offload"] = True
    if req.chunked_loss is None and framework.loss == "fused":
        data["chunked_loss"] = True  # the framework's own fused cross-entropy
    if req.attention is None and spec.family in framework.eager_families:
        data["attention"] = "eager"
        assumptions.append(Assumption("attention_eager_family", spec.family))
    if req.packing and req.lengths is None:
        data["lengths"] = "fixed"  # packed samples are exactly seq_len tokens every step
    if req.method is None and (req.zero == 3 or req.offload in ("optimizer", "all") or req.optimizer == "adamw-8bit"):
        # "zero-3 32b 8xh100 每卡？": ZeRO-3 shards what full fine-tuning holds (its optimizer states, gradients and
        # weights); a LoRA barely differs between stages, so a stage 3 named with no method is full fine-tuning, said.
        # Offloading the optimizer or an 8-bit one ("offload the 72B optimizer states") acts on the same states: the
        # 72B's 864 GB that seed 000 sends to host memory are a full fine-tune's, a LoRA's are a few GB
        data["method"] = "full"
        assumptions.append(Assumption("method_zero_full" if req.zero == 3 else "method_states_full", "full"))
    elif req.method is None:
        data["method"] = "lora"
        assumptions.append(Assumption("method_default", "lora"))
    for key, value in DEFAULTS.items():
        if data.get(key) is None:
            data[key] = value
            if key in ("seq_len", "micro_batch", "lora_rank", "grad_checkpointing", "attention"):
                if key.startswith("lora") and data["method"] not in ("lora", "qlora"):
                    continue
                assumptions.append(Assumption(f"{key}_default", value))
    _premises(req, framework, data, assumptions)
    no_offload_stated = data.get("offload") == "none"
    if data.get("offload") is None:
        data["offload"] = "none"
    if data["offload"] == "all" and data.get("zero") is None:
        data["zero"] = 3
    num_gpus_stated = data.get("num_gpus") is not None
    if not num_gpus_stated:
        data["num_gpus"] = 1
    gpu = gpus().get(req.gpu) if req.gpu else None
    bare = any(a.code == "architecture_from" for a in assumptions)
    named = {"model": None if bare else spec.id, "params_b": round(counts.total / 1e9, 3)}
    full = TrainingRequest.model_validate(data | named)
    if full.seq_len and full.seq_len > spec.max_context:
        assumptions.append(Assumption("seq_beyond_context", spec.max_context))
    adapter = lora_params(spec, full.lora_rank or 8, full.lora_targets or LORA_TARGETS)
    return Resolved(
        request=full,
        spec=spec,
        counts=counts,
        lora_params=adapter if full.method in ("lora", "qlora") else 0,
        gpu=gpu,
        framework=framework,
        assumptions=tuple(assumptions),
        zero_stated=req.zero is not None,
        num_gpus_stated=num_gpus_stated,
        no_offload_stated=no_offload_stated,
    )


def offload_kind(sharding: str | None) -> str:
    """What "offload" moves under this sharding engine. FSDP has no optimizer-only offload:
    CPUOffload(offload_params=True) moves the parameters and their gradients to host memory and the
    optimizer steps there (torch.distributed.fsdp CPUOffload docstring; FSDP2's CPUOffloadPolicy the
    same), so "FSDP + cpu offload" is offload-all; DeepSpeed offloads the optimizer alone."""
    return "all" if sharding == "fsdp" else "optimizer"


def _premises(req: TrainingRequest, framework: FrameworkProfile, data: dict[str, object],
              assumptions: list[Assumption]) -> None:
    """The loss, the sharding engine and the checkpointing mode: stated, or the framework's own.

    With the transformers version unknown, a framework whose loss changed across versions is
    sized with the current loss as the expected figure and the larger (older) loss in the high end
    that decides the verdict (engine/memory.py version_margin); the assumption says so.
    """
    if req.loss is None:
        if req.chunked_loss:
            data["loss"] = "fused"
        else:
            data["loss"] = LOSS_NAMES[framework.loss]
            if framework.older_loss is not None:
                assumptions.append(Assumption("loss_version_unknown", LOSS_NAMES[framework.older_loss]))
    data["chunked_loss"] = data["loss"] == "fused"
    data["sharding"] = req.sharding or framework.sharding
    if data.get("offload") == "optimizer" and offload_kind(str(data["sharding"])) == "all":
        data["offload"] = "all"
        assumptions.append(Assumption("fsdp_offload_all"))
    if req.checkpointing is not None:
        data["grad_checkpointing"] = req.checkpointing != "none"
    else:
        data["checkpointing"] = "full" if data.get("grad_checkpointing") else "none"
    if data.get("checkpoint_fraction") is None:
        data["checkpoint_fraction"] = 1.0


def _architecture(
    req: TrainingRequest, spec_override: ModelSpec | None, assumptions: list[Assumption]
) -> tuple[ModelSpec, ParamCounts]:
    if spec_override is not None:
        spec = spec_override
    elif req.model:
        spec = models().get(req.model)
    elif req.params_b:
        spec = nearest_reference(req.params_b * 1e9)
        assumptions.append(Assumption("architecture_from", spec.id))
        return spec, scaled_counts(spec, req.params_b * 1e9)
    else:
        raise InvalidRequest("model", "name a model or a size such as 7B", value=None)
    if req.params_b and abs(req.params_b * 1e9 / count_params(spec).total - 1) > 0.02:
        assumptions.append(Assumption("params_override", req.params_b))
        return spec, scaled_counts(spec, req.params_b * 1e9)
    return spec, count_params(spec)
