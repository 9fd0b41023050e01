"""Training-framework profiles (catalogs/frameworks.yaml): how a framework's own code changes peak memory.

The same model, method and shape take different memory under different frameworks because they
compute the loss differently (an fp32 upcast of the whole logits, chunks, or a fused kernel),
prepare 4-bit models differently and step the optimizer differently. A profile carries those
differences as data with their sources; the default is Hugging Face Trainer + PEFT, the stack
LLaMA-Factory runs and the seeds' tables assume.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field

from catalogs import catalog_path
from engine.catalog import Index, Strict
from engine.catalog_files import load_entries

DEFAULT_FRAMEWORK = "hf"
Loss = Literal["hf_upcast", "hf_legacy", "chunked_output", "bf16_chunked", "fused"]
# The user-facing loss names (TrainingRequest.loss, --loss) and the profile's loss codes.
LOSS_OPTIONS: dict[str, Loss] = {"fp32-upcast": "hf_upcast", "legacy-shifted-fp32": "hf_legacy", "bf16": "bf16_chunked",
                                 "chunked": "chunked_output", "fused": "fused"}
LOSS_NAMES = {code: name for name, code in LOSS_OPTIONS.items()}


class FrameworkProfile(Strict):
    id: str
    name: str
    aliases: list[str] = Field(default=[])  # not a factory: engine.catalog.Strict says why
    loss: Loss
    loss_chunks: int = Field(default=1, ge=1)
    kbit_fp32: bool
    foreach_adamw: bool
    eager_families: list[str] = Field(default=[])
    default_lora_targets: list[str]
    offload_checkpoints: bool = False
    # trainer: the loop drops the model output before backward (HF Trainer returns only the loss);
    # manual: a hand-written loop keeps `outputs` (the logits) alive through the layers' backward.
    loop: Literal["trainer", "manual"] = "trainer"
    # the model's use_cache stays on in training (checkpointing applied from outside the model): every layer's
    # k and v are held with the model output (engine/memory.py kv_cache_bytes)
    kv_cache: bool = False
    # the LoRA dropout the framework's recipes use when the user does not say (PEFT's LoraConfig default 0.0)
    lora_dropout: float = Field(default=0.0, ge=0, lt=1)
    # LoRA runs through PEFT-style modules (each targeted projection keeps its own cast / dropped input copy);
    # false for fused LoRA kernels that keep each group's input once (Unsloth)
    lora_copies: bool = True
    # the framework's own model code runs q, k and v as one projection, with one LoRA dropout over its input
    fused_qkv: bool = False
    # the loss the same framework computes on an older transformers; used when the version is not stated
    older_loss: Loss | None = None
    # ZeRO stage 3 as this framework usually runs it: DeepSpeed or PyTorch FSDP
    sharding: Literal["deepspeed", "fsdp"] = "deepspeed"
    # TRL skips prepare_model_for_kbit_training when the 4-bit weights are sharded (FSDP / ZeRO-3 QLoRA)
    kbit_fp32_sharded: bool = True
    source: str
    checked: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")


@cache
def frameworks() -> Index[FrameworkProfile]:
    return Index("framework", load_entries(catalog_path("frameworks.yaml"), "frameworks", FrameworkProfile))

