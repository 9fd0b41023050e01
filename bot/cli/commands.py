"""The `kasuan` command: size, and (as they land) cost, ask, chat, run, db and alerts.

Every subcommand answers bad input with one line in the user's language and exit code 2;
an unexpected failure prints an apology with an error id (exit 1), never a traceback.
"""

from __future__ import annotations

import argparse
import itertools
import json
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bot.cli.args import (
    EXIT_BAD_INPUT,
    EXIT_INTERNAL,
    Parser,
    UsageError,
    add_from_flag,
    add_size_flags,
    answer_lines,
    flags_request,
    text_request,
)
from bot.runtime.private import private_file
from bot.text.errors import error_message, internal_error
from bot.text.i18n import detect_language
from engine.catalog import ModelSpec
from engine.errors import KasuanError
from engine.sizing import size

if TYPE_CHECKING:
    from bot.core.router import Core
    from bot.messages import Reply
    from bot.understand.parser import Parsed

def answer_size(args: argparse.Namespace, text: str, spec: ModelSpec | None) -> tuple[str, dict[str, object]]:
    """(plain text, json object) for one sizing question; with --json the text is not rendered
    (the templates are then never loaded, which keeps `kasuan size --json` quick)."""
    from bot.cli.json_output import sizing_json

    lang = args.lang or detect_language(text)
    request = text_request(text).merged(flags_request(args))
    if spec is not None:
        request = request.model_copy(update={"model": None, "params_b": None})
    s = size(request, spec)
    if getattr(args, "json", False):
        return "", sizing_json(s)
    from bot.text.render import render_reply  # the templates: not loaded for --json
    from bot.views.sizing import sizing_details_reply

    reply = sizing_details_reply(s, lang, explain=args.explain, limit=None if args.all_gpus else 8)
    return render_reply(reply, "plain"), sizing_json(s)


def planning_size(args: argparse.Namespace) -> int:
    """`size --max-seq / --max-batch / --how-many`: the planning answer instead of the sizing."""
    from bot.text.render import render_reply
    from bot.views.planning import cards_reply, max_batch_reply, max_seq_reply

    text = args.text or ""
    lang = args.lang or detect_language(text)
    request = text_request(text).merged(flags_request(args))
    if args.how_many:
        if request.gpu is None:
            from engine.errors import InvalidRequest

            raise InvalidRequest("gpu", "name the card to count", reason="needs_gpu")
        reply = cards_reply(request, request.gpu, lang)
    else:
        reply = (max_seq_reply if args.max_seq else max_batch_reply)(request, lang)
    print(json.dumps(reply.data["v"], ensure_ascii=False, default=str) if args.json else render_reply(reply, "plain"),
          end="\n" if args.json else "")
    return 0


def cmd_size(args: argparse.Namespace) -> int:
    if getattr(args, "from_files", None):
        from bot.cli.from_file import answer_from

        return answer_from(args, cost=False)
    if args.max_seq or args.max_batch or args.how_many:
        if args.config or args.text == "-":
            raise UsageError("kasuan size: --max-seq, --max-batch and --how-many take a catalog model and one question")
        return planning_size(args)
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


_lines = itertools.count(1)


def ask_reply(core: Core, text: str, lang: str | None, chat: str = "cli") -> tuple[Parsed, Reply]:
    """Answer through `Core.handle`, the one entry every front end uses (so "/gpus" lists the cards
    here as in a chat); the reading behind the answer comes back on the reply."""
    from bot.messages import Incoming, Reply
    from bot.understand.parser import parse

    inc = Incoming(text=text, user_id="cli", chat_id=chat, platform="cli", user_lang=lang)
    reply = core.handle(inc) or Reply("unknown", lang or "en", {"closest": []})
    parsed = reply.reading if reply.reading is not None else parse(text)
    return parsed, reply


