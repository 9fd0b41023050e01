"""The export reply as data: which setup the files are for, what they predict, and the files.

engine.export writes the file contents from the sizing; this module picks what the reply says
(the card, count, plan, memory per card, the cost pick) and attaches the files. Every word is in
templates/export.j2 and catalogs/strings_export.yaml.
"""

from __future__ import annotations

import json
import re

import yaml

from bot.messages import Reply
from bot.views.cost import option_row
from bot.views.export_elsewhere import optimizer_elsewhere
from engine.cost import CostReport
from engine.export import DS_FILE, ExportPlan, deepspeed_config, export_files, gated, plan_for
from engine.export_generic import (
    ACCELERATE_FILE,
    accelerate_generic,
    accelerate_text,
    pin_precision,
    trainer_mixed_precision,
)
from engine.sizing import Sizing

RUN_SCRIPT = {"llamafactory": "launch_llamafactory.sh", "torchrun": "launch_torchrun.sh",
              "accelerate": "launch_accelerate.sh", "all": "launch_llamafactory.sh"}
FSDP = re.compile(r"\bfsdp\b", re.IGNORECASE | re.ASCII)


def asks_fsdp(text: str | None) -> bool:
    """The question names FSDP: the parser reads it as ZeRO-3 sharding for the memory, and the
    export then makes accelerate + FSDP its main plan (the DeepSpeed files stay as the other way)."""
    return bool(text and FSDP.search(text))


# The settings a reader checks first, read back from the files written (so the summary can never
# disagree with them): the model it loads (the Hub path a reader checks first) and the chat template
# LLaMA-Factory formats its samples with (a wrong one trains silently on the wrong prompt format), the
# method, quantization, optimizer and sequence length LLaMA-Factory trains with, and the ZeRO stage and offload target DeepSpeed shards with. Each file's are shown in its own
# syntax ("cutoff_len: 4096" for YAML, {"zero_optimization": {"stage": 3}} for the JSON), so what the
# reply shows is the text the reader will find in the file.
ACCELERATE_KEYS = ("distributed_type", "num_processes", "num_machines", "mixed_precision")
KEY_SETTINGS = {
    "llamafactory.yaml": ("model_name_or_path", "dataset", "template", "stage", "finetuning_type", "quantization_bit", "lora_rank", "lora_target", "cutoff_len", "optim",
                          "learning_rate", "num_train_epochs", "per_device_train_batch_size", "gradient_accumulation_steps", "save_steps",
                          "disable_gradient_checkpointing", "flash_attn", "bf16", "pure_bf16", "fp16", "deepspeed"),
    "accelerate_config.yaml": ACCELERATE_KEYS,
    "accelerate_fsdp.yaml": ACCELERATE_KEYS,
    "ds_config.json": ("train_micro_batch_size_per_gpu", "gradient_accumulation_steps", "zero_optimization.stage", "zero_optimization.offload_optimizer.device",
                       "zero_optimization.offload_param.device", "bf16.enabled", "fp16.enabled"),
}
# precision switches: the one switched on says what the run trains at ("bf16: true"); those off say nothing
SWITCHES = frozenset({"bf16", "pure_bf16", "fp16"})
# values that are the trainer's own default and say nothing about this job (the plain AdamW, supervised fine-tuning) unless
# asked: a stage other than sft (continued pretraining's pt, dpo) is shown, since a wrong stage trains another objective
# (the batch and the attention kernel the same: shown when the message set them, or a kernel other than FlashAttention-2)
QUIET = {"stage": "sft", "optim": "adamw_torch", "dataset": None, "learning_rate": None, "num_train_epochs": None, "per_device_train_batch_size": None,
         "gradient_accumulation_steps": None, "save_steps": None, "flash_attn": "fa2", "disable_gradient_checkpointing": False}
# the request's fields the message set, by the LLaMA-Factory key that writes them
STATED_KEYS = {"epochs": "num_train_epochs", "micro_batch": "per_device_train_batch_size",
               "grad_accum": "gradient_accumulation_steps", "attention": "flash_attn",
               "grad_checkpointing": "disable_gradient_checkpointing", "learning_rate": "learning_rate",
               "save_steps": "save_steps", "dataset": "dataset"}
