""""Will this config really quantize?": the answer read off the file itself, yes or no first, with the line
that decides it quoted.

Where the file comes from, in order: a config pasted with the question (its own keys), the files of the
job just exported or just sized (written again by engine.export, exactly as the export hands them over,
and read back), or, with neither, the keys that decide it in any LLaMA-Factory or axolotl file.

Why a module of its own: the parser reads such a question as a sizing (it names QLoRA, 4-bit or a model)
or as the FAQ on what 4-bit costs in quality; neither says what the user's own file does.
"""

from __future__ import annotations

from typing import Any

import yaml

from bot.core.context import Context
from bot.messages import Reply, Turn
from bot.understand.config_asked import KEY_LINE, asks_quantized
from bot.understand.parser import Parsed
from engine.errors import KasuanError
from engine.request import TrainingRequest
from engine.safe_load import FileRefused
from engine.training_file import read_files

LF_FILE = "llamafactory.yaml"


def _bits(data: dict[str, Any]) -> tuple[str, str]:
    """("four" | "eight" | "none", the quoted line that decides it) for a LLaMA-Factory or axolotl mapping."""
    bit = data.get("quantization_bit")
    if bit is not None and str(bit).strip() in ("4", "8"):
        return ("four" if str(bit).strip() == "4" else "eight"), f"quantization_bit: {str(bit).strip()}"
    for key, state in (("load_in_4bit", "four"), ("load_in_8bit", "eight")):
        if data.get(key) is True:
            return state, f"{key}: true"
    return "none", ""


def check_reply(data: dict[str, Any], file: str, lang: str) -> Reply:
    """The verdict for the mapping `data` read from `file`: 4-bit, 8-bit or not quantized, and how to switch."""
    state, line = _bits(data)
    tuning = "full" if str(data.get("finetuning_type", "")).lower() == "full" else "lora"
    precision = "fp16" if data.get("fp16") is True and data.get("bf16") is not True else "bf16"
    return Reply("config_check", lang, {"state": state, "line": line, "file": file, "tuning": tuning, "precision": precision,
                                        "method": str(data.get("quantization_method") or "bnb"),
                                        "type": str(data.get("quantization_type") or data.get("bnb_4bit_quant_type") or "nf4")})


def pasted_check(name: str, body: str, words: str, lang: str) -> Reply | None:
    """A pasted LLaMA-Factory / axolotl config asked whether it quantizes: read its own keys (the question's line
    above them left out, so the YAML reads); None when the words ask something else or no such file is there."""
    if not asks_quantized(words, pointed=True):
        return None
    keys = body if name != "pasted.yaml" else "\n".join(line for line in body.splitlines() if KEY_LINE.match(line))
    try:
        job = read_files([(name, keys.encode())])
    except FileRefused:
        return None
    files = [f for f in job.files if f.kind in ("llamafactory", "axolotl")]
    return check_reply(files[0].data, "YAML", lang) if files else None


def _exported(ctx: Context, request: dict[str, Any]) -> dict[str, Any] | None:
    """The LLaMA-Factory arguments the export writes for the job `request` (None when it cannot be written)."""
    from bot.core.answers import export_request  # the answers import this module's callers: import when asked

    try:
        req = TrainingRequest.model_validate(request)
        if not (req.model or req.params_b):
            return None
        files = dict(export_request(ctx, req).files)
    except (KasuanError, ValueError):
        return None
    body = files.get(LF_FILE)
    loaded = yaml.safe_load(body.decode()) if body is not None else None
    return loaded if isinstance(loaded, dict) else None


def config_question(ctx: Context, parsed: Parsed, text: str, turn: Turn | None) -> Reply | None:
    """"这个会量化吗" after an export or a sizing: the exported file's answer; with no job before, the keys that
    decide it. None when the message asks something else or states a job of its own (a model, a card)."""
    q = parsed.request
    if q.model or q.params_b or q.gpu or not asks_quantized(text):
        return None
    request = dict(turn.data.get("request") or {}) if turn is not None else {}
    data = _exported(ctx, request) if request else None
    if data is None:
        if request.get("method"):  # a job whose files cannot be written still has its method
            data = {"quantization_bit": 4} if request["method"] == "qlora" else {"finetuning_type": request["method"]}
        else:
            return Reply("config_check", ctx.lang, {"state": "general"})
    reply = check_reply(data, LF_FILE, ctx.lang)
    reply.turn = turn  # the job stays the one asked about
    return reply
