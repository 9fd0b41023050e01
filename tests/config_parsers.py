"""Load exported training files with the real tools' own parsers and print what they read, as JSON.

Run as a script (`python tests/config_parsers.py DIR`) from tests/test_export_parsers.py, in a
child process so torch, transformers and DeepSpeed never load into the test runner itself.

- LLaMA-Factory 0.9.5: `get_train_args` (its argument parser plus its checks). A file that names a
  DeepSpeed config goes through `_parse_train_args` instead (get_train_args refuses DeepSpeed
  outside a torchrun launch), which builds transformers' HfTrainerDeepSpeedConfig from the JSON;
  the "auto" values are then filled the way the HF trainer fills them and DeepSpeed's own
  `DeepSpeedConfig` parses the result; the rest of LLaMA-Factory's checks run on the same
  arguments without the DeepSpeed key. `use_cpu` is set because this machine has no GPU.
- DeepSpeed 0.19.8: `DeepSpeedZeroConfig` (pydantic, unknown keys refused) and `DeepSpeedConfig`.
- accelerate 1.11.0: `load_config_from_file` (ClusterConfig; unknown keys refused).
- launch scripts: `bash -n`, then the command line through torchrun's and accelerate launch's own
  argument parsers.
"""

from __future__ import annotations

import json
import logging
import os
import shlex
import subprocess
import sys
import warnings
from pathlib import Path
from types import SimpleNamespace
from typing import Any

HIDDEN = 5120  # any hidden size: the HF trainer sizes the stage-3 buckets from the model's


def _quiet() -> None:
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    os.environ.setdefault("DS_ACCELERATOR", "cpu")


def deepspeed_config(config: dict[str, Any], hidden: int = HIDDEN) -> dict[str, Any]:
    """DeepSpeed's own reading of a config whose "auto" values were filled as the HF trainer does."""
    from deepspeed.runtime.config import DeepSpeedConfig
    from deepspeed.runtime.zero.config import DeepSpeedZeroConfig

    filled = json.loads(json.dumps(config))
    for key in ("train_batch_size", "train_micro_batch_size_per_gpu", "gradient_accumulation_steps"):
        if filled.get(key) == "auto":
            filled[key] = 1
    if filled.get("gradient_clipping") == "auto":
        filled["gradient_clipping"] = 1.0
    filled["fp16"] = {**filled.get("fp16", {}), "enabled": False}
    filled["bf16"] = {"enabled": True}
    zero = filled.get("zero_optimization", {})
    autos = {"reduce_bucket_size": hidden * hidden, "stage3_prefetch_bucket_size": int(0.9 * hidden * hidden),
             "stage3_param_persistence_threshold": 10 * hidden}
    for key, value in autos.items():
        if zero.get(key) == "auto":
            zero[key] = value
    z = DeepSpeedZeroConfig(**zero)
    ds = DeepSpeedConfig(filled)
    return {
        "stage": int(ds.zero_optimization_stage),
        "offload_optimizer": _value(z.offload_optimizer.device) if z.offload_optimizer else None,
        "offload_param": _value(z.offload_param.device) if z.offload_param else None,
        "overlap_comm": bool(z.overlap_comm),
        "reduce_bucket_size": int(z.reduce_bucket_size),
        "allgather_bucket_size": int(z.allgather_bucket_size),
        "max_live_parameters": int(z.max_live_parameters),
        "bf16": bool(ds.bfloat16_config.enabled),
    }


def _value(x: Any) -> str:
    return str(getattr(x, "value", x))


