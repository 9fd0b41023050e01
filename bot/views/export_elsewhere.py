"""Where an option asked with an export goes when the file asked for does not carry it: "export a ds config w/ 8bit
adam", "deepspeed 配置里加上 8bit 优化器". The 8-bit optimizer is no key of DeepSpeed's JSON (nor of accelerate's
YAML): it is the trainer's optimizer choice, `optim: adamw_bnb_8bit` in LLaMA-Factory's YAML (the HF Trainer's
`--optim adamw_bnb_8bit`), which bitsandbytes provides.

Why: the reply handed over the JSON and its ZeRO stage and said nothing of the option named with it, so the user
could not tell whether the file had it, nor where to put it. The option is named back with the key that carries it
and the file written with it (the LLaMA-Factory YAML, when a model was named and the YAML written), else what to set.
"""

from __future__ import annotations

import yaml

# the option, by the request's value, with the trainer key and value that carry it
TRAINER_OPTIM = {"adamw-8bit": "adamw_bnb_8bit"}
LF_FILE = "llamafactory.yaml"
# the files that carry the trainer's optimizer: LLaMA-Factory's YAMLs (the framework JSON / accelerate YAML never do)
TRAINER_FILES = (LF_FILE, "llamafactory_fsdp.yaml")
FRAMEWORK_TOOLS = frozenset({"deepspeed", "accelerate", "fsdp"})  # the tools whose files never carry it


def optimizer_elsewhere(files: dict[str, str], tools: frozenset[str], optimizer: str | None) -> dict[str, str] | None:
    """{"key": "optim", "value": "adamw_bnb_8bit", "file": "llamafactory.yaml" or ""} when an 8-bit optimizer was
    asked with an export whose asked files (DeepSpeed's JSON, accelerate's YAML) cannot carry it; the file is the
    trainer's YAML written with it, "" when none was written (no model named). None otherwise."""
    value = TRAINER_OPTIM.get(optimizer or "")
    framework = bool(tools & FRAMEWORK_TOOLS) or not any(name in files for name in TRAINER_FILES)  # no model: the JSON alone
    if value is None or "llamafactory" in tools or not framework:
        return None  # LLaMA-Factory's YAML asked for: its key settings show the optimizer already
    written = next((name for name in TRAINER_FILES if name in files
                    and (yaml.safe_load(files[name]) or {}).get("optim") == value), "")
    return {"key": "optim", "value": value, "file": written}
