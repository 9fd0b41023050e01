"""The normalized training request: what every front end (flags, chat text, buttons) produces.

Fields left as None were not stated; `resolve` fills them with the defaults the seeds assume and
records each filled default as an assumption, so a reply can say "sized at seq 2048, micro-batch 1".
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Method = Literal["full", "lora", "qlora", "pretrain"]
Offload = Literal["none", "optimizer", "all"]
Optimizer = Literal["adamw", "adamw-8bit"]
Attention = Literal["flash", "sdpa", "eager"]
Precision = Literal["mixed", "bf16", "fp32"]
# sft = next-token loss on one answer; the others are preference/RL objectives (engine.preference)
# The cross-entropy over the vocabulary, independent of the framework (engine/activations.py):
# fp32-upcast = transformers >= 4.50, legacy-shifted-fp32 = transformers <= 4.49, bf16 = in the logits' dtype
# (LitGPT), chunked = torchtune's chunked output, fused = Liger / Unsloth / Cut Cross-Entropy
Loss = Literal["fp32-upcast", "legacy-shifted-fp32", "bf16", "chunked", "fused"]
Sharding = Literal["deepspeed", "fsdp"]
Checkpointing = Literal["full", "selective", "none"]
Objective = Literal["sft", "dpo", "orpo", "kto", "simpo", "rm", "ppo", "grpo"]

MAX_PARAMS_B = 10_000.0  # 10 T parameters: beyond any model that exists; a typo, not a request
MAX_GPUS = 4096
MAX_SEQ_LEN = 1_048_576
MAX_TOKENS = 10**15  # a quadrillion tokens: ~30× the largest published pretraining corpus
MAX_SAMPLES = 10**12


class TrainingRequest(BaseModel):
    """One sizing/cost question, as stated by the user (None = not stated)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    model: str | None = None  # catalog id (or "config:<name>" for a config.json)
    params_b: float | None = Field(default=None, gt=0)
    method: Method | None = None
    objective: Objective | None = None
    gpu: str | None = None  # catalog id
    exclude: tuple[str, ...] | None = None  # catalog ids the user ruled out ("别推 h100"): never recommended
    num_gpus: int | None = None
    seq_len: int | None = None
    micro_batch: int | None = None
    grad_accum: int | None = None
    zero: Literal[0, 1, 2, 3] | None = None
    offload: Offload | None = None
    optimizer: Optimizer | None = None
    grad_checkpointing: bool | None = None
    attention: Attention | None = None
    lora_rank: int | None = None
    lora_targets: tuple[str, ...] | None = None
    precision: Precision | None = None
    fp32_grads: bool | None = None
    double_quant: bool | None = None
    chunked_loss: bool | None = None
    loss: Loss | None = None  # overrides the framework profile's loss
    sharding: Sharding | None = None  # ZeRO stage 3 as DeepSpeed or as PyTorch FSDP runs it (default: the framework's)
    checkpointing: Checkpointing | None = None  # full | selective (Megatron: attention core only) | none
    checkpoint_fraction: float | None = Field(default=None, gt=0, le=1)  # share of layers checkpointed (full)
    train_embeddings: bool | None = None  # LoRA: embeddings and lm_head fully trained (modules_to_save)
    activation_offload: bool | None = None  # checkpointed activations kept in host memory (torchtune)
    framework: str | None = None  # catalogs/frameworks.yaml id or alias (hf = HF Trainer + PEFT / LLaMA-Factory)
    packing: bool | None = None  # samples packed to exactly seq_len tokens (else seq_len is the longest sample)
    # whether batch lengths change from step to step (unpacked data padded to each batch's longest sample):
    # the allocator then keeps an earlier batch's buffers cached (engine/memory.py length_cache_gb)
    lengths: Literal["fixed", "variable"] | None = None
    lora_dropout: float | None = Field(default=None, ge=0, lt=1)  # PEFT lora_dropout: > 0 keeps a dropped copy
    # dataset and schedule (time and cost)
    tokens: int | None = None
    samples: int | None = None
    avg_len: int | None = None
    epochs: float | None = None
    learning_rate: float | None = Field(default=None, gt=0, lt=1)  # the trainer's peak learning rate (export only)
    save_steps: int | None = Field(default=None, gt=0)  # steps between the checkpoints the trainer saves (export only)
    # a dataset and a Hub repository named by the user (export only): plain names, never shell or YAML syntax
    dataset: str | None = Field(default=None, pattern=r"^[A-Za-z][A-Za-z0-9_.-]{0,62}$")
    hub_id: str | None = Field(default=None, pattern=r"^[A-Za-z][A-Za-z0-9_.-]{0,38}/[A-Za-z0-9][A-Za-z0-9_.-]{0,95}$")
    provider: str | None = None
    hours: float | None = None
    days: float | None = None
    step_seconds: float | None = None
    side_minutes: float | None = Field(default=None, ge=0, le=24 * 60)  # download + save minutes (seed 002), billed too
    mfu: float | None = None
    currency: str | None = None

    def merged(self, override: TrainingRequest) -> TrainingRequest:
        """This request with every field `override` states replacing ours (flags beat text)."""
        data = self.model_dump()
        data.update(override.model_dump(exclude_none=True))
        return TrainingRequest.model_validate(data)

    def stated(self) -> dict[str, object]:
        return self.model_dump(exclude_none=True)
