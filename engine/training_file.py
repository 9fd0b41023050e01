"""A user's own training files -> the TrainingRequest they would run, with where each value came from.

Formats, recognised by their keys (not their names): a Hugging Face config.json (the architecture),
a LLaMA-Factory YAML, an axolotl YAML, a TRL / transformers TrainingArguments JSON (or YAML), a
DeepSpeed JSON and an accelerate config. Several files together make one job: a LLaMA-Factory YAML
whose `deepspeed:` names the DeepSpeed JSON sent beside it takes its ZeRO stage and offload from it.

Every value taken is a `Setting` (request field, value, file, key), so the reply can name what it
read and a fix can point at the very line. Values the sizing cannot follow (8-bit quantization,
`freeze` tuning, a DeepSpeed file that was named but not sent) are `Skipped`, named in the reply,
never silently dropped. Pure: bytes in, data out; nothing is executed, imported or fetched.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from engine.catalog import ModelSpec, models
from engine.errors import UnknownName
from engine.hf_config import spec_from_config
from engine.request import TrainingRequest
from engine.safe_load import FileRefused, decode, load_mapping

MAX_FILES = 4
KINDS = ("hf_config", "llamafactory", "axolotl", "trainer_args", "deepspeed", "accelerate")
LF_KEYS = {"finetuning_type", "cutoff_len", "template", "stage", "lora_target", "quantization_bit", "flash_attn"}
AXOLOTL_KEYS = {"base_model", "sequence_len", "micro_batch_size", "adapter", "lora_target_modules",
                "lora_target_linear", "load_in_4bit", "sample_packing", "flash_attention", "datasets"}
TRAINER_KEYS = {"per_device_train_batch_size", "output_dir", "gradient_accumulation_steps", "max_seq_length",
                "max_length", "learning_rate", "num_train_epochs"}
DS_KEYS = {"zero_optimization", "train_micro_batch_size_per_gpu", "train_batch_size"}
ACCELERATE_KEYS = {"compute_environment", "distributed_type", "num_processes"}
EIGHT_BIT_OPTIMIZERS = {"adamw_8bit", "adamw_bnb_8bit", "paged_adamw_8bit", "adam8bit", "adamw8bit"}
ATTENTION = {"fa2": "flash", "flash_attention_2": "flash", "sdpa": "sdpa", "disabled": "eager", "eager": "eager"}
TARGETS = {"q_proj": "q", "k_proj": "k", "v_proj": "v", "o_proj": "o", "gate_proj": "gate", "up_proj": "up",
           "down_proj": "down"}
ALL_TARGETS = ("q", "k", "v", "o", "gate", "up", "down")
OBJECTIVES = {"sft": "sft", "dpo": "dpo", "kto": "kto", "rm": "rm", "ppo": "ppo", "orpo": "orpo", "simpo": "simpo",
              "grpo": "grpo"}


@dataclass(frozen=True)
class Setting:
    """One value read: the request field it sets, the value, and the file and key path it came from."""

    field: str
    value: Any
    file: str
    key: tuple[str, ...]


@dataclass(frozen=True)
class Skipped:
    """A value the file states that the sizing does not follow; `code` words it in the reply."""

    code: str
    file: str
    key: str
    value: str = ""


@dataclass(frozen=True)
class SourceFile:
    name: str
    text: str
    kind: str
    data: dict[str, Any]


@dataclass
class TrainingFiles:
    """The job the files describe: the request, the architecture (from a config.json), and provenance."""

    files: list[SourceFile]
    settings: list[Setting] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    spec: ModelSpec | None = None
    model_name: str | None = None  # as the file writes it (Qwen/Qwen2.5-7B-Instruct)

    @property
    def request(self) -> TrainingRequest:
        data: dict[str, Any] = {}
        for s in self.settings:
            if s.field in TrainingRequest.model_fields:
                data[s.field] = s.value  # later files (the DeepSpeed JSON) refine earlier ones
        return TrainingRequest.model_validate(data)

    @property
    def primary(self) -> SourceFile:
        """The file a fix edits first: the training recipe (not the config.json or DeepSpeed JSON)."""
        for kind in ("llamafactory", "axolotl", "trainer_args", "deepspeed", "accelerate", "hf_config"):
            for f in self.files:
                if f.kind == kind:
                    return f
        return self.files[0]

    def origin(self, name: str) -> Setting | None:
        """Where request field `name` was last read, if any file states it."""
        found = None
        for s in self.settings:
            if s.field == name:
                found = s
        return found

    def kinds(self) -> list[str]:
        return [f.kind for f in self.files]


def kind_of(data: dict[str, Any]) -> str | None:
    keys = set(data)
    if "model_type" in keys and ("num_hidden_layers" in keys or "text_config" in keys or "hidden_size" in keys):
        return "hf_config"
    if keys & LF_KEYS and not keys & {"base_model", "sequence_len"}:
        return "llamafactory"
    if keys & {"base_model", "sequence_len", "micro_batch_size"} or (keys & AXOLOTL_KEYS and not keys & TRAINER_KEYS):
        return "axolotl"
    if keys & DS_KEYS and "per_device_train_batch_size" not in keys:
        return "deepspeed"
    if keys & TRAINER_KEYS:
        return "trainer_args"
    if keys & ACCELERATE_KEYS:
        return "accelerate"
    return None


def read_files(files: list[tuple[str, bytes]]) -> TrainingFiles:
    """Parse and map up to MAX_FILES files; any refusal (size, binary, aliases, depth, format) raises."""
    if not files:
        raise FileRefused("unrecognized", "-")
    if len(files) > MAX_FILES:
        raise FileRefused("too_many_files", files[0][0], limit=MAX_FILES)
    parsed: list[SourceFile] = []
    for name, raw in files:
        text = decode(name, raw)
        data = load_mapping(name, text)
        kind = kind_of(data)
        if kind is None:
            raise FileRefused("unrecognized", name)
        parsed.append(SourceFile(PurePosixPath(name).name or name, text, kind, data))
    order = {k: i for i, k in enumerate(("hf_config", "llamafactory", "axolotl", "trainer_args", "accelerate",
                                         "deepspeed"))}
    parsed.sort(key=lambda f: order[f.kind])  # the DeepSpeed JSON refines the recipe, never the reverse
    job = TrainingFiles(parsed)
    for f in parsed:
        READERS[f.kind](job, f)
    _named_deepspeed(job)
    _resolve_model(job)
    return job


# ---------------------------------------------------------------- helpers


def _put(job: TrainingFiles, f: SourceFile, fld: str, value: Any, *key: str) -> None:
    job.settings.append(Setting(fld, value, f.name, key))


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def _truthy(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false", "auto"):
        return value.lower() != "false"
    return None


def _targets(value: Any) -> tuple[str, ...] | None:
    """"all", "q_proj,v_proj" or a list -> the catalog's short names; None when nothing is known."""
    items = value.split(",") if isinstance(value, str) else value if isinstance(value, list) else None
    if items is None:
        return None
    names = [str(i).strip() for i in items if str(i).strip()]
    if any(n.lower() in ("all", "all-linear", "all_linear") for n in names):
        return ALL_TARGETS
    short = tuple(dict.fromkeys(TARGETS.get(n, n.removesuffix("_proj")) for n in names))
    return short if short and all(s in ALL_TARGETS for s in short) else None