def llamafactory(path: Path) -> dict[str, Any]:
    import yaml
    from llamafactory.hparams import get_train_args
    from llamafactory.hparams.parser import _parse_train_args

    args = yaml.safe_load(path.read_text(encoding="utf-8"))
    args["use_cpu"] = True
    out: dict[str, Any] = {}
    cwd = os.getcwd()
    os.chdir(path.parent)  # the YAML names the DeepSpeed file relative to itself
    try:
        if args.get("deepspeed"):
            _, _, ta, _, _ = _parse_train_args(dict(args))
            hf = ta.hf_deepspeed_config
            hf.trainer_config_finalize(ta, SimpleNamespace(config=SimpleNamespace(hidden_size=HIDDEN)), 1000)
            out["deepspeed"] = deepspeed_config(hf.config)
            args.pop("deepspeed")
        model, data, training, finetuning, _ = get_train_args(args)
    finally:
        os.chdir(cwd)
    out.update({
        "model_name_or_path": model.model_name_or_path,
        "stage": finetuning.stage,
        "finetuning_type": finetuning.finetuning_type,
        "lora_rank": finetuning.lora_rank if finetuning.finetuning_type == "lora" else None,
        "lora_target": list(finetuning.lora_target) if finetuning.finetuning_type == "lora" else None,
        "quantization_bit": model.quantization_bit,
        "double_quantization": model.double_quantization,
        "cutoff_len": data.cutoff_len,
        "template": data.template,
        "template_known": data.template in _templates(),
        "per_device_train_batch_size": training.per_device_train_batch_size,
        "gradient_accumulation_steps": training.gradient_accumulation_steps,
        "bf16": bool(training.bf16),
        "pure_bf16": bool(model.infer_dtype == "bfloat16" and finetuning.pure_bf16),
        "flash_attn": str(getattr(model.flash_attn, "value", model.flash_attn)),
        "gradient_checkpointing": not model.disable_gradient_checkpointing,
        "optim": str(getattr(training.optim, "value", training.optim)),
        "learning_rate": training.learning_rate,
        "num_train_epochs": training.num_train_epochs,
    })
    return out


def _templates() -> set[str]:
    """LLaMA-Factory's registered chat templates, read from the register_template(name=...) calls in its
    installed source (importing that module pulls in torchaudio, which the CPU set-up does not have)."""
    import ast
    from importlib.util import find_spec

    spec = find_spec("llamafactory")
    assert spec is not None and spec.submodule_search_locations
    source = Path(next(iter(spec.submodule_search_locations))) / "data" / "template.py"
    names = set()
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "register_template":
            for kw in node.keywords:
                if kw.arg == "name" and isinstance(kw.value, ast.Constant):
                    names.add(str(kw.value.value))
    return names


def accelerate(path: Path) -> dict[str, Any]:
    from accelerate.commands.config.config_args import load_config_from_file

    c = load_config_from_file(str(path))
    fsdp = c.fsdp_config or {}
    return {
        "class": type(c).__name__,
        "distributed_type": str(getattr(c.distributed_type, "value", c.distributed_type)),
        "num_processes": c.num_processes,
        "num_machines": c.num_machines,
        "mixed_precision": str(c.mixed_precision),
        "sharding": fsdp.get("fsdp_sharding_strategy"),
        "offload_params": fsdp.get("fsdp_offload_params"),
    }


def launch(path: Path) -> dict[str, Any]:
    """The command line read by the launcher's own parser (variables replaced by sample values)."""
    subprocess.run(["bash", "-n", str(path)], check=True)
    line = [ln for ln in path.read_text().splitlines() if ln and not ln.startswith("#")][-1]
    sample = {'"$NNODES"': "2", '"$NODE_RANK"': "0", '"$MASTER_ADDR"': "10.0.0.1", '"$MASTER_PORT"': "29500"}
    for var, value in sample.items():
        line = line.replace(var, value)
    words = shlex.split(line)
    env = {}
    while words and "=" in words[0] and not words[0].startswith("-"):
        key, _, value = words.pop(0).partition("=")
        env[key] = value
    out: dict[str, Any] = {"program": words[0], "env": env}
    if words[0] == "torchrun":
        from torch.distributed.run import get_args_parser

        a = get_args_parser().parse_args(words[1:])
        out |= {"nnodes": a.nnodes, "nproc_per_node": a.nproc_per_node, "module": a.module,
                "script": a.training_script, "args": a.training_script_args}
    elif words[0] == "accelerate":
        from accelerate.commands.launch import launch_command_parser

        a = launch_command_parser().parse_args(words[2:])
        out |= {"config_file": a.config_file, "num_machines": a.num_machines, "num_processes": a.num_processes,
                "module": a.module, "script": a.training_script, "args": a.training_script_args}
    else:
        out["args"] = words[1:]
    return out


def read_dir(folder: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for path in sorted(folder.iterdir()):
        if path.name.startswith("llamafactory"):
            out[path.name] = llamafactory(path)
        elif path.suffix == ".json":
            out[path.name] = deepspeed_config(json.loads(path.read_text(encoding="utf-8")))
        elif path.name.startswith("accelerate"):
            out[path.name] = accelerate(path)
        elif path.suffix == ".sh":
            out[path.name] = launch(path)
    return out


if __name__ == "__main__":
    _quiet()
    result = {name: read_dir(Path(name)) for name in sys.argv[1:]}
    sys.stdout.write("KASUAN-JSON " + json.dumps(result) + "\n")
