"""The `kasuan` command: size, and (as they land) cost, ask, chat, run, db and alerts.

Every subcommand answers bad input with one line in the user's language and exit code 2;
an unexpected failure prints an apology with an error id (exit 1), never a traceback.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from bot.errors import error_message, internal_error
from bot.i18n import detect_language
from bot.private import private_file
from bot.store.connection import StoreURLError
from bot.understand.numbers import parse_params_b
from engine.catalog import ModelSpec
from engine.errors import KasuanError
from engine.request import TrainingRequest
from engine.sizing import size

if TYPE_CHECKING:
    from bot.core.router import Core
    from bot.replies import Reply
    from bot.understand.parser import Parsed

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
    p.add_argument("--lang", choices=["zh", "en"])
    p.add_argument("--json", action="store_true")


SIZE_FIELDS = (
    "model", "params_b", "method", "num_gpus", "gpu", "seq_len", "micro_batch", "grad_accum", "zero", "offload",
    "optimizer", "grad_checkpointing", "attention", "lora_rank", "lora_targets", "precision", "chunked_loss",
    "framework", "double_quant", "train_embeddings", "activation_offload", "lora_dropout", "packing",
)


def flags_request(args: argparse.Namespace) -> TrainingRequest:
    stated = {k: getattr(args, k, None) for k in SIZE_FIELDS}
    return TrainingRequest.model_validate({k: v for k, v in stated.items() if v is not None})


def text_request(text: str) -> TrainingRequest:
    """What the free text says (the chat parser); empty when there is no text."""
    if not text:
        return TrainingRequest()
    from bot.understand.parser import parse

    return parse(text).request


def answer_size(args: argparse.Namespace, text: str, spec: ModelSpec | None) -> tuple[str, dict[str, object]]:
    """(plain text, json object) for one sizing question; with --json the text is not rendered
    (the templates are then never loaded, which keeps `kasuan size --json` quick)."""
    from bot.json_output import sizing_json

    lang = args.lang or detect_language(text)
    request = text_request(text).merged(flags_request(args))
    if spec is not None:
        request = request.model_copy(update={"model": None, "params_b": None})
    s = size(request, spec)
    if getattr(args, "json", False):
        return "", sizing_json(s)
    from bot.views import sizing_details_reply

    reply = sizing_details_reply(s, lang, explain=args.explain, limit=None if args.all_gpus else 8)
    return reply.render("plain"), sizing_json(s)


def cmd_size(args: argparse.Namespace) -> int:
    spec = None
    if args.config:
        from engine.hf_config import load_config

        spec = load_config(args.config)
    if args.text == "-":
        args.json = True  # one JSON object per line
        return answer_lines(sys.stdin, lambda line: answer_size(args, line, spec)[1], args)
    plain, obj = answer_size(args, args.text or "", spec)
    print(json.dumps(obj, ensure_ascii=False) if args.json else plain, end="" if not args.json else "\n")
    return 0


def ask_core() -> Core:
    """The chat core `kasuan ask` answers through: the same router and handlers as every front end,
    with settings in memory and no wallet (ask never writes to a ledger; wallet actions are pointed
    to the chat)."""
    from bot.core.router import Core

    return Core()


def ask_reply(core: Core, text: str, lang: str | None) -> tuple[Parsed, Reply]:
    """Parse once, answer through the router."""
    from bot.core.incoming import Incoming
    from bot.understand.parser import parse

    parsed = parse(text)
    inc = Incoming(text=text, user_id="cli", chat_id="cli", platform="cli", user_lang=lang)
    return parsed, core.handle_parsed(inc, parsed)


def ask_json(core: Core, text: str, lang: str | None) -> dict[str, object]:
    """`kasuan ask --json`: intent, request (the sizing JSON for size questions), missing, faq, reply."""
    from bot.core.handlers import faq_item
    from bot.json_output import sizing_json
    from engine.cost import CostReport
    from engine.sizing import Sizing

    p, reply = ask_reply(core, text, lang)
    request: dict[str, object] = p.fields()
    if isinstance(reply.source, Sizing):
        sized = sizing_json(reply.source)
        request = {**sized.pop("request"), **sized}  # the same fields as `kasuan size --json`
    elif isinstance(reply.source, CostReport):
        from bot.cost_command import cost_json

        sized = cost_json(reply.source)
        request = {**sized.pop("request"), **sized}  # ... plus time and costs
    return {
        "intent": p.intent,
        "lang": reply.lang,
        "request": request,
        "missing": p.missing,
        "faq": [faq_item(h, reply.lang) for h in p.faq if h.score > 0],
        "reply": reply.render("plain"),
    }


def cmd_ask(args: argparse.Namespace) -> int:
    core = ask_core()
    if args.text == "-":
        return answer_lines(sys.stdin, lambda line: ask_json(core, line, args.lang), args)
    if not args.text or not args.text.strip():
        raise UsageError("kasuan ask: give the question as TEXT, or - to read lines from stdin")
    if args.json:
        print(json.dumps(ask_json(core, args.text, args.lang), ensure_ascii=False, default=str))
    else:
        print(ask_reply(core, args.text, args.lang)[1].render("plain"), end="")
    return 0


def answer_lines(lines: Iterable[str], answer: Callable[[str], dict[str, object]], args: argparse.Namespace) -> int:
    """One JSON object per input line; a bad line gets an error object and the rest go on."""
    status = 0
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        lang = args.lang or detect_language(line)
        try:
            obj = answer(line)
        except KasuanError as exc:
            obj = {"input": line, "error": {"code": exc.code, "message": error_message(exc, lang)}}
            status = EXIT_BAD_INPUT
        print(json.dumps(obj, ensure_ascii=False, default=str), flush=True)  # Decimal money as a string
    return status


def cmd_chat(args: argparse.Namespace) -> int:
    from bot.console import chat

    return chat()


def cmd_run(args: argparse.Namespace) -> int:
    """Start every front end whose token is set, plus the alert sender; with none, the console chat."""
    from bot.run import main_run

    return main_run()


def build_parser(command: str | None = None) -> Parser:
    """Every subcommand; with `command` (the first word of the command line) only that one's
    module is imported, so `kasuan size` does not load the wallet, the store or the cost engine."""
    parser = Parser(prog="kasuan", description="KaSuan (卡算): GPU memory, time and cost for fine-tuning LLMs")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    p = sub.add_parser("size", help="GPU memory per card, what fits and how many cards")
    add_size_flags(p)
    p.add_argument("--explain", action="store_true", help="show the formula behind each term")
    p.add_argument("--all-gpus", action="store_true", dest="all_gpus", help="list every card that fits")
    p.set_defaults(handler=cmd_size)
    if command in (None, "cost"):
        from bot.cost_command import add_cost_parser  # lazy: bot.cost_command imports from bot.cli

        add_cost_parser(sub)
    p = sub.add_parser("ask", help="answer a chat message the way the bot would")
    p.add_argument("text", nargs="?", help="the message, or - to read one message per line from stdin")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=["zh", "en"])
    p.set_defaults(handler=cmd_ask)
    if command in (None, "db", "alerts"):
        from bot.wallet_command import add_wallet_parsers  # lazy, like add_cost_parser

        add_wallet_parsers(sub)
    sub.add_parser("chat", help="chat with the bot in this terminal (or over piped stdin)").set_defaults(handler=cmd_chat)
    sub.add_parser("run", help="start the configured front ends (the console chat when no token is set)").set_defaults(
        handler=cmd_run)
    return parser


def setup_logging() -> None:
    """Tracebacks go to a log file (KASUAN_LOG, default ./data/kasuan.log), not to the terminal."""
    path = Path(os.environ.get("KASUAN_LOG", "data/kasuan.log"))
    try:
        private_file(path)  # owner-only, whatever the umask
        handler: logging.Handler = logging.FileHandler(path, encoding="utf-8")
    except OSError:
        handler = logging.NullHandler()
    logging.basicConfig(level=os.environ.get("KASUAN_LOG_LEVEL", "INFO"), handlers=[handler])


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    lang = detect_language(" ".join(argv))
    setup_logging()
    try:
        first = argv[0] if argv and not argv[0].startswith("-") else None
        known = first in ("size", "cost", "ask", "chat", "run", "db", "alerts")
        args = build_parser(first if known else None).parse_args(argv)
        lang = getattr(args, "lang", None) or lang
        return int(args.handler(args))
    except (UsageError, StoreURLError) as exc:  # StoreURLError: KASUAN_DB is not a path, sqlite:// or postgresql://
        print(str(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    except KasuanError as exc:
        print(error_message(exc, lang), file=sys.stderr)
        return EXIT_BAD_INPUT
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader (e.g. `| head`) went away: nothing left to say
        return 0
    except Exception as exc:
        print(internal_error(exc, lang), file=sys.stderr)
        return EXIT_INTERNAL



if __name__ == "__main__":
    raise SystemExit(main())