def _optimizer(job: TrainingFiles, f: SourceFile, key: str) -> None:
    value = f.data.get(key)
    if isinstance(value, str):
        _put(job, f, "optimizer", "adamw-8bit" if value.lower() in EIGHT_BIT_OPTIMIZERS else "adamw", key)


def _precision(job: TrainingFiles, f: SourceFile, bf16: Any, fp16: Any, pure: Any = None) -> None:
    if _truthy(pure):
        _put(job, f, "precision", "bf16", "pure_bf16")
    elif _truthy(bf16) or _truthy(fp16):
        _put(job, f, "precision", "mixed", "bf16" if _truthy(bf16) else "fp16")
    elif bf16 is False and (fp16 is False or fp16 is None):
        _put(job, f, "precision", "fp32", "bf16")


def _method(job: TrainingFiles, f: SourceFile, adapter: bool, bits: Any, key: str, bits_key: str) -> None:
    if not adapter:
        _put(job, f, "method", "full", key)
        return
    if bits == 4:
        _put(job, f, "method", "qlora", bits_key)
    else:
        _put(job, f, "method", "lora", key)
        if bits == 8:
            job.skipped.append(Skipped("int8", f.name, bits_key, "8"))


def _model(job: TrainingFiles, f: SourceFile, key: str) -> None:
    value = f.data.get(key)
    if isinstance(value, str) and value.strip() and job.model_name is None:
        job.model_name = value.strip()
        job.settings.append(Setting("model_name", value.strip(), f.name, (key,)))