# the other way to launch a model's job: its settings are shown when accelerate or FSDP is asked for
ASKED_ONLY = frozenset({"accelerate_fsdp.yaml"})
# the files of each framework a message can ask for by name ("给个 accelerate config", "deepspeed json")
TOOL_FILES = {"accelerate": ("accelerate_config.yaml", "accelerate_fsdp.yaml"), "fsdp": ("accelerate_fsdp.yaml",),
              "deepspeed": ("ds_config.json",), "llamafactory": ("llamafactory.yaml",)}


def _lookup(doc: object, key: str) -> object:
    value = doc
    for part in key.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


def _says_something(key: str, value: object, stated: frozenset[str], quiet: bool = True) -> bool:
    """A value the trainer fills ("auto"), a precision switched off, or a default nobody asked about
    (plain AdamW, the default learning rate and epochs) says nothing and is left out."""
    if value is None or value == "auto" or (value is False and (key.endswith(".enabled") or key in SWITCHES)):
        return False
    return not quiet or key not in QUIET or key in stated or (QUIET[key] is not None and value != QUIET[key])


def trainer_precision(files: dict[str, str]) -> str | None:
    """The precision the run trains at as the trainer's own file switches it on (LLaMA-Factory's
    bf16 / pure_bf16 / fp16, else accelerate's mixed_precision): the DeepSpeed JSON leaves its
    precision "auto" for the trainer to fill, so this is what its "auto" becomes. None when no file says."""
    for name in ("llamafactory.yaml", "llamafactory_fsdp.yaml"):
        if name in files:
            doc = yaml.safe_load(files[name]) or {}
            on = [key for key in ("bf16", "pure_bf16", "fp16") if doc.get(key) is True]
            if on:
                return "fp16" if on[0] == "fp16" else "bf16"
    for name in ("accelerate_config.yaml", "accelerate_fsdp.yaml"):
        mixed = (yaml.safe_load(files[name]) or {}).get("mixed_precision") if name in files else None
        if mixed in ("bf16", "fp16"):
            return str(mixed)
    return None


def json_precision(files: dict[str, str], name: str) -> str | None:
    """The precision a DeepSpeed JSON trains at: its section switched on, fp32 with both off, and the
    trainer's when it leaves them "auto"."""
    if name not in files:
        return None
    doc = json.loads(files[name])
    on = [key for key in ("bf16", "fp16") if _lookup(doc, f"{key}.enabled") is True]
    if on:
        return on[0]
    if _lookup(doc, "bf16.enabled") is False and _lookup(doc, "fp16.enabled") is False:
        return "fp32"
    return trainer_precision(files)


def key_settings(files: dict[str, str], tools: frozenset[str] = frozenset(),
                 stated: frozenset[str] = frozenset()) -> list[dict[str, str]]:
    """Per file written, its decisive settings as they read in it: {"file": "ds_config.json", "text":
    '{"zero_optimization": {"stage": 3, "offload_optimizer": {"device": "cpu"}}}'} or, for YAML,
    "finetuning_type: full · cutoff_len: 4096"; when the message named frameworks, those frameworks'
    files only (what was asked about). `stated` names the LLaMA-Factory keys the message set itself
    (a learning rate), shown even at a default value."""
    asked = {name for tool in tools for name in TOOL_FILES.get(tool, ())} & set(files)
    out: list[dict[str, str]] = []
    for name, keys in KEY_SETTINGS.items():
        if name not in files or (asked and name not in asked) or (name in ASKED_ONLY and name not in asked):
            continue
        doc = yaml.safe_load(files[name])  # YAML reads the JSON file too; comments are skipped
        found = [(key, value) for key in keys if _says_something(key, value := _lookup(doc, key), stated, not name.endswith(".json"))]
        if not found:
            continue
        if name.endswith(".json"):
            excerpt: dict[str, object] = {}
            for key, value in found:
                *parents, last = key.split(".")
                node = excerpt
                for part in parents:
                    node = node.setdefault(part, {})  # type: ignore[assignment]
                node[last] = value
            text = json.dumps(excerpt, ensure_ascii=False)
            auto = _lookup(doc, "bf16.enabled") == "auto" and _lookup(doc, "fp16.enabled") == "auto"
            if auto and (precision := trainer_precision(files)) is not None:
                # "export a deepspeed json": the precision is decisive too, and "auto" alone hides it
                out.append({"file": name, "text": text, "precision": precision})
                continue
        else:
            text = " · ".join(f"{key}: {str(value).lower() if isinstance(value, bool) else value}" for key, value in found)
            pointed = _lookup(doc, "deepspeed_config.deepspeed_config_file")
            if isinstance(pointed, str) and (precision := json_precision(files, pointed)) is not None:
                # accelerate + DeepSpeed: the precision is the JSON's (accelerate refuses its own beside it)
                out.append({"file": name, "text": text, "precision": precision, "precision_in": pointed})
                continue
        out.append({"file": name, "text": text})
    return out


