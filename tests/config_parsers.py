"""Run exported bundles through the real tools' own set-up paths and print what they built, as JSON.

Run as a script from tests/test_export_parsers.py, in a child process so torch, transformers and
DeepSpeed never load into the test runner itself:

    python tests/config_parsers.py TINY_DIR BUNDLE... [smoke:BUNDLE ...]

For every bundle folder (the export's files as written):
- LLaMA-Factory 0.9.5: `get_train_args` (its argument parser plus its checks). A file that names a
  DeepSpeed config goes through `_parse_train_args` first (get_train_args refuses DeepSpeed outside
  a torchrun launch), which builds transformers' HfTrainerDeepSpeedConfig from the JSON; the trainer's
  own `trainer_config_finalize` fills the "auto" values and DeepSpeed's `DeepSpeedConfig` parses the
  result. `use_cpu` is set because this machine has no GPU.
- its quantization step (`configure_quantization`, the path `load_model` takes): the
  BitsAndBytesConfig it builds for QLoRA. bitsandbytes itself is not installed (it needs CUDA), so
  only LLaMA-Factory's version gate is recorded instead of enforced.
- its template (`get_template_and_fix_tokenizer`) and dataset loading (`get_dataset`) from the
  bundle's own dataset_info.json and demo file, tokenized with a tiny tokenizer built here.
- DeepSpeed 0.19.8: `DeepSpeedZeroConfig` (pydantic, unknown keys refused) and `DeepSpeedConfig`.
- accelerate 1.11.0: `load_config_from_file` (ClusterConfig; unknown keys refused).
- launch scripts: `bash -n`, then the command line through torchrun's and accelerate launch's own
  argument parsers.
`smoke:BUNDLE` then trains that bundle for 2 steps on the CPU with LLaMA-Factory's `run_exp` (what
`llamafactory-cli train FILE` calls), the YAML as written except the model path (the tiny random
model), `max_steps: 2` and `use_cpu`.

LLaMA-Factory imports torchaudio at module level for audio inputs (llamafactory/data/mm_plugin.py);
the CPU test set-up has no torchaudio and text training never calls it, so an empty module stands
in for it — nothing else is replaced.
"""

from __future__ import annotations

import importlib.machinery
import json
import logging
import os
import shlex
import subprocess
import sys
import types
import warnings
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import yaml

HIDDEN = 5120  # any hidden size: the HF trainer sizes the stage-3 buckets from the model's
TINY = {"hidden_size": 32, "intermediate_size": 64, "num_hidden_layers": 2, "num_attention_heads": 2,
        "num_key_value_heads": 1, "max_position_embeddings": 4096}
SPECIAL = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]


def _quiet() -> None:
    warnings.filterwarnings("ignore")
    logging.disable(logging.WARNING)
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    os.environ.setdefault("DS_ACCELERATOR", "cpu")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    os.environ.setdefault("DISABLE_VERSION_CHECK", "1")  # LLaMA-Factory's pins predate transformers 5.6
    if "torchaudio" not in sys.modules:
        placeholder = types.ModuleType("torchaudio")
        placeholder.__spec__ = importlib.machinery.ModuleSpec("torchaudio", None)
        sys.modules["torchaudio"] = placeholder