# ---------------------------------------------------------------- one reader per format


def read_hf_config(job: TrainingFiles, f: SourceFile) -> None:
    name = str(f.data.get("_name_or_path") or PurePosixPath(f.name).stem)
    job.spec = spec_from_config(f.data, name)


def read_llamafactory(job: TrainingFiles, f: SourceFile) -> None:
    d = f.data
    _model(job, f, "model_name_or_path")
    tuning = str(d.get("finetuning_type", "lora")).lower()
    stage = str(d.get("stage", "sft")).lower()
    if tuning == "freeze":
        job.skipped.append(Skipped("freeze", f.name, "finetuning_type", "freeze"))
    if stage == "pt" and tuning != "lora":
        _put(job, f, "method", "pretrain", "stage")
    else:
        _method(job, f, tuning == "lora", d.get("quantization_bit"), "finetuning_type", "quantization_bit")
    if stage in OBJECTIVES:
        _put(job, f, "objective", OBJECTIVES[stage], "stage")
    if tuning == "lora":
        if rank := _int(d.get("lora_rank")):
            _put(job, f, "lora_rank", rank, "lora_rank")
        if targets := _targets(d.get("lora_target")):
            _put(job, f, "lora_targets", targets, "lora_target")
        if isinstance(d.get("lora_dropout"), int | float):
            _put(job, f, "lora_dropout", float(d["lora_dropout"]), "lora_dropout")
        if d.get("additional_target"):
            _put(job, f, "train_embeddings", True, "additional_target")
    if seq := _int(d.get("cutoff_len")):
        _put(job, f, "seq_len", seq, "cutoff_len")
    if isinstance(d.get("packing"), bool):
        _put(job, f, "packing", d["packing"], "packing")
    _trainer_common(job, f)
    if isinstance(d.get("disable_gradient_checkpointing"), bool):
        _put(job, f, "grad_checkpointing", not d["disable_gradient_checkpointing"], "disable_gradient_checkpointing")
    if isinstance(d.get("flash_attn"), str) and d["flash_attn"].lower() in ATTENTION:
        _put(job, f, "attention", ATTENTION[d["flash_attn"].lower()], "flash_attn")
    if _truthy(d.get("enable_liger_kernel")):
        _put(job, f, "chunked_loss", True, "enable_liger_kernel")
    _precision(job, f, d.get("bf16"), d.get("fp16"), d.get("pure_bf16"))
    _put(job, f, "framework", "hf", "stage")


