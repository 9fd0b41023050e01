"""When the user's own files don't fit the card: the smallest change that makes them fit, written as
a unified diff of those very files.

The candidates are the changes an engineer tries first, in order of how little they cost the run:
micro-batch 1 with the accumulation raised so the effective batch stays, gradient checkpointing on,
a chunked loss (Liger), ZeRO-3 across the cards already there, an 8-bit optimizer, the optimizer
offloaded to host memory, QLoRA instead of LoRA, and last a shorter cutoff. Each is sized by the
engine; the first that fits is the fix, else they are stacked in that order until the job fits.
A change is offered only where the file's format has a key that makes it (LLaMA-Factory's
`enable_liger_kernel`, a DeepSpeed JSON's `zero_optimization.stage` ...).

The edits touch only the lines of the keys they change (a missing key gets one new line), so the
diff is what the user would type; difflib writes it. Pure.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass
from typing import Any

import yaml

from engine.catalog import ModelSpec
from engine.errors import KasuanError
from engine.request import TrainingRequest
from engine.safe_load import looks_like_json
from engine.sizing import Sizing, size
from engine.training_file import SourceFile, TrainingFiles

# Files LLaMA-Factory and axolotl ship in their repositories, for a recipe that names no DeepSpeed file.
LF_DEEPSPEED = {"zero3": "examples/deepspeed/ds_z3_config.json", "offload": "examples/deepspeed/ds_z3_offload_config.json"}
AXOLOTL_DEEPSPEED = {"zero3": "deepspeed_configs/zero3_bf16.json",
                     "offload": "deepspeed_configs/zero3_bf16_cpuoffload_all.json"}
MIN_SEQ = 512


@dataclass(frozen=True)
class Edit:
    file: str
    key: tuple[str, ...]
    value: Any


@dataclass(frozen=True)
class Fix:
    """What to change (request fields), the sizing after it, the edits and the diff of each file."""

    changes: dict[str, Any]
    before: TrainingRequest
    sizing: Sizing
    edits: list[Edit]
    diffs: dict[str, str]  # file name -> unified diff


def _fits(s: Sizing) -> bool:
    return s.fit is not None and s.fit.fits


def find_fix(job: TrainingFiles, req: TrainingRequest, sized: Sizing, spec: ModelSpec | None) -> Fix | None:
    """The fix for a job that does not fit its named card, or None (it fits, no card was named, or
    no change the files can express makes it fit)."""
    if sized.fit is None or sized.fit.fits:
        return None
    q = sized.request
    candidates = [c for c in _candidates(job, q) if _expressible(job, c)]
    tried: list[tuple[dict[str, Any], Sizing]] = []
    for change in candidates:
        s = _size(req, change, spec)
        if s is not None:
            tried.append((change, s))
            if _fits(s):
                return _fix(job, req, change, s)
    stacked: dict[str, Any] = {}
    for change in candidates:
        if change.get("method") == "qlora" and stacked.get("zero") == 3:
            continue
        stacked.update(change)
        s = _size(req, stacked, spec)
        if s is not None and _fits(s):
            return _fix(job, req, dict(stacked), s)
    return None


def _size(req: TrainingRequest, change: dict[str, Any], spec: ModelSpec | None) -> Sizing | None:
    try:
        return size(req.model_copy(update=change), spec)
    except KasuanError:
        return None


def _candidates(job: TrainingFiles, q: TrainingRequest) -> list[dict[str, Any]]:
    """The changes worth trying for the resolved request `q`, least disruptive first."""
    out: list[dict[str, Any]] = []
    micro, accum = q.micro_batch or 1, q.grad_accum or 1
    if micro > 1:
        out.append({"micro_batch": 1, "grad_accum": accum * micro})
    if q.grad_checkpointing is False:
        out.append({"grad_checkpointing": True})
    if not q.chunked_loss:
        out.append({"chunked_loss": True})
    full = q.method in ("full", "pretrain")
    n = q.num_gpus or 1
    if n > 1 and q.zero != 3:
        out.append({"zero": 3})
    if full and q.optimizer == "adamw":
        out.append({"optimizer": "adamw-8bit"})
    if full and (q.offload or "none") == "none":
        out.append({"zero": 3, "offload": "optimizer"})
    if q.method == "lora":
        out.append({"method": "qlora"})
    if (q.seq_len or 0) >= 2 * MIN_SEQ:
        out.append({"seq_len": (q.seq_len or 0) // 2})
    return out


def _expressible(job: TrainingFiles, change: dict[str, Any]) -> bool:
    try:
        return bool(edits_for(job, change))
    except KeyError:
        return False


def _fix(job: TrainingFiles, req: TrainingRequest, change: dict[str, Any], s: Sizing) -> Fix:
    edits = edits_for(job, change)
    return Fix(change, req, s, edits, diffs(job, edits))


# ---------------------------------------------------------------- request change -> file edits


def _recipe(job: TrainingFiles) -> SourceFile | None:
    for f in job.files:
        if f.kind in ("llamafactory", "axolotl", "trainer_args"):
            return f
    return None


def _deepspeed(job: TrainingFiles) -> SourceFile | None:
    return next((f for f in job.files if f.kind == "deepspeed"), None)


def _accelerate(job: TrainingFiles) -> SourceFile | None:
    return next((f for f in job.files if f.kind == "accelerate"), None)


def edits_for(job: TrainingFiles, change: dict[str, Any]) -> list[Edit]:
    """The key edits that make `change`; KeyError when the files cannot express one of its fields."""
    recipe, ds, acc = _recipe(job), _deepspeed(job), _accelerate(job)
    out: list[Edit] = []
    for fld, value in change.items():
        origin = job.origin(fld)
        if fld in ("micro_batch", "grad_accum", "seq_len") and origin is not None:
            out.append(Edit(origin.file, origin.key, value))
            for s in job.settings:  # the same value stated twice (recipe and DeepSpeed JSON): change both
                if s.field == fld and s is not origin and s.file != origin.file:
                    out.append(Edit(s.file, s.key, value))
            continue
        if recipe is None and fld not in ("zero", "offload"):
            raise KeyError(fld)
        kind = recipe.kind if recipe else ""
        if fld == "micro_batch" and recipe is not None:
            out.append(Edit(recipe.name, ({"axolotl": "micro_batch_size"}.get(kind, "per_device_train_batch_size"),), value))
        elif fld == "grad_accum" and recipe is not None:
            out.append(Edit(recipe.name, ("gradient_accumulation_steps",), value))
        elif fld == "seq_len" and recipe is not None:
            out.append(Edit(recipe.name, ({"llamafactory": "cutoff_len", "axolotl": "sequence_len"}.get(kind, "max_length"),),
                            value))
        elif fld == "grad_checkpointing" and recipe is not None:
            if kind == "llamafactory":
                out.append(Edit(recipe.name, ("disable_gradient_checkpointing",), False))
            else:
                out.append(Edit(recipe.name, ("gradient_checkpointing",), True))
        elif fld == "chunked_loss" and recipe is not None:
            if kind == "axolotl":
                raise KeyError(fld)  # axolotl needs a plugin entry as well; not a one-line change
            out.append(Edit(recipe.name, ("enable_liger_kernel" if kind == "llamafactory" else "use_liger_kernel",), True))
        elif fld == "optimizer" and recipe is not None:
            out.append(Edit(recipe.name, ("optimizer" if kind == "axolotl" else "optim",), "adamw_bnb_8bit"))
        elif fld == "method" and recipe is not None:
            if kind == "llamafactory":
                out.append(Edit(recipe.name, ("quantization_bit",), 4))
            elif kind == "axolotl":
                out += [Edit(recipe.name, ("adapter",), "qlora"), Edit(recipe.name, ("load_in_4bit",), True)]
            else:
                out.append(Edit(recipe.name, ("load_in_4bit",), True))
        elif fld == "zero":
            if ds is not None:
                out.append(Edit(ds.name, ("zero_optimization", "stage"), value))
            elif acc is not None and isinstance(acc.data.get("deepspeed_config"), dict):
                out.append(Edit(acc.name, ("deepspeed_config", "zero_stage"), value))
            elif recipe is not None and recipe.kind in ("llamafactory", "axolotl") and value == 3:
                if "offload" not in change:  # with offload, the offload file below is ZeRO-3 already
                    paths = LF_DEEPSPEED if recipe.kind == "llamafactory" else AXOLOTL_DEEPSPEED
                    out.append(Edit(recipe.name, ("deepspeed",), paths["zero3"]))
            else:
                raise KeyError(fld)
        elif fld == "offload":
            if ds is not None:
                out.append(Edit(ds.name, ("zero_optimization", "offload_optimizer", "device"), "cpu"))
            elif acc is not None and isinstance(acc.data.get("deepspeed_config"), dict):
                out.append(Edit(acc.name, ("deepspeed_config", "offload_optimizer_device"), "cpu"))
            elif recipe is not None and recipe.kind in ("llamafactory", "axolotl"):
                paths = LF_DEEPSPEED if recipe.kind == "llamafactory" else AXOLOTL_DEEPSPEED
                out.append(Edit(recipe.name, ("deepspeed",), paths["offload"]))
            else:
                raise KeyError(fld)
        else:
            raise KeyError(fld)
    return out


# ---------------------------------------------------------------- edits -> text -> diff


def diffs(job: TrainingFiles, edits: list[Edit]) -> dict[str, str]:
    out: dict[str, str] = {}
    for f in job.files:
        mine = [e for e in edits if e.file == f.name]
        if not mine:
            continue
        new = apply_edits(f, mine)
        out[f.name] = "".join(difflib.unified_diff(
            f.text.splitlines(keepends=True), new.splitlines(keepends=True), f"a/{f.name}", f"b/{f.name}"))
    return out


def apply_edits(f: SourceFile, edits: list[Edit]) -> str:
    text = f.text if f.text.endswith("\n") else f.text + "\n"
    json_file = looks_like_json(f.name, f.text)
    for e in edits:
        text = (_json_edit if json_file else _yaml_edit)(text, e.key, e.value)
    return text


def _yaml_scalar(value: Any) -> str:
    return str(yaml.safe_dump([value], default_flow_style=True, allow_unicode=True)).strip()[1:-1]


def _yaml_edit(text: str, key: tuple[str, ...], value: Any) -> str:
    """Set `key` (a path of mapping keys) in YAML text, changing only its line or adding one."""
    lines = text.splitlines(keepends=True)
    start, end, indent = 0, len(lines), ""
    for depth, k in enumerate(key):
        pattern = re.compile(rf"^({re.escape(indent)}{re.escape(k)}\s*:)([^#\n]*?)(\s+#.*)?$")
        found = None
        for i in range(start, end):
            if _indent(lines[i]) == indent and pattern.match(lines[i].rstrip("\n")):
                found = i
                break
        if found is None:
            rest: Any = value
            for k2 in reversed(key[depth + 1:]):
                rest = {k2: rest}
            if isinstance(rest, dict):
                block = yaml.safe_dump({k: rest}, default_flow_style=False, sort_keys=False, allow_unicode=True)
                new = "".join(indent + ln + "\n" for ln in block.splitlines())
            else:
                new = f"{indent}{k}: {_yaml_scalar(value)}\n"
            lines.insert(end, new)
            return "".join(lines)
        if depth == len(key) - 1:
            m = pattern.match(lines[found].rstrip("\n"))
            assert m is not None
            lines[found] = f"{m.group(1)} {_yaml_scalar(value)}{m.group(3) or ''}\n"
            return "".join(lines)
        start = found + 1
        child_end = start
        while child_end < end and (not lines[child_end].strip() or len(_indent(lines[child_end])) > len(indent)):
            child_end += 1
        end = child_end
        child = next((ln for ln in lines[start:end] if ln.strip()), None)
        indent = _indent(child) if child is not None else indent + "  "
    return "".join(lines)


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" "))]


def _json_edit(text: str, key: tuple[str, ...], value: Any) -> str:
    """Set `key` in JSON text: the value on its line replaced, or one member inserted after the
    opening brace of the deepest object present. Anything unusual falls back to a full re-dump."""
    pos = 0
    for depth, k in enumerate(key):
        m = re.compile(rf'"{re.escape(k)}"\s*:\s*').search(text, pos)
        if m is None:
            rest: Any = value
            for k2 in reversed(key[depth + 1:]):
                rest = {k2: rest}
            brace = text.find("{", pos if depth else 0)
            if brace < 0:
                return _json_redump(text, key, value)
            line_end = text.find("\n", brace)
            nxt = text[line_end + 1:].lstrip() if line_end >= 0 else ""
            if line_end < 0 or text[brace + 1:line_end].strip() or nxt.startswith("}"):
                return _json_redump(text, key, value)
            following = text[line_end + 1:]
            indent = following[: len(following) - len(following.lstrip(" "))] or "  "
            member = f'{indent}"{k}": {json.dumps(rest, ensure_ascii=False)},\n'
            return text[: line_end + 1] + member + following
        pos = m.end()
        if depth == len(key) - 1:
            scalar = re.compile(r'("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null)').match(text, pos)
            if scalar is None:
                return _json_redump(text, key, value)
            return text[:pos] + json.dumps(value, ensure_ascii=False) + text[scalar.end():]
    return text


def _json_redump(text: str, key: tuple[str, ...], value: Any) -> str:
    data = json.loads(text)
    node = data
    for k in key[:-1]:
        node = node.setdefault(k, {})
    node[key[-1]] = value
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