def _asked(p: ExportPlan) -> dict[str, object] | None:
    """The setup asked for when another plan at its count is exported ("zero2 的 ds json … 8卡 4090 跑
    14b lora"): its plan and per-card need, so the reply says why the stage asked is not the one written."""
    stated, asked = p.sizing.fit, p.resolved.request
    if p.basis != "replanned" or stated is None or (asked.zero is None and asked.offload is None):
        return None  # no stage or offload was asked: the plain "replanned" line says it
    plan = stated.estimate.plan
    return {"zero": plan.zero, "offload": plan.offload, "num_gpus": plan.num_gpus, "total_gb": stated.estimate.total_gb}


def export_view(p: ExportPlan, names: list[str], fmt: str) -> dict[str, object]:
    plan = p.estimate.plan
    r = p.resolved
    run = "launch_accelerate.sh" if p.fsdp and fmt == "all" else RUN_SCRIPT.get(fmt)
    return {
        "model": r.spec.name,
        "method": r.method,
        "gpu": p.fit.gpu.name if p.fit is not None else None,
        "memory_gb": p.fit.gpu.memory_gb if p.fit is not None else None,
        "fits": p.fit.fits if p.fit is not None else None,
        "num_gpus": plan.num_gpus,
        "nodes": p.nodes,
        "zero": plan.zero,
        "offload": plan.offload,
        "total_gb": p.estimate.total_gb,
        "high_gb": p.estimate.range.high_gb,
        "states_gb": p.estimate.model_states_gb,
        "edge": p.basis == "tight" and p.fit is not None and not p.fit.may_fit,
        "seq_len": r.request.seq_len,
        "micro_batch": r.request.micro_batch,
        "basis": p.basis,
        "asked": _asked(p),
        "fsdp": p.fsdp,
        "changed": p.changed,
        "gated": gated(p),
        "files": names,
        "run": run if run in names else None,
        "cost": option_row(p.cost) if p.cost is not None else None,
        "dataset": r.request.dataset,
    }


def export_reply(s: Sizing, lang: str, report: CostReport | None = None, fmt: str = "all",
                 model_path: str | None = None, fsdp: bool = False, precision: str | None = None,
                 tools: frozenset[str] = frozenset(), stated: frozenset[str] = frozenset()) -> Reply:
    """The reply that hands over the files (as attachments) for the setup `s` sized, at the
    precision asked; its summary shows the settings of the frameworks the message named, and those
    the message set (`stated`: the request's fields, "micro_batch", "attention")."""
    stated = stated | ({"epochs"} if s.request.epochs is not None else set())
    p = plan_for(s, report, model_path, fsdp=fsdp, mixed_precision=precision, deepspeed="deepspeed" in tools,
                 stated=stated)
    files = export_files(p, fmt)
    if "accelerate" in tools and "fsdp" not in tools and "zero" in stated and p.deepspeed and not p.fsdp:
        # "32b full, 8×H100, ZeRO-3" then "accelerate config?": a ZeRO stage is DeepSpeed's, so accelerate launches
        # DeepSpeed with the JSON written beside it (the FSDP config stays as the other way); the precision is
        # the JSON's, pinned to the trainer's (accelerate refuses mixed_precision beside the JSON, and the HF
        # trainer checks the pinned value against its own bf16/fp16 switch)
        plan = p.estimate.plan
        body = accelerate_generic(plan.num_gpus, plan.zero, True, plan.offload, p.mixed_precision)
        ds = pin_precision(deepspeed_config(p), trainer_mixed_precision(p))
        files = {ACCELERATE_FILE: accelerate_text(body), **files, DS_FILE: json.dumps(ds, indent=2, ensure_ascii=False) + "\n"}
    stated = frozenset(STATED_KEYS[key] for key in stated if key in STATED_KEYS)
    view = export_view(p, list(files), fmt) | {"settings": key_settings(files, tools, stated), "lead_files": lead_files(files, tools),
                                               "launch": launch_lead(files, tools, view_run(p, fmt)),
                                               "elsewhere": optimizer_elsewhere(files, tools, s.request.optimizer)}
    reply = Reply("export", lang, {"v": view})
    reply.files = [(name, content.encode()) for name, content in files.items()]
    return reply


