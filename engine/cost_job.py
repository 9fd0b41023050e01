"""What a cost question's duration rests on, worked out once for every option of the report.

Why apart from engine.cost: the time basis (FLOPs from the dataset size, a measured step time, a
stated duration, or the provider's shortest rental) and the checks of the fields it reads are one
job; engine.cost then prices that time at every provider. The seed's convention is 6·N·D (seed
000: 32B, 20 M tokens × 3 epochs = 1.15e19 FLOPs on 8 × H100 at 30%, 1.35 h), so the checkpointing
recompute is counted only when the user said checkpointing is on, and attention only when the user
stated a sequence length; the assumptions say which.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import Literal, cast

from engine.billing import MAX_DURATION
from engine.catalog import GpuSpec
from engine.errors import InvalidRequest
from engine.memory import Plan
from engine.request import MAX_SEQ_LEN, Method, Offload, TrainingRequest
from engine.resolve import Assumption, Resolved
from engine.training_time import (
    MAX_STEP_SECONDS,
    MAX_TOKENS,
    AttentionShape,
    TrainingTime,
    time_from_flops,
    time_from_steps,
    training_tokens,
)

MAX_EPOCHS = 1000  # training_tokens' limit: a thousand passes over a fine-tuning set is a typo
MAX_HOURS = MAX_DURATION.days * 24

DurationBasis = Literal["flops", "step_time", "stated", "minimum_unit"]


# ---------------------------------------------------------------- input checks


def _range(name: str, value: float | int | None, low: float, high: float) -> None:
    """Refuse a value outside (low, high]; the error names the range (low itself is never a job)."""
    if value is None:
        return
    if not math.isfinite(value) or value <= low or value > high:
        raise InvalidRequest(name, f"must be between {low:g} and {high:g}", value=value, low=low, high=high)


def validate(q: TrainingRequest) -> None:
    """The cost fields a user can get wrong, checked before anything is computed."""
    _range("tokens", q.tokens, 0, MAX_TOKENS)
    _range("samples", q.samples, 0, MAX_TOKENS)
    _range("avg_len", q.avg_len, 0, MAX_SEQ_LEN)
    _range("epochs", q.epochs, 0, MAX_EPOCHS)
    _range("hours", q.hours, 0, MAX_HOURS)
    _range("days", q.days, 0, MAX_DURATION.days)
    _range("step_seconds", q.step_seconds, 0, float(MAX_STEP_SECONDS))
    _range("mfu", q.mfu, 0, 1)
    if q.hours is not None and q.days is not None:
        _range("hours", q.hours + 24 * q.days, 0, MAX_HOURS)
    if q.step_seconds is not None and q.gpu is None:
        raise InvalidRequest(
            "gpu", "a measured step time belongs to the card it was measured on: name the card",
            reason="step_time_needs_gpu",
        )
    if q.step_seconds is not None and q.tokens is None and q.samples is None:
        raise InvalidRequest(
            "samples", "a step time needs the dataset size (samples, or tokens)", reason="step_time_needs_data"
        )


# ---------------------------------------------------------------- the job: how long, on what basis


@dataclass(frozen=True)
class Job:
    """What the duration rests on, worked out once for all options."""

    basis: DurationBasis
    request: TrainingRequest  # as stated
    resolved: Resolved
    tokens: int | None
    samples: int | None
    epochs: float
    stated: timedelta | None
    recompute: bool
    attention: AttentionShape | None
    assumptions: tuple[Assumption, ...]

    @classmethod
    def of(cls, q: TrainingRequest, r: Resolved) -> Job:
        notes: list[Assumption] = []
        has_data = q.tokens is not None or q.samples is not None
        stated = None
        if q.hours is not None or q.days is not None:
            stated = timedelta(hours=q.hours or 0, days=q.days or 0)
            if has_data:
                notes.append(Assumption("stated_duration_ignored", hours_of(stated)))
                stated = None
        epochs = q.epochs if q.epochs is not None else 1.0
        if has_data and q.epochs is None:
            notes.append(Assumption("epochs_default", 1))
        seq = r.request.seq_len or 2048
        tokens = samples = None
        if q.step_seconds is not None:
            basis: DurationBasis = "step_time"
            if q.samples is not None:
                samples = q.samples
            else:
                samples = -(-(q.tokens or 0) // seq)  # packed into full sequences
                notes.append(Assumption("samples_from_tokens", seq))
        elif has_data:
            basis = "flops"
            avg = q.avg_len
            if q.tokens is None and avg is None:
                avg = seq
                notes.append(Assumption("avg_len_from_seq_len", seq))
            tokens = training_tokens(tokens=q.tokens, samples=q.samples, avg_len=avg, epochs=epochs)
        elif stated is not None:
            basis = "stated"
            notes.append(Assumption("duration_stated", hours_of(stated)))
        else:
            basis = "minimum_unit"
            notes.append(Assumption("minimum_unit"))
        recompute = q.grad_checkpointing is True
        attention = AttentionShape.of(r.spec, seq) if q.seq_len is not None else None
        if basis == "flops":
            adapter = r.method in ("lora", "qlora")  # the rule the time was computed with: 4·N·D, not 6·N·D
            notes.append(Assumption("recompute_counted" if recompute else
                                    "recompute_not_counted_adapter" if adapter else "recompute_not_counted"))
            if attention is None:
                notes.append(Assumption("attention_not_counted"))
        return cls(basis, q, r, tokens, samples, epochs, stated, recompute, attention, tuple(notes))

    def time(self, gpu: GpuSpec, plan: Plan, per_node: int, infiniband: bool) -> TrainingTime | None:
        """Training time of this job on `plan` over `gpu` (None when the duration is not computed)."""
        r, q = self.resolved, self.resolved.request
        if self.basis == "flops":
            assert self.tokens is not None
            return time_from_flops(
                gpu=gpu,
                num_gpus=plan.num_gpus,
                method=cast(Method, r.method),
                tokens=self.tokens,
                params=r.counts,
                lora_params=r.lora_params,
                attention=self.attention,
                gradient_checkpointing=self.recompute,
                zero=plan.zero,
                offload=cast(Offload, plan.offload),
                infiniband=infiniband,
                gpus_per_node=per_node,
                mfu=self.request.mfu,
            )
        if self.basis == "step_time":
            assert self.samples is not None and self.request.step_seconds is not None
            return time_from_steps(
                samples=self.samples,
                epochs=self.epochs,
                micro_batch=q.micro_batch or 1,
                grad_accum=q.grad_accum or 1,
                num_gpus=plan.num_gpus,
                seconds_per_step=Decimal(str(self.request.step_seconds)),
                download_minutes=self.request.side_minutes or 0,  # job minutes = download + train + save
            )
        return None


def hours_of(d: timedelta) -> float:
    return round(d.total_seconds() / 3600, 3)


