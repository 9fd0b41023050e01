"""The framework configs that need no model: a DeepSpeed JSON for a ZeRO stage and offload, and an
accelerate config for a card count (with DeepSpeed or DDP/FSDP).

Why its own module: "出一份 4 卡的 accelerate config" or "export the deepspeed zero-2 config" name no
model, and nothing in those files depends on one (batch sizes and precision are "auto", filled by
the trainer); the model-bound files (LLaMA-Factory YAML, the launch scripts, the header with the
predicted memory) stay in engine.export. The DeepSpeed body is engine.export's own, so both ways
write the same JSON.
"""

from __future__ import annotations

import json
from typing import Any

import yaml

from engine.breakdown import CARDS_PER_NODE
from engine.errors import InvalidRequest
from engine.export import DS_FILE, PRECISIONS, SHARDING, ExportPlan, deepspeed_body, trainer_precision_flags

ACCELERATE_FILE = "accelerate_config.yaml"
MAX_GPUS = 1024
DEFAULT_ZERO = 2  # the usual stage on one 8-GPU node (seed FAQ: ZeRO-2 is the common default)


def written_precision(precision: str | None) -> str:
    """The precision an accelerate launch trains at: the one asked ("bf16", "fp16", "no"), else bf16."""
    return precision if precision in PRECISIONS else "bf16"


def pin_precision(ds: dict[str, Any], precision: str) -> dict[str, Any]:
    """The DeepSpeed JSON with its fp16/bf16 sections set to `precision` instead of "auto": what an
    accelerate + DeepSpeed launch trains at (accelerate fills an "auto" from its own mixed_precision,
    which it refuses beside the JSON, so "auto" there would mean fp32)."""
    return {**ds, "fp16": {**ds["fp16"], "enabled": precision == "fp16"}, "bf16": {**ds["bf16"], "enabled": precision == "bf16"}}


def trainer_mixed_precision(p: ExportPlan) -> str:
    """The precision a model's trainer runs at, as accelerate names it: its LLaMA-Factory switches read
    back ("bf16" for bf16 or pure_bf16, "fp16", else "no")."""
    flags = trainer_precision_flags(p)
    return "fp16" if flags.get("fp16") else "bf16" if flags["bf16"] or flags["pure_bf16"] else "no"


def _count(num_gpus: int) -> int:
    if not isinstance(num_gpus, int) or isinstance(num_gpus, bool) or not 1 <= num_gpus <= MAX_GPUS:
        raise InvalidRequest("num_gpus", f"must be 1 to {MAX_GPUS}", value=num_gpus)
    return num_gpus


def accelerate_generic(num_gpus: int, zero: int | None, deepspeed: bool, offload: str = "none",
                       precision: str | None = None) -> dict[str, Any]:
    """accelerate's config for `num_gpus` cards: DeepSpeed at the ZeRO stage (its JSON beside it),
    else FSDP at the stage's sharding when a stage is named, else plain DDP (MULTI_GPU); mixed
    precision as asked ("bf16", "fp16", "no"), bf16 when not. Under DeepSpeed the precision is the JSON's
    alone: accelerate's launch refuses `mixed_precision` (like `zero_stage` and the offload keys) beside
    `deepspeed_config_file` ("When using `deepspeed_config_file`, the following accelerate config
    variables will be ignored"), so the file writes none of them and `generic_files` pins the JSON's."""
    n = _count(num_gpus)
    nodes = -(-n // CARDS_PER_NODE)
    config: dict[str, Any] = {"compute_environment": "LOCAL_MACHINE", "debug": False}
    if deepspeed:
        stage = DEFAULT_ZERO if zero is None else zero
        config |= {"distributed_type": "DEEPSPEED",
                   "deepspeed_config": {"deepspeed_config_file": DS_FILE, "zero3_init_flag": stage == 3}}
    elif n == 1:
        config["distributed_type"] = "NO"
    elif zero:
        config |= {"distributed_type": "FSDP", "fsdp_config": {
            "fsdp_auto_wrap_policy": "TRANSFORMER_BASED_WRAP", "fsdp_backward_prefetch": "BACKWARD_PRE",
            "fsdp_offload_params": offload != "none", "fsdp_sharding_strategy": SHARDING[zero],
            "fsdp_state_dict_type": "FULL_STATE_DICT", "fsdp_sync_module_states": True, "fsdp_use_orig_params": True}}
    else:
        config["distributed_type"] = "MULTI_GPU"
    config["machine_rank"] = 0
    config["main_training_function"] = "main"
    if not deepspeed:
        config["mixed_precision"] = written_precision(precision)
    config |= {"num_machines": nodes, "num_processes": n, "rdzv_backend": "static", "same_network": True,
               "use_cpu": False}
    return config


def accelerate_text(config: dict[str, Any]) -> str:
    """accelerate_config.yaml's text: how to launch it, where its precision is (the JSON's, under
    DeepSpeed) and the config."""
    lines = [f"# accelerate launch --config_file {ACCELERATE_FILE} train.py"]
    if config["distributed_type"] == "DEEPSPEED":
        lines.append(f"# precision: the bf16/fp16 sections of {DS_FILE} (accelerate refuses mixed_precision beside it)")
    return "\n".join(lines) + "\n" + yaml.safe_dump(config, sort_keys=False)


def generic_files(num_gpus: int | None, zero: int | None, offload: str, accelerate: bool,
                  deepspeed: bool, precision: str | None = None, micro_batch: int | None = None,
                  grad_accum: int | None = None) -> dict[str, str]:
    """{file name: content} for the configs asked for; DeepSpeed's JSON comes with an accelerate +
    DeepSpeed config (it points to it), and alone when only DeepSpeed or a ZeRO stage is named. A
    precision asked for ("4 卡 bf16", "fp16") is written where the run reads it (the JSON under DeepSpeed,
    else accelerate's mixed_precision), and a micro-batch or gradient
    accumulation asked for ("梯度累积 16") into the DeepSpeed JSON in place of "auto". With accelerate
    the JSON carries the precision itself (bf16 unless another was asked): accelerate reads it there."""
    precision = precision if precision in PRECISIONS else None
    out: dict[str, str] = {}
    stage = DEFAULT_ZERO if zero is None else zero
    if accelerate:
        out[ACCELERATE_FILE] = accelerate_text(accelerate_generic(num_gpus or 1, zero, deepspeed, offload, precision))
    if deepspeed:
        ds = deepspeed_body(stage, offload, precision, micro_batch, grad_accum)
        out[DS_FILE] = json.dumps(pin_precision(ds, written_precision(precision)) if accelerate else ds, indent=2) + "\n"
    return out
