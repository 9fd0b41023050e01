"""What every `kasuan` subcommand shares: exit codes, the argument parser that raises instead of
exiting, the sizing flags (size, cost and export take the same ones), and the stdin line loop.

Why its own module: the subcommands (bot.cli.commands, .cost, .export) all build on these, and
none of them imports another for it — so no import runs in a circle.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable

from bot.text.errors import error_message
from bot.text.i18n import detect_language
from bot.understand.numbers import parse_params_b
from engine.errors import KasuanError
from engine.request import TrainingRequest

EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 1


class UsageError(Exception):
    """argparse's complaint, raised instead of exiting so the caller picks the exit code."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


def positive_int(text: str) -> int:
    try:
        return int(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from exc


def params_arg(text: str) -> float:
    value = parse_params_b(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"not a model size: {text!r} (try 7B, 1.5b, 70亿)")
    return value


def dropout_arg(text: str) -> float:
    try:
        value = float(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"not a dropout rate: {text!r} (try 0.05)") from exc
    if not 0 <= value < 1:
        raise argparse.ArgumentTypeError(f"a dropout rate is between 0 and 1: {text!r}")
    return value


def targets_arg(text: str) -> tuple[str, ...]:
    if text.strip().lower() == "all":
        return ("q", "k", "v", "o", "gate", "up", "down")
    return tuple(p.strip().lower().removesuffix("_proj") for p in text.split(",") if p.strip())


def checkpointing_arg(text: str) -> dict[str, object]:
    """full | selective | none, or a share of layers in (0, 1] checkpointed in full."""
    word = text.strip().lower()
    if word in ("full", "selective", "none"):
        return {"checkpointing": word}
    try:
        share = float(word)
    except ValueError:
        raise argparse.ArgumentTypeError("full, selective, none, or a share of layers such as 0.5") from None
    if not 0 < share <= 1:
        raise argparse.ArgumentTypeError("a share of layers between 0 and 1, e.g. 0.5")
    return {"checkpointing": "full", "checkpoint_fraction": share}


def add_size_flags(p: argparse.ArgumentParser) -> None:
    """The sizing flags shared by `size` and `cost` (flags override what TEXT says)."""
    p.add_argument("text", nargs="?", help="the question in plain words, or - to read lines from stdin")
    src = p.add_mutually_exclusive_group()
    src.add_argument("--model", help="catalog model id or alias, e.g. qwen3-8b")
    src.add_argument("--config", help="a Hugging Face config.json for an exact sizing")
    src.add_argument("--params", type=params_arg, dest="params_b", help="a bare size: 32B, 1.5b, 70亿")
    p.add_argument("--method", choices=["full", "lora", "qlora", "pretrain"])
    p.add_argument("--gpus", type=positive_int, dest="num_gpus", help="number of GPUs")
    p.add_argument("--gpu", help="GPU id or alias, e.g. h100, 4090")
    p.add_argument("--seq-len", type=positive_int, dest="seq_len")
    p.add_argument("--micro-batch", type=positive_int, dest="micro_batch")
    p.add_argument("--grad-accum", type=positive_int, dest="grad_accum")
    p.add_argument("--zero", type=int, choices=[0, 1, 2, 3])
    p.add_argument("--offload", choices=["none", "optimizer", "all"])
    p.add_argument("--optimizer", choices=["adamw", "adamw-8bit"])
    gc = p.add_mutually_exclusive_group()
    gc.add_argument("--grad-checkpointing", dest="grad_checkpointing", action="store_true", default=None)
    gc.add_argument("--no-grad-checkpointing", dest="grad_checkpointing", action="store_false")
    p.add_argument("--attention", choices=["flash", "sdpa", "eager"])
    p.add_argument("--lora-rank", type=positive_int, dest="lora_rank")
    p.add_argument("--lora-targets", type=targets_arg, dest="lora_targets", help="all, or e.g. q,v")
    p.add_argument("--precision", choices=["mixed", "bf16", "fp32"])
    p.add_argument("--chunked-loss", action="store_true", default=None, dest="chunked_loss",
                   help="a fused / chunked cross-entropy (Liger, Unsloth): no full logits")
    p.add_argument("--loss", choices=["fp32-upcast", "legacy-shifted-fp32", "bf16", "chunked", "fused"],
                   help="the cross-entropy as computed, whatever the framework (default: the framework's)")
    p.add_argument("--sharding", choices=["deepspeed", "fsdp"],
                   help="ZeRO-3 as DeepSpeed or as PyTorch FSDP runs it (default: the framework's)")
    p.add_argument("--checkpointing", type=checkpointing_arg,
                   help="full, selective (attention core only), none, or the share of layers checkpointed, e.g. 0.5")
    p.add_argument("--framework", help="hf (default; = LLaMA-Factory), axolotl, ms-swift, torchtune, litgpt, unsloth, "
                   "deepspeed: the framework's loss, optimizer and QLoRA preparation")
    dq = p.add_mutually_exclusive_group()
    dq.add_argument("--double-quant", dest="double_quant", action="store_true", default=None,
                    help="QLoRA: NF4 with double quantization (default)")
    dq.add_argument("--no-double-quant", dest="double_quant", action="store_false")
    p.add_argument("--train-embeddings", action="store_true", default=None, dest="train_embeddings",
                   help="LoRA: also train the embeddings and lm_head (PEFT modules_to_save)")
    p.add_argument("--activation-offload", action="store_true", default=None, dest="activation_offload",
                   help="keep the checkpointed activations in host memory")
    p.add_argument("--lora-dropout", type=dropout_arg, dest="lora_dropout", help="PEFT lora_dropout, e.g. 0.05")
    p.add_argument("--packing", action="store_true", default=None, help="samples packed to exactly --seq-len tokens")
    p.add_argument("--lengths", choices=["fixed", "variable"],
                   help="variable: unpacked data padded per batch; reserved and nvidia-smi then read more (cached buffers)")
    p.add_argument("--lang", choices=["zh", "en"])
    p.add_argument("--json", action="store_true")


def add_from_flag(p: argparse.ArgumentParser) -> None:
    """--from FILE (repeatable): the user's own training files, read by bot.cli.from_file."""
    p.add_argument("--from", action="append", dest="from_files", metavar="FILE",
                   help="your own training file(s): config.json, LLaMA-Factory or axolotl YAML, TrainingArguments "
                        "JSON, DeepSpeed JSON, accelerate config; repeat for several")


SIZE_FIELDS = (
    "model", "params_b", "method", "num_gpus", "gpu", "seq_len", "micro_batch", "grad_accum", "zero", "offload",
    "optimizer", "grad_checkpointing", "attention", "lora_rank", "lora_targets", "precision", "chunked_loss",
    "framework", "double_quant", "train_embeddings", "activation_offload", "lora_dropout", "packing",
    "loss", "sharding", "lengths",
)


def flags_request(args: argparse.Namespace) -> TrainingRequest:
    stated = {k: getattr(args, k, None) for k in SIZE_FIELDS}
    stated.update(getattr(args, "checkpointing", None) or {})
    return TrainingRequest.model_validate({k: v for k, v in stated.items() if v is not None})


def text_request(text: str) -> TrainingRequest:
    """What the free text says (the chat parser); empty when there is no text."""
    if not text:
        return TrainingRequest()
    from bot.understand.parser import parse

    return parse(text).request


def answer_lines(lines: Iterable[str], respond: Callable[[str], dict[str, object]], args: argparse.Namespace) -> int:
    """One JSON object per input line; a bad line gets an error object and the rest go on."""
    status = 0
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        lang = args.lang or detect_language(line)
        try:
            obj = respond(line)
        except KasuanError as exc:
            obj = {"input": line, "error": {"code": exc.code, "message": error_message(exc, lang)}}
            status = EXIT_BAD_INPUT
        print(json.dumps(obj, ensure_ascii=False, default=str), flush=True)  # Decimal money as a string
    return status