def tiny_model(folder: Path, texts: list[str]) -> None:
    """A randomly initialised 2-layer Qwen2 and a byte-level BPE tokenizer trained here on `texts`
    (with Qwen's chat markers as special tokens): nothing comes from a model hub."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast, Qwen2Config, Qwen2ForCausalLM

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=600, special_tokens=SPECIAL,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(texts, trainer)
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, eos_token="<|im_end|>", pad_token="<|endoftext|>")
    fast.save_pretrained(folder)
    config = Qwen2Config(vocab_size=len(fast), bos_token_id=None, eos_token_id=fast.eos_token_id,
                         pad_token_id=fast.pad_token_id, tie_word_embeddings=True, **TINY)
    Qwen2ForCausalLM(config).save_pretrained(folder)


def deepspeed_config(config: dict[str, Any]) -> dict[str, Any]:
    """DeepSpeed's own reading of a config (its "auto" values already filled by the HF trainer, or
    filled here the same way when the JSON is read on its own)."""
    from deepspeed.runtime.config import DeepSpeedConfig
    from deepspeed.runtime.zero.config import DeepSpeedZeroConfig

    filled = json.loads(json.dumps(config))
    filled.pop("_kasuan", None)
    for key in ("train_micro_batch_size_per_gpu", "gradient_accumulation_steps"):
        if filled.get(key) == "auto":
            filled[key] = 1
    if filled.get("train_batch_size") == "auto":  # as the HF trainer fills it: world size (1 here) x micro-batch x accumulation
        filled["train_batch_size"] = filled["train_micro_batch_size_per_gpu"] * filled["gradient_accumulation_steps"]
    if filled.get("gradient_clipping") == "auto":
        filled["gradient_clipping"] = 1.0
    for key in ("fp16", "bf16"):
        if filled.get(key, {}).get("enabled") == "auto":
            filled[key]["enabled"] = key == "bf16"
    zero = filled.get("zero_optimization", {})
    autos = {"reduce_bucket_size": HIDDEN * HIDDEN, "stage3_prefetch_bucket_size": int(0.9 * HIDDEN * HIDDEN),
             "stage3_param_persistence_threshold": 10 * HIDDEN}
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
        "train_batch_size": int(ds.train_batch_size),
        "micro_batch": int(ds.train_micro_batch_size_per_gpu),
        "grad_accum": int(ds.gradient_accumulation_steps),
        "gradient_clipping": float(ds.gradient_clipping),
        "bf16": bool(ds.bfloat16_config.enabled),
    }


def _value(x: Any) -> str:
    return str(getattr(x, "value", x))


def quantization(model_args: Any) -> dict[str, Any] | None:
    """The quantization config LLaMA-Factory's model loader would pass to from_pretrained."""
    import llamafactory.model.model_utils.quantization as q

    gates: list[str] = []
    real_gate = q.check_version
    q.check_version = lambda requirement, mandatory=False: gates.append(requirement)  # no bitsandbytes on CPU
    try:
        init_kwargs: dict[str, Any] = {}
        q.configure_quantization(SimpleNamespace(model_type="qwen3"), None, model_args, True, init_kwargs)
    finally:
        q.check_version = real_gate
    c = init_kwargs.get("quantization_config")
    if c is None:
        return None
    return {"class": type(c).__name__, "load_in_4bit": bool(c.load_in_4bit), "quant_type": c.bnb_4bit_quant_type,
            "double_quant": bool(c.bnb_4bit_use_double_quant), "compute_dtype": str(c.bnb_4bit_compute_dtype),
            "gates": gates}


def dataset(folder: Path, model_args: Any, data_args: Any, training_args: Any, stage: str,
            tiny: Path) -> dict[str, Any]:
    """The bundle's own dataset, loaded and tokenized by LLaMA-Factory with the plan's template."""
    from llamafactory.data import get_dataset, get_template_and_fix_tokenizer
    from llamafactory.extras.constants import IGNORE_INDEX
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(str(tiny))
    template = get_template_and_fix_tokenizer(tokenizer, data_args)
    data_args.preprocessing_num_workers = None  # six demo rows: no worker processes (speed only)
    module = get_dataset(template, model_args, data_args, training_args, "rm" if stage == "dpo" else stage,
                         tokenizer)
    train = module["train_dataset"]
    row = train[0]
    labels = row.get("labels") or row.get("chosen_labels") or row.get("input_ids") or []  # pt: every token
    return {"rows": len(train), "columns": sorted(train.column_names), "length": len(row["input_ids"]
            if "input_ids" in row else row["chosen_input_ids"]),
            "trained_tokens": sum(1 for t in labels if t != IGNORE_INDEX),
            "template": data_args.template, "format_user": type(template.format_user).__name__,
            "names": list(data_args.dataset or [])}