def read_axolotl(job: TrainingFiles, f: SourceFile) -> None:
    d = f.data
    _model(job, f, "base_model")
    adapter = str(d.get("adapter") or "").lower()
    bits = 4 if _truthy(d.get("load_in_4bit")) or adapter == "qlora" else 8 if _truthy(d.get("load_in_8bit")) else None
    _method(job, f, adapter in ("lora", "qlora"), bits, "adapter", "load_in_4bit" if bits == 4 else "load_in_8bit")
    if adapter in ("lora", "qlora"):
        if rank := _int(d.get("lora_r")):
            _put(job, f, "lora_rank", rank, "lora_r")
        if _truthy(d.get("lora_target_linear")):
            _put(job, f, "lora_targets", ALL_TARGETS, "lora_target_linear")
        elif targets := _targets(d.get("lora_target_modules")):
            _put(job, f, "lora_targets", targets, "lora_target_modules")
        if isinstance(d.get("lora_dropout"), int | float):
            _put(job, f, "lora_dropout", float(d["lora_dropout"]), "lora_dropout")
    if seq := _int(d.get("sequence_len")):
        _put(job, f, "seq_len", seq, "sequence_len")
    if isinstance(d.get("sample_packing"), bool):
        _put(job, f, "packing", d["sample_packing"], "sample_packing")
    if mb := _int(d.get("micro_batch_size")):
        _put(job, f, "micro_batch", mb, "micro_batch_size")
    if ga := _int(d.get("gradient_accumulation_steps")):
        _put(job, f, "grad_accum", ga, "gradient_accumulation_steps")
    gc = _truthy(d.get("gradient_checkpointing"))
    _put(job, f, "grad_checkpointing", bool(gc), "gradient_checkpointing")  # axolotl's default is off
    if _truthy(d.get("flash_attention")):
        _put(job, f, "attention", "flash", "flash_attention")
    elif _truthy(d.get("sdp_attention")):
        _put(job, f, "attention", "sdpa", "sdp_attention")
    elif d.get("flash_attention") is False or "flash_attention" not in d:
        _put(job, f, "attention", "eager", "flash_attention")
    if _truthy(d.get("liger_fused_linear_cross_entropy")) or _truthy(d.get("cut_cross_entropy")):
        _put(job, f, "chunked_loss", True, "liger_fused_linear_cross_entropy")
    _optimizer(job, f, "optimizer")
    if isinstance(d.get("num_epochs"), int | float):
        _put(job, f, "epochs", float(d["num_epochs"]), "num_epochs")
    _precision(job, f, d.get("bf16"), d.get("fp16"))
    _put(job, f, "framework", "axolotl", "base_model")


def _trainer_common(job: TrainingFiles, f: SourceFile) -> None:
    """The TrainingArguments keys LLaMA-Factory and TRL share."""
    d = f.data
    if mb := _int(d.get("per_device_train_batch_size")):
        _put(job, f, "micro_batch", mb, "per_device_train_batch_size")
    if ga := _int(d.get("gradient_accumulation_steps")):
        _put(job, f, "grad_accum", ga, "gradient_accumulation_steps")
    if isinstance(d.get("gradient_checkpointing"), bool):
        _put(job, f, "grad_checkpointing", d["gradient_checkpointing"], "gradient_checkpointing")
    _optimizer(job, f, "optim")
    if isinstance(d.get("num_train_epochs"), int | float) and not isinstance(d.get("num_train_epochs"), bool):
        _put(job, f, "epochs", float(d["num_train_epochs"]), "num_train_epochs")
    if isinstance(d.get("deepspeed"), dict):  # TrainingArguments also takes the DeepSpeed config inline
        read_deepspeed(job, SourceFile(f.name, f.text, "deepspeed", d["deepspeed"]), prefix=("deepspeed",))


def read_trainer_args(job: TrainingFiles, f: SourceFile) -> None:
    d = f.data
    _model(job, f, "model_name_or_path")
    peft = _truthy(d.get("use_peft")) or "lora_r" in d
    bits = 4 if _truthy(d.get("load_in_4bit")) else 8 if _truthy(d.get("load_in_8bit")) else None
    _method(job, f, bool(peft), bits, "use_peft", "load_in_4bit" if bits == 4 else "load_in_8bit")
    if peft:
        if rank := _int(d.get("lora_r")):
            _put(job, f, "lora_rank", rank, "lora_r")
        if targets := _targets(d.get("lora_target_modules")):
            _put(job, f, "lora_targets", targets, "lora_target_modules")
    for key in ("max_length", "max_seq_length"):
        if seq := _int(d.get(key)):
            _put(job, f, "seq_len", seq, key)
    if isinstance(d.get("packing"), bool):
        _put(job, f, "packing", d["packing"], "packing")
    _trainer_common(job, f)
    attn = d.get("attn_implementation")
    if isinstance(attn, str) and attn.lower() in ATTENTION:
        _put(job, f, "attention", ATTENTION[attn.lower()], "attn_implementation")
    if _truthy(d.get("use_liger_kernel")):
        _put(job, f, "chunked_loss", True, "use_liger_kernel")
    _precision(job, f, d.get("bf16"), d.get("fp16"))
    _put(job, f, "framework", "trl" if peft or "max_seq_length" in d or "max_length" in d else "hf", "output_dir")