def view_run(p: ExportPlan, fmt: str) -> str | None:
    return "launch_accelerate.sh" if p.fsdp and fmt == "all" else RUN_SCRIPT.get(fmt)


def launch_lead(files: dict[str, str], tools: frozenset[str], run: str | None) -> dict[str, str] | None:
    """A launch script asked for ("launch script for 8 gpus", "训练命令发一下"): the script of the launcher named
    (torchrun, accelerate), else the one the reply says to run, and its command line as written in it (the card
    count in NPROC_PER_NODE / --nproc_per_node / --num_processes), so the reply leads with the command itself."""
    if "launch" not in tools and "torchrun" not in tools:
        return None
    named = [f"launch_{tool}.sh" for tool in ("torchrun", "accelerate") if tool in tools]
    script = next((name for name in [*named, run] if name is not None and name in files), None)
    if script is None:
        return None
    lines = [line for line in files[script].splitlines() if line.strip() and not line.startswith("#")]
    return {"script": script, "command": lines[-1]}


# the file each framework is known by, as the header names it ("DeepSpeed ds_config.json")
FILE_LABELS = {"llamafactory.yaml": "LLaMA-Factory llamafactory.yaml", "ds_config.json": "DeepSpeed ds_config.json",
               "accelerate_fsdp.yaml": "accelerate accelerate_fsdp.yaml", "accelerate_config.yaml": "accelerate accelerate_config.yaml"}
MAIN_FILES = ("llamafactory.yaml", "ds_config.json")


def lead_files(files: dict[str, str], tools: frozenset[str]) -> list[str]:
    """The files the header names: those of the frameworks the message asked for ("导出 deepspeed 配置"
    leads with DeepSpeed's JSON), else the main ones written; a framework asked for but not written
    (no DeepSpeed file for one card) is not named, so the header never promises a file that is absent."""
    asked = [name for tool in sorted(tools) for name in TOOL_FILES.get(tool, ()) if name in files]
    names = list(dict.fromkeys(asked)) or [name for name in MAIN_FILES if name in files]
    return [FILE_LABELS[name] for name in names if name in FILE_LABELS]


def generic_export_reply(files: dict[str, str], num_gpus: int | None, lang: str,
                         tools: frozenset[str] = frozenset(), precision: str | None = None, optimizer: str | None = None) -> Reply:
    """The framework configs that need no model (engine.export_generic), as attachments, with their
    key settings read back from the files (and where an optimizer asked with them goes: bot.views.export_elsewhere)."""
    # an accelerate file trains at a precision even when none was asked (bf16, written where it is read):
    # the header says it rather than leaving it to the trainer's "auto"
    written = precision or ("bf16" if ACCELERATE_FILE in files else None)
    reply = Reply("export_generic", lang, {"v": {"num_gpus": num_gpus, "files": list(files), "asked": precision is not None,
                                                 "precision": "fp32" if written == "no" else written,
                                                 "settings": key_settings(files, tools), **ds_notes(files, tools),
                                                 "elsewhere": optimizer_elsewhere(files, tools, optimizer)}})
    reply.files = [(name, content.encode()) for name, content in files.items()]
    return reply


def ds_notes(files: dict[str, str], tools: frozenset[str]) -> dict[str, object]:
    """What a DeepSpeed JSON without a model leaves to say: that its offload costs throughput (20–50%, seed 000),
    which leads, since whoever turns offload on asks what it costs; and, where LLaMA-Factory was named, the one
    line of its YAML that points at the JSON (`deepspeed: ds_config.json`)."""
    if DS_FILE not in files:
        return {"offload_slow": False, "lf_line": None}
    zero = json.loads(files[DS_FILE]).get("zero_optimization", {})
    offload = any(str((zero.get(key) or {}).get("device", "none")) != "none" for key in ("offload_optimizer", "offload_param"))
    return {"offload_slow": offload, "lf_line": f"deepspeed: {DS_FILE}" if "llamafactory" in tools else None}
