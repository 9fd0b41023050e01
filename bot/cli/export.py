"""`kasuan export`: the files that start the sized job, written to a folder.

The question comes as TEXT and/or the sizing and cost flags (flags beat text), exactly as for
`kasuan cost`; the files come from engine.export through bot.views.export, so the CLI, the chat's
/export and its button hand over the same files. bot/cli/commands.py registers it lazily in build_parser.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from bot.cli.args import add_size_flags
from bot.cli.cost import add_cost_flags, cost_request
from bot.text.i18n import detect_language, t
from bot.text.render import render_reply
from bot.views.export import asks_fsdp, export_reply
from engine.cost import CostReport, compare
from engine.errors import KasuanError
from engine.export import FORMATS
from engine.hf_config import load_config
from engine.sizing import size


def add_export_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Register `kasuan export` on the `kasuan` subparsers (called from bot.cli.build_parser)."""
    p: argparse.ArgumentParser = subparsers.add_parser(
        "export", help="ready-to-run LLaMA-Factory / DeepSpeed / accelerate configs and launch scripts")
    add_size_flags(p)
    add_cost_flags(p)
    p.add_argument("--format", choices=[*FORMATS, "all"], default="all", dest="fmt")
    p.add_argument("--out", default="kasuan-export", help="the folder to write the files to (created if needed)")
    p.set_defaults(handler=cmd_export)
    return p


def priced(request: Any, spec: Any) -> CostReport | None:
    """The cost comparison for the header's cost line; a job that cannot be priced still exports."""
    try:
        return compare(request, spec)
    except KasuanError:
        return None


def cmd_export(args: argparse.Namespace) -> int:
    """Write the files and print what they are for and where they went (or JSON with --json)."""
    text = args.text or ""
    lang = args.lang or detect_language(text)
    spec = load_config(args.config) if args.config else None
    request = cost_request(args, text)
    if spec is not None:
        request = request.model_copy(update={"model": None, "params_b": None})
    # sized from a local config.json: train the checkpoint in that folder
    folder = str(Path(args.config).resolve().parent) if args.config else None
    reply = export_reply(size(request, spec), lang, priced(request, spec), args.fmt, folder, asks_fsdp(text))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, content in reply.files:
        path = out / name
        path.write_bytes(content)
        if name.endswith(".sh"):
            path.chmod(0o755)
        paths.append(str(path))
    if args.json:
        print(json.dumps({**reply.data["v"], "files": paths}, ensure_ascii=False, default=str))
        return 0
    print(render_reply(reply, "plain"), end="")
    print(t("export.written", lang, dir=str(out)))
    for path_text in paths:
        print(f"  {path_text}")
    return 0