def read_deepspeed(job: TrainingFiles, f: SourceFile, prefix: tuple[str, ...] = ()) -> None:
    d = f.data
    zero = d.get("zero_optimization")
    if isinstance(zero, dict):
        stage = zero.get("stage")
        if stage in (0, 1, 2, 3):
            _put(job, f, "zero", stage, *prefix, "zero_optimization", "stage")
        opt = zero.get("offload_optimizer")
        param = zero.get("offload_param")
        on = {"cpu", "nvme"}
        if isinstance(param, dict) and str(param.get("device", "none")).lower() in on:
            _put(job, f, "offload", "all", *prefix, "zero_optimization", "offload_param", "device")
        elif isinstance(opt, dict) and str(opt.get("device", "none")).lower() in on:
            _put(job, f, "offload", "optimizer", *prefix, "zero_optimization", "offload_optimizer", "device")
        elif isinstance(opt, dict) or isinstance(param, dict):
            _put(job, f, "offload", "none", *prefix, "zero_optimization", "offload_optimizer", "device")
    micro = _int(d.get("train_micro_batch_size_per_gpu"))
    accum = _int(d.get("gradient_accumulation_steps"))
    if micro:
        _put(job, f, "micro_batch", micro, *prefix, "train_micro_batch_size_per_gpu")
    if accum:
        _put(job, f, "grad_accum", accum, *prefix, "gradient_accumulation_steps")
    total = _int(d.get("train_batch_size"))
    micro = micro or job.request.micro_batch
    accum = accum or job.request.grad_accum
    if total and micro and accum and total % (micro * accum) == 0:
        _put(job, f, "num_gpus", total // (micro * accum), *prefix, "train_batch_size")
    if isinstance(d.get("bf16"), dict) and _truthy(d["bf16"].get("enabled")):
        _put(job, f, "precision", "mixed", *prefix, "bf16", "enabled")


def read_accelerate(job: TrainingFiles, f: SourceFile) -> None:
    d = f.data
    if n := _int(d.get("num_processes")):
        _put(job, f, "num_gpus", n, "num_processes")
    ds = d.get("deepspeed_config")
    if isinstance(ds, dict):
        if ds.get("zero_stage") in (0, 1, 2, 3):
            _put(job, f, "zero", ds["zero_stage"], "deepspeed_config", "zero_stage")
        if str(ds.get("offload_param_device", "none")).lower() in ("cpu", "nvme"):
            _put(job, f, "offload", "all", "deepspeed_config", "offload_param_device")
        elif str(ds.get("offload_optimizer_device", "none")).lower() in ("cpu", "nvme"):
            _put(job, f, "offload", "optimizer", "deepspeed_config", "offload_optimizer_device")
    if str(d.get("distributed_type", "")).upper() == "FSDP":
        _put(job, f, "zero", 3, "distributed_type")  # FSDP full shard holds what ZeRO-3 holds


READERS = {"hf_config": read_hf_config, "llamafactory": read_llamafactory, "axolotl": read_axolotl,
           "trainer_args": read_trainer_args, "deepspeed": read_deepspeed, "accelerate": read_accelerate}


def _named_deepspeed(job: TrainingFiles) -> None:
    """A recipe's `deepspeed: path` names a file: read when a DeepSpeed JSON was sent too, else
    named in the reply as not seen (the ZeRO stage is then inferred)."""
    if any(f.kind == "deepspeed" for f in job.files):
        return  # the one sent is the one it names (a renamed copy is still that file)
    for f in job.files:
        path = f.data.get("deepspeed") if f.kind in ("llamafactory", "axolotl", "trainer_args") else None
        if isinstance(path, str) and path.strip():
            job.skipped.append(Skipped("deepspeed_missing", f.name, "deepspeed", PurePosixPath(path).name))


def _resolve_model(job: TrainingFiles) -> None:
    """The catalog model the file names (by its hub id or its last part), unless a config.json gave
    the architecture; an unknown id is an UnknownName that asks for the config.json."""
    if job.spec is not None or job.model_name is None:
        return
    name = job.model_name
    found = models().find(name) or models().find(PurePosixPath(name).name)
    if found is None:
        raise UnknownName("model", name, models().suggest(PurePosixPath(name).name))
    origin = job.origin("model_name")
    assert origin is not None
    job.settings.append(Setting("model", found.id, origin.file, origin.key))