def llamafactory(path: Path, tiny: Path) -> dict[str, Any]:
    from llamafactory.data.template import TEMPLATES
    from llamafactory.hparams import get_train_args
    from llamafactory.hparams.parser import _parse_train_args

    args = yaml.safe_load(path.read_text(encoding="utf-8"))
    args["use_cpu"] = True
    out: dict[str, Any] = {}
    cwd = os.getcwd()
    os.chdir(path.parent)  # the YAML names the DeepSpeed file and the dataset folder relative to itself
    try:
        if args.get("deepspeed"):
            _, _, ta, _, _ = _parse_train_args(dict(args))
            hf = ta.hf_deepspeed_config
            hf.trainer_config_finalize(ta, SimpleNamespace(config=SimpleNamespace(hidden_size=HIDDEN)), 1000)
            out["deepspeed"] = deepspeed_config(hf.config)
            args.pop("deepspeed")
        model, data, training, finetuning, _ = get_train_args(args)
        out["quantization"] = quantization(model)
        out["dataset"] = dataset(path.parent, model, data, training, finetuning.stage, tiny)
    finally:
        os.chdir(cwd)
    out.update({
        "model_name_or_path": model.model_name_or_path,
        "stage": finetuning.stage,
        "pref_loss": finetuning.pref_loss if finetuning.stage == "dpo" else None,
        "finetuning_type": finetuning.finetuning_type,
        "lora_rank": finetuning.lora_rank if finetuning.finetuning_type == "lora" else None,
        "lora_target": list(finetuning.lora_target) if finetuning.finetuning_type == "lora" else None,
        "quantization_bit": model.quantization_bit,
        "cutoff_len": data.cutoff_len,
        "template": data.template,
        "template_known": data.template in TEMPLATES,
        "per_device_train_batch_size": training.per_device_train_batch_size,
        "gradient_accumulation_steps": training.gradient_accumulation_steps,
        "save_total_limit": training.save_total_limit,
        "output_dir": training.output_dir,
        "bf16": bool(training.bf16),
        "flash_attn": str(getattr(model.flash_attn, "value", model.flash_attn)),
        "gradient_checkpointing": not model.disable_gradient_checkpointing,
        "optim": str(getattr(training.optim, "value", training.optim)),
        "learning_rate": training.learning_rate,
        "num_train_epochs": training.num_train_epochs,
    })
    return out


def start_checks(path: Path, bf16_card: bool = True) -> str | None:
    """What LLaMA-Factory says when `llamafactory-cli train` starts on the YAML as written, on the card it
    was exported for: `get_train_args` with the DeepSpeed file in place (every check it makes at start-up,
    pure_bf16 beside ZeRO-3 among them). None when it accepts the file, else its refusal.

    Two facts of this CPU-only machine stand in for the launch: torchrun's distributed mode (LLaMA-Factory
    refuses DeepSpeed in a plain process, so `parallel_mode` reads DISTRIBUTED, as under FORCE_TORCHRUN)
    and the card's bf16 support (`bf16_card`): LLaMA-Factory's device check for pure_bf16 and, on a card
    without bf16 (V100, T4), the HF trainer's own ("Your setup doesn't support bf16/gpu"), which it only
    makes off the CPU: so there `use_cpu` is off and this machine answers as that card does."""
    import llamafactory.hparams.parser as lf_parser
    import transformers.training_args as hf_args
    from llamafactory.hparams import get_train_args
    from transformers import TrainingArguments
    from transformers.training_args import ParallelMode

    args = yaml.safe_load(path.read_text(encoding="utf-8"))
    args |= {"use_cpu": bf16_card, "output_dir": str(path.parent / "checks-out")}
    real_mode, real_bf16, real_hf_bf16 = (TrainingArguments.parallel_mode, lf_parser.is_torch_bf16_gpu_available,
                                          hf_args.is_torch_bf16_gpu_available)
    cwd = os.getcwd()
    os.chdir(path.parent)
    try:
        if args.get("deepspeed"):
            TrainingArguments.parallel_mode = property(lambda self: ParallelMode.DISTRIBUTED)  # type: ignore[assignment,method-assign]
        lf_parser.is_torch_bf16_gpu_available = hf_args.is_torch_bf16_gpu_available = lambda: bf16_card
        get_train_args(args)
    except ValueError as refusal:
        return str(refusal)
    finally:
        TrainingArguments.parallel_mode = real_mode  # type: ignore[method-assign]
        lf_parser.is_torch_bf16_gpu_available, hf_args.is_torch_bf16_gpu_available = real_bf16, real_hf_bf16
        os.chdir(cwd)
    return None


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
    text = path.read_text(encoding="utf-8")
    line = [ln for ln in text.splitlines() if ln and not ln.startswith("#")][-1]
    sample = {'"$NNODES"': "2", '"$NODE_RANK"': "0", '"$MASTER_ADDR"': "10.0.0.1", '"$MASTER_PORT"': "29500"}
    for var, value in sample.items():
        line = line.replace(var, value)
    words = shlex.split(line)
    env = {}
    while words and "=" in words[0] and not words[0].startswith("-"):
        key, _, value = words.pop(0).partition("=")
        env[key] = value
    exported = dict(ln.removeprefix("export ").split("=", 1) for ln in text.splitlines() if ln.startswith("export "))
    out: dict[str, Any] = {"program": words[0], "env": env, "exported": sorted(exported)}
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