def ask_json(core: Core, text: str, lang: str | None, chat: str = "cli") -> dict[str, object]:
    """`kasuan ask --json`: intent, request (the sizing JSON for size questions), missing, faq, reply."""
    from bot.cli.json_output import sizing_json
    from bot.core.faq import faq_item
    from engine.cost import CostReport
    from engine.sizing import Sizing

    p, reply = ask_reply(core, text, lang, chat)
    request: dict[str, object] = p.fields()
    if isinstance(reply.source, Sizing):
        sized = sizing_json(reply.source)
        request = {**sized.pop("request"), **sized}  # the same fields as `kasuan size --json`
    elif isinstance(reply.source, CostReport):
        from bot.cli.cost import cost_json

        sized = cost_json(reply.source)
        request = {**sized.pop("request"), **sized}  # ... plus time and costs
    command = reply.reading is None and text.lstrip().startswith("/")  # "/gpus": answered by the command, no reading
    return {
        "intent": reply.kind if command else p.intent,
        "lang": reply.lang,
        "request": {} if command else request,
        "missing": [] if command else p.missing,
        "faq": [] if command else [faq_item(h, reply.lang) for h in p.faq if h.score > 0],
        "reply": _plain(reply),
    }


def _plain(reply: Reply) -> str:
    from bot.text.render import render_reply  # lazy: `size --json` never renders

    return render_reply(reply, "plain")


def cmd_ask(args: argparse.Namespace) -> int:
    core = ask_core()
    if args.text == "-":
        # each line on its own (a chat of its own), unless --conversation keeps them in one
        def chat() -> str:
            return "cli" if args.conversation else f"cli-line-{next(_lines)}"
        return answer_lines(sys.stdin, lambda line: ask_json(core, line, args.lang, chat()), args)
    if not args.text or not args.text.strip():
        raise UsageError("kasuan ask: give the question as TEXT, or - to read lines from stdin")
    if args.json:
        print(json.dumps(ask_json(core, args.text, args.lang), ensure_ascii=False, default=str))
    else:
        print(_plain(ask_reply(core, args.text, args.lang)[1]), end="")
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    """`kasuan schema`: the JSON contract's schema (also in docs/cli-json.schema.json)."""
    from bot.cli.contract import schema

    print(json.dumps(schema(), ensure_ascii=False, indent=2))
    return 0


def cmd_chat(args: argparse.Namespace) -> int:
    from bot.runtime.console import chat

    return chat()


def cmd_run(args: argparse.Namespace) -> int:
    """Start every front end whose token is set, plus the alert sender; with none, the console chat."""
    from bot.runtime.run import main_run

    return main_run()


def build_parser(command: str | None = None) -> Parser:
    """Every subcommand; with `command` (the first word of the command line) only that one's
    module is imported, so `kasuan size` does not load the wallet, the store or the cost engine."""
    parser = Parser(prog="kasuan", description="KaSuan (卡算): GPU memory, time and cost for fine-tuning LLMs")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    p = sub.add_parser("size", help="GPU memory per card, what fits and how many cards")
    add_size_flags(p)
    add_from_flag(p)
    p.add_argument("--explain", action="store_true", help="show the formula behind each term")
    p.add_argument("--all-gpus", action="store_true", dest="all_gpus", help="list every card that fits")
    ask = p.add_mutually_exclusive_group()
    ask.add_argument("--max-seq", action="store_true", dest="max_seq",
                     help="the longest sequence that fits --gpu (everything else as stated)")
    ask.add_argument("--max-batch", action="store_true", dest="max_batch",
                     help="the largest micro-batch that fits --gpu (everything else as stated)")
    ask.add_argument("--how-many", action="store_true", dest="how_many",
                     help="how many --gpu cards the job needs, with the ZeRO stage and the cost")
    p.set_defaults(handler=cmd_size)
    if command in (None, "cost"):
        from bot.cli.cost import add_cost_parser  # lazy: bot.cli.cost imports from bot.cli

        add_cost_parser(sub)
    if command in (None, "export"):
        from bot.cli.export import add_export_parser  # lazy, like add_cost_parser

        add_export_parser(sub)
    if command in (None, "prices"):
        from bot.cli.prices import add_prices_parser  # lazy, like add_cost_parser

        add_prices_parser(sub)
    p = sub.add_parser("schema", help="print the JSON Schema of size --json and cost --json")
    p.set_defaults(handler=cmd_schema)
    p = sub.add_parser("ask", help="answer a chat message the way the bot would")
    p.add_argument("text", nargs="?", help="the message, or - to read one message per line from stdin")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", choices=["zh", "en"])
    p.add_argument("--conversation", action="store_true",
                   help="with -, read the lines as one conversation (a line may follow up on the one before)")
    p.set_defaults(handler=cmd_ask)
    if command in (None, "db", "alerts"):
        from bot.cli.wallet import add_wallet_parsers  # lazy, like add_cost_parser

        add_wallet_parsers(sub)
    sub.add_parser("chat", help="chat with the bot in this terminal (or over piped stdin)").set_defaults(handler=cmd_chat)
    sub.add_parser("run", help="start the configured front ends (the console chat when no token is set)").set_defaults(
        handler=cmd_run)
    return parser


