"""How long a training job runs: from FLOPs and an assumed utilization, or from a measured step time.

FLOPs (per trained token; N = parameters a token passes through, i.e. `count_params(m).active`
for MoE, or a bare parameter count; D = tokens trained, epochs included):
- full fine-tuning and continued pretraining: 6·N·D — forward 2·N·D, backward 4·N·D (gradient
  with respect to the activations and with respect to the weights, 2·N·D each);
- LoRA / QLoRA: 4·N·D — forward 2·N·D plus the activation gradient 2·N·D that must flow back
  through the frozen weights; the frozen weights get no weight gradient. The adapters' own
  6·N_lora·D is added when their parameter count is known (it is ~1% or less);
- attention score and value products, which 6·N·D leaves out (they grow with sequence length):
  forward per token per layer 2·s·H·d_qk (Q·K^T) + 2·s·H·d_v (A·V), halved by the causal mask, so
  s·H·(d_qk + d_v); forward + backward is three times that, 3·s·H·(d_qk + d_v), which is
  6·s·H·d for d_qk = d_v = d (heads × head_dim). s is the sequence length attended over;
- gradient checkpointing recomputes one forward pass: + 2·N·D (+ the attention forward).

Time = FLOPs / (bf16_tflops × num_gpus × MFU). The default MFU per method and GPU class, and the
factors that lower it (QLoRA dequantization, optimizer offload, ZeRO-3 on PCIe-only cards,
multi-node), come from catalogs/mfu.yaml with their sources; an `mfu` argument replaces them all.
The seed's check: a 32B full fine-tune on 20 M tokens × 3 epochs is 6 · 32e9 · 6e7 = 1.152e19
FLOPs, and 8 × H100 (989.4 TFLOPS) at 30% does it in 1.152e19 / 2.375e18 per hour ≈ 1.35 hours.

The measured path (seed 002) needs no utilization at all: steps = ceil(samples × epochs /
(micro_batch × grad_accum × gpus)); train minutes = steps × seconds per step / 60; job minutes =
download + train + save. FLOPs are not money, so floats are fine here; step arithmetic is exact.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import timedelta
from decimal import ROUND_CEILING, Decimal
from functools import cache
from typing import Literal, get_args

from pydantic import Field, model_validator

from catalogs import catalog_path
from engine.architecture import ParamCounts
from engine.catalog import GpuSpec, ModelSpec, Strict
from engine.catalog_files import load_document
from engine.errors import CatalogError, InvalidRequest
from engine.request import MAX_GPUS, MAX_SEQ_LEN, Method, Offload

GpuClass = Literal["consumer", "datacenter"]
FactorCode = Literal[
    "qlora_dequant", "offload", "zero3_pcie", "multi_node_infiniband", "multi_node_no_infiniband"
]
BASE_METHODS: tuple[Method, ...] = ("full", "pretrain", "lora")  # qlora = lora × qlora_dequant
MAX_TOKENS = 10**15  # a quadrillion tokens: beyond any fine-tuning set, a typo
MAX_STEP_SECONDS = Decimal(86_400)


class MfuDefault(Strict):
    method: Method
    gpu_class: GpuClass
    mfu: float = Field(gt=0, le=1)
    source: str


class MfuFactor(Strict):
    code: FactorCode
    factor: float = Field(gt=0, le=1)
    source: str


class MfuCatalog(Strict):
    defaults: list[MfuDefault]
    factors: list[MfuFactor]

    @model_validator(mode="after")
    def _complete(self) -> MfuCatalog:
        have = [(d.method, d.gpu_class) for d in self.defaults]
        if len(set(have)) != len(have):
            raise ValueError("duplicate method × gpu_class default")
        for method in BASE_METHODS:
            for cls in get_args(GpuClass):
                if (method, cls) not in have:
                    raise ValueError(f"no default for {method} on {cls} cards")
        codes = [f.code for f in self.factors]
        if sorted(codes) != sorted(get_args(FactorCode)):
            raise ValueError(f"factors must be exactly {sorted(get_args(FactorCode))}, got {sorted(codes)}")
        return self

    def default(self, method: Method, gpu_class: GpuClass) -> MfuDefault:
        base: Method = "lora" if method == "qlora" else method
        return next(d for d in self.defaults if d.method == base and d.gpu_class == gpu_class)

    def factor(self, code: FactorCode) -> MfuFactor:
        return next(f for f in self.factors if f.code == code)


@cache
def mfu_catalog() -> MfuCatalog:
    doc = load_document(catalog_path("mfu.yaml"), MfuCatalog)
    if not isinstance(doc, MfuCatalog):  # pragma: no cover - load_document returns the schema
        raise CatalogError("mfu.yaml: not an MFU catalog")
    return doc


@dataclass(frozen=True)
class AttentionShape:
    """What the attention FLOPs depend on: layers, query heads, per-head q·k and v widths, sequence."""

    layers: int
    heads: int
    qk_dim: int
    v_dim: int
    seq_len: int

    @classmethod
    def of(cls, m: ModelSpec, seq_len: int) -> AttentionShape:
        """From a catalog model; MLA (DeepSeek) uses its nope+rope q·k width and its v width."""
        if m.mla is not None:
            qk = m.mla.qk_nope_head_dim + m.mla.qk_rope_head_dim
            return cls(m.layers, m.heads, qk, m.mla.v_head_dim, seq_len)
        return cls(m.layers, m.heads, m.head_dim, m.head_dim, seq_len)

    def forward_per_token(self) -> float:
        """Causal forward: s·H·(d_qk + d_v) per token per layer (2·s·H·d each product, halved)."""
        return float(self.layers * self.seq_len * self.heads * (self.qk_dim + self.v_dim))


@dataclass(frozen=True)
class FlopsBreakdown:
    """Training FLOPs by where they go, so a reply can say what the total is made of."""

    dense: float  # through the model's weights: 6·N·D full, 4·N·D LoRA
    adapters: float  # LoRA adapters: 6·N_lora·D
    attention: float  # Q·K^T and A·V, forward + backward
    recompute: float  # gradient checkpointing: one more forward

    @property
    def total(self) -> float:
        return self.dense + self.adapters + self.attention + self.recompute


def training_flops(
    method: Method,
    active_params: int | ParamCounts,
    tokens: int,
    *,
    lora_params: int = 0,
    attention: AttentionShape | None = None,
    gradient_checkpointing: bool = False,
) -> FlopsBreakdown:
    """FLOPs to train `tokens` tokens (epochs included) with the given method; see the module doc."""
    n = _active(active_params)
    d = _positive_int("tokens", tokens, MAX_TOKENS)
    if lora_params < 0:
        raise InvalidRequest("lora_params", "must be >= 0", value=lora_params)
    frozen = method in ("lora", "qlora")
    dense = (4.0 if frozen else 6.0) * n * d
    adapters = 6.0 * lora_params * d if frozen else 0.0
    attn_fwd = 0.0
    if attention is not None:
        if not 0 < attention.seq_len <= MAX_SEQ_LEN:
            raise InvalidRequest("seq_len", f"must be 1..{MAX_SEQ_LEN}", value=attention.seq_len)
        attn_fwd = attention.forward_per_token() * d
    recompute = (2.0 * n * d + attn_fwd) if gradient_checkpointing else 0.0
    return FlopsBreakdown(dense, adapters, 3.0 * attn_fwd, recompute)


def training_tokens(
    *, tokens: int | None = None, samples: int | None = None, avg_len: int | None = None, epochs: float = 1.0
) -> int:
    """Tokens trained: (`tokens`, or `samples` × `avg_len`) × `epochs`, rounded up."""
    if not isinstance(epochs, int | float) or isinstance(epochs, bool) or not 0 < epochs <= 1000:
        raise InvalidRequest("epochs", "must be above 0 (and at most 1000)", value=epochs)
    if tokens is not None:
        per_epoch = _positive_int("tokens", tokens, MAX_TOKENS)
    elif samples is not None and avg_len is not None:
        per_epoch = _positive_int("samples", samples, MAX_TOKENS) * _positive_int(
            "avg_len", avg_len, MAX_SEQ_LEN
        )
    else:
        raise InvalidRequest("tokens", "give the dataset as tokens, or as samples and avg_len")
    total = math.ceil(Decimal(per_epoch) * Decimal(str(epochs)))
    return _positive_int("tokens", total, MAX_TOKENS)


@dataclass(frozen=True)
class Factor:
    """One adjustment to the utilization, as a code and its multiplier."""

    code: str
    value: float


@dataclass(frozen=True)
class Utilization:
    """The MFU used for a time estimate and how it was reached."""

    mfu: float  # effective: base × every factor
    base: float
    source: str  # "user" or "catalog:<method>/<gpu_class>"
    factors: tuple[Factor, ...]


def utilization(
    method: Method,
    gpu: GpuSpec,
    num_gpus: int,
    *,
    zero: int | None = None,
    offload: Offload = "none",
    infiniband: bool = True,
    gpus_per_node: int = 8,
    mfu: float | None = None,
) -> Utilization:
    """Default MFU for this method on this card class, lowered by the factors that apply.

    A stated `mfu` replaces the default and every factor: the user measured or chose it.
    """
    _positive_int("num_gpus", num_gpus, MAX_GPUS)
    if mfu is not None:
        if not isinstance(mfu, int | float) or isinstance(mfu, bool) or not 0 < mfu <= 1:
            raise InvalidRequest("mfu", "must be a share in (0, 1], e.g. 0.3", value=mfu)
        return Utilization(float(mfu), float(mfu), "user", ())
    cat = mfu_catalog()
    gpu_class: GpuClass = "consumer" if gpu.consumer else "datacenter"
    default = cat.default(method, gpu_class)
    codes: list[FactorCode] = []
    if method == "qlora":
        codes.append("qlora_dequant")
    if offload != "none":
        codes.append("offload")
    if zero == 3 and num_gpus > 1 and not gpu.fast_interconnect:
        codes.append("zero3_pcie")
    if num_gpus > gpus_per_node:
        codes.append("multi_node_infiniband" if infiniband else "multi_node_no_infiniband")
    factors = tuple(Factor(c, cat.factor(c).factor) for c in codes)
    effective = default.mfu * math.prod(f.value for f in factors)
    base: Method = "lora" if method == "qlora" else method
    return Utilization(effective, default.mfu, f"catalog:{base}/{gpu_class}", factors)


@dataclass(frozen=True)
class TrainingTime:
    """How long training takes and why: the FLOPs and utilization, or the measured steps."""

    basis: Literal["flops", "step_time"]
    train_time: timedelta
    job_time: timedelta  # download + train + save
    flops: float | None = None
    breakdown: FlopsBreakdown | None = None
    tokens: int | None = None
    mfu: float | None = None
    mfu_base: float | None = None
    mfu_source: str | None = None
    factors: tuple[Factor, ...] = ()
    cluster_tflops: float | None = None  # achieved: peak × cards × mfu
    steps: int | None = None
    seconds_per_step: Decimal | None = None

    @property
    def hours(self) -> float:
        """Training hours (without download and save)."""
        return self.train_time.total_seconds() / 3600

    @property
    def job_hours(self) -> float:
        return self.job_time.total_seconds() / 3600


def time_from_flops(
    *,
    gpu: GpuSpec,
    num_gpus: int,
    method: Method,
    tokens: int,
    params: int | ParamCounts,
    lora_params: int = 0,
    attention: AttentionShape | None = None,
    gradient_checkpointing: bool = False,
    zero: int | None = None,
    offload: Offload = "none",
    infiniband: bool = True,
    gpus_per_node: int = 8,
    mfu: float | None = None,
    download_minutes: float = 0,
    save_minutes: float = 0,
) -> TrainingTime:
    """Training time from FLOPs: total / (bf16 peak × cards × MFU), plus download and save."""
    flops = training_flops(
        method,
        params,
        tokens,
        lora_params=lora_params,
        attention=attention,
        gradient_checkpointing=gradient_checkpointing,
    )
    u = utilization(
        method,
        gpu,
        num_gpus,
        zero=zero,
        offload=offload,
        infiniband=infiniband,
        gpus_per_node=gpus_per_node,
        mfu=mfu,
    )
    cluster = gpu.bf16_tflops * num_gpus * u.mfu
    seconds = flops.total / (cluster * 1e12)
    train = timedelta(seconds=seconds)
    return TrainingTime(
        basis="flops",
        train_time=train,
        job_time=train
        + _minutes("download_minutes", download_minutes)
        + _minutes("save_minutes", save_minutes),
        flops=flops.total,
        breakdown=flops,
        tokens=tokens,
        mfu=u.mfu,
        mfu_base=u.base,
        mfu_source=u.source,
        factors=u.factors,
        cluster_tflops=cluster,
    )


def training_steps(samples: int, epochs: float, micro_batch: int, grad_accum: int, num_gpus: int) -> int:
    """Optimizer steps: ceil(samples × epochs / (micro_batch × grad_accum × gpus)) (seed 002)."""
    _positive_int("samples", samples, MAX_TOKENS)
    _positive_int("micro_batch", micro_batch, 1 << 20)
    _positive_int("grad_accum", grad_accum, 1 << 20)
    _positive_int("num_gpus", num_gpus, MAX_GPUS)
    if not isinstance(epochs, int | float) or isinstance(epochs, bool) or not 0 < epochs <= 1000:
        raise InvalidRequest("epochs", "must be above 0 (and at most 1000)", value=epochs)
    per_step = micro_batch * grad_accum * num_gpus
    return math.ceil(Decimal(samples) * Decimal(str(epochs)) / per_step)


def time_from_steps(
    *,
    samples: int,
    epochs: float,
    micro_batch: int,
    grad_accum: int,
    num_gpus: int,
    seconds_per_step: Decimal | float,
    download_minutes: float = 0,
    save_minutes: float = 0,
) -> TrainingTime:
    """Training time from a measured step time (seed 002: time ~50 steps after warm-up, divide by 50).

    train minutes = steps × seconds per step / 60; job minutes = download + train + save.
    """
    steps = training_steps(samples, epochs, micro_batch, grad_accum, num_gpus)
    sps = _decimal("seconds_per_step", seconds_per_step)
    if not Decimal(0) < sps <= MAX_STEP_SECONDS:
        raise InvalidRequest(
            "seconds_per_step", "must be above 0 and at most a day", value=str(seconds_per_step)
        )
    micro = (steps * sps * 1_000_000).to_integral_value(rounding=ROUND_CEILING)
    train = timedelta(microseconds=int(micro))
    return TrainingTime(
        basis="step_time",
        train_time=train,
        job_time=train
        + _minutes("download_minutes", download_minutes)
        + _minutes("save_minutes", save_minutes),
        steps=steps,
        seconds_per_step=sps,
    )


# ---------------------------------------------------------------- helpers


def _active(params: int | ParamCounts) -> int:
    """N for the 6·N·D rule: parameters a token passes through (MoE: active, not total)."""
    n = params.active if isinstance(params, ParamCounts) else params
    return _positive_int("params", n, 10**16)


def _positive_int(name: str, value: object, limit: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= limit:
        raise InvalidRequest(name, f"must be a whole number from 1 to {limit}", value=value)
    return value


def _decimal(name: str, value: Decimal | float | int) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, Decimal | float | int):
        raise InvalidRequest(name, "must be a number", value=str(value))
    d = value if isinstance(value, Decimal) else Decimal(str(value))
    if not d.is_finite():
        raise InvalidRequest(name, "must be a finite number", value=str(value))
    return d


def _minutes(name: str, value: float | int | Decimal) -> timedelta:
    d = _decimal(name, value)
    if not Decimal(0) <= d <= Decimal(7 * 24 * 60):
        raise InvalidRequest(name, "must be 0 to a week of minutes", value=str(value))
    return timedelta(microseconds=int((d * 60_000_000).to_integral_value(rounding=ROUND_CEILING)))