def read_dir(folder: Path, tiny: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for path in sorted(folder.iterdir()):
        if path.name.startswith("llamafactory"):
            out[path.name] = llamafactory(path, tiny)
        elif path.name == "ds_config.json":
            out[path.name] = deepspeed_config(json.loads(path.read_text(encoding="utf-8")))
        elif path.name.startswith("accelerate"):
            out[path.name] = accelerate(path)
        elif path.suffix == ".sh":
            out[path.name] = launch(path)
    return out


def smoke(folder: Path, tiny: Path) -> dict[str, Any]:
    """Train the bundle's llamafactory.yaml for 2 steps on the CPU, only the model swapped."""
    from llamafactory.train.tuner import run_exp

    args = yaml.safe_load((folder / "llamafactory.yaml").read_text(encoding="utf-8"))
    args |= {"model_name_or_path": str(tiny), "max_steps": 2, "use_cpu": True}
    cwd = os.getcwd()
    os.chdir(folder)  # as the launch scripts do
    try:
        run_exp(args)
    finally:
        os.chdir(cwd)
    out_dir = folder / args["output_dir"]
    state = json.loads((out_dir / "trainer_state.json").read_text(encoding="utf-8"))
    losses = [h["train_loss"] for h in state["log_history"] if "train_loss" in h]
    return {"global_step": state["global_step"], "train_loss": losses[-1] if losses else None,
            "saved": sorted(p.name for p in out_dir.iterdir() if p.suffix in (".safetensors", ".bin")),
            "changed": _changed(out_dir, tiny)}


def _changed(out_dir: Path, tiny: Path) -> float:
    """How far training moved the saved weights: full weights against the initial tiny model, LoRA's
    B matrices against their zero start (a run that only loaded would leave both at 0)."""
    from safetensors.torch import load_file

    if (out_dir / "adapter_model.safetensors").exists():
        tensors = load_file(str(out_dir / "adapter_model.safetensors"))
        return max(float(t.abs().max()) for k, t in tensors.items() if "lora_B" in k)
    after = load_file(str(out_dir / "model.safetensors"))
    before = load_file(str(tiny / "model.safetensors"))
    return max(float((after[k].float() - before[k].float()).abs().max()) for k in before)


def demo_texts(folders: list[Path]) -> list[str]:
    texts = []
    for folder in folders:
        for path in folder.glob("kasuan_demo_*.json"):
            for row in json.loads(path.read_text(encoding="utf-8")):
                texts += [str(v) for v in row.values()]
    return texts


if __name__ == "__main__":
    _quiet()
    tiny_dir = Path(sys.argv[1]).resolve()
    names = [a for a in sys.argv[2:] if not a.startswith("smoke:")]
    tiny_model(tiny_dir, [*demo_texts([Path(n) for n in names]), "user assistant system"])
    names = [n for n in names if not n.startswith(("checks:", "checks-no-bf16:"))]
    result: dict[str, Any] = {name: read_dir(Path(name), tiny_dir) for name in names}
    for arg in sys.argv[2:]:
        if arg.startswith(("checks:", "checks-no-bf16:")):  # the start-up checks alone, for every LLaMA-Factory
            kind, _, name = arg.partition(":")              # YAML in the bundle, on a card with bf16 or without
            result[arg] = {f.name: start_checks(f.resolve(), kind == "checks")
                           for f in sorted(Path(name).glob("llamafactory*.yaml"))}
    for arg in sys.argv[2:]:
        if arg.startswith("smoke:"):
            name = arg.removeprefix("smoke:")
            result[name]["smoke"] = smoke(Path(name).resolve(), tiny_dir)
    sys.stdout.write("KASUAN-JSON " + json.dumps(result) + "\n")
