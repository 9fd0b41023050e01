"""`kasuan size --from FILE` and `kasuan cost --from FILE`: the user's own training files, sized as
they would run (several files make one job: a LLaMA-Factory YAML and its DeepSpeed JSON).

The files are read with the same checks as a file sent in a chat (size first, from the file
system, before a byte is read; then text, aliases, depth); the question's text fills what the
files leave unsaid and the flags beat both. The reply is the chat's, in plain text, or JSON.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from bot.cli.args import flags_request, text_request
from bot.text.i18n import detect_language
from bot.text.render import render_reply
from bot.views.training_file import training_file_reply
from engine.errors import KasuanError
from engine.safe_load import MAX_BYTES, FileRefused
from engine.training_file import read_files


class _Unreadable(KasuanError):
    code = "bad_config"


def read_paths(paths: list[str]) -> list[tuple[str, bytes]]:
    out: list[tuple[str, bytes]] = []
    for raw in paths:
        path = Path(raw)
        try:
            size = path.stat().st_size
            if size > MAX_BYTES:
                raise FileRefused("too_large", path.name, size_kb=round(size / 1024), limit_kb=MAX_BYTES // 1024)
            out.append((path.name, path.read_bytes()))
        except OSError as exc:
            raise _Unreadable(f"cannot read {path.name}: {exc.strerror}") from exc
    return out


def answer_from(args: argparse.Namespace, *, cost: bool) -> int:
    """Print the reply (or JSON) for the files in args.from_files; a refusal raises (exit 2)."""
    text = args.text or ""
    lang = args.lang or detect_language(text)
    job = read_files(read_paths(args.from_files))
    override = flags_request(args)
    if cost:
        from bot.cli.cost import cost_request

        override = cost_request(args, "")
    if job.spec is None and job.request.model is None and not (override.model or override.params_b
                                                               or text_request(text).model):
        from bot.text.i18n import t

        raise _Unreadable(t("file.no_model", lang))
    reply = training_file_reply(job, text_request(text), lang, "USD", cost=cost, override=override)
    if getattr(args, "json", False):
        print(json.dumps(_json(reply, cost), ensure_ascii=False, default=str))
    else:
        print(render_reply(reply, "plain"), end="")
    return 0


def _json(reply: Any, cost: bool) -> dict[str, Any]:
    view = reply.data["file"]
    out: dict[str, Any] = {"files": [{"name": f["name"], "kind": f["kind"]} for f in view["files"]],
                           "read": view["read"], "skipped": view["skipped"], "fix": view["fix"]}
    if cost:
        from bot.cli.cost import cost_json

        out["cost"] = cost_json(reply.source)
    else:
        from bot.cli.json_output import sizing_json

        out["sizing"] = sizing_json(reply.source)
    return out