def settle_process() -> None:
    """Start-up settings for a process that runs one `kasuan` command (issue 21, item 6):
    - the objects made by the imports live as long as the process, so they are frozen out of the
      collector's passes (each full pass walked all of them again: 6% of a `kasuan size`);
    - KaSuan installs no pydantic plugin, and looking for one reads the metadata of every
      installed package at the first schema (another 6% in the dev venv); setting
      PYDANTIC_DISABLE_PLUGINS yourself (even to "") lets plugins load again."""
    import gc

    gc.freeze()
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")


def setup_logging() -> None:
    """Tracebacks go to a log file (KASUAN_LOG, default ./data/kasuan.log), not to the terminal."""
    level = "INFO"
    if os.environ.get("KASUAN_LOG_LEVEL", "").strip():
        from bot.adapters.config import log_level  # lazy: only when a level is set (pydantic-settings)

        level = log_level(os.environ["KASUAN_LOG_LEVEL"])  # ConfigError: one line, exit code 2
    path = Path(os.environ.get("KASUAN_LOG", "data/kasuan.log"))
    try:
        private_file(path)  # owner-only when KaSuan creates or owns it; /dev/null and pipes left alone
        handler: logging.Handler = logging.FileHandler(path, encoding="utf-8")
    except OSError:
        handler = logging.NullHandler()
    logging.basicConfig(level=level, handlers=[handler])


def main(argv: list[str] | None = None) -> int:
    if argv is None:  # the process's own command line: this process is the CLI
        settle_process()
    argv = sys.argv[1:] if argv is None else argv
    lang = detect_language(" ".join(argv))
    try:
        setup_logging()
    except ValueError as exc:  # bot.adapters.config.ConfigError: KASUAN_LOG_LEVEL
        print(str(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        first = argv[0] if argv and not argv[0].startswith("-") else None
        known = first in ("size", "cost", "ask", "chat", "run", "db", "alerts", "prices")
        args = build_parser(first if known else None).parse_args(argv)
        lang = getattr(args, "lang", None) or lang
        return int(args.handler(args))
    except UsageError as exc:
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
        if _store_url_error(exc):  # KASUAN_DB is not a path, sqlite:// or postgresql://
            print(str(exc), file=sys.stderr)
            return EXIT_BAD_INPUT
        print(internal_error(exc, lang), file=sys.stderr)
        return EXIT_INTERNAL


def _store_url_error(exc: Exception) -> bool:
    """Whether `exc` is the store's StoreURLError, asked without importing the store: a command
    that never opened it (`size`) cannot have raised it, and importing it costs start-up time."""
    connection = sys.modules.get("bot.store.connection")
    return connection is not None and isinstance(exc, connection.StoreURLError)



if __name__ == "__main__":
    raise SystemExit(main())
