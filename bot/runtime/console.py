"""The console chat (`kasuan chat`): the bot in a terminal, or over piped stdin.

It goes through the same core (router, handlers, templates) as Telegram and Discord, in the
plain flavor. Buttons are shown as numbered choices: typing the number presses the button.
Each input line is one message; quit, exit, 退出 (or /quit, or end of input) leaves. A reply's chart is saved as a PNG
and its files (an export) are written to a folder under KASUAN_OUT (default ./data/out), and the
paths are printed.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TextIO

from bot.clock import SystemClock
from bot.core.app import build_core
from bot.core.router import Core
from bot.messages import Button, Incoming, Reply
from bot.store import connect
from bot.text.i18n import t
from bot.text.render import render_reply

QUIT_WORDS = {"/quit", "/exit", "quit", "exit", "q", "退出", "/退出"}  # a terminal user's ways to leave


def out_dir() -> Path:
    return Path(os.environ.get("KASUAN_OUT", "data/out"))


def save_attachments(reply: Reply, folder: Path, counter: int) -> list[str]:
    """Lines saying where the reply's picture and files went (written under `folder`)."""
    lines = []
    picture = reply.picture()
    if picture is not None:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{reply.kind}-{counter}.png"
        path.write_bytes(picture)
        lines.append(t("console.picture", reply.lang, path=str(path)))
    if reply.files:
        target = folder / f"export-{counter}"
        target.mkdir(parents=True, exist_ok=True)
        lines.append(t("export.written", reply.lang, dir=str(target)))
        for name, data in reply.files:
            path = target / name
            path.write_bytes(data)
            if name.endswith(".sh"):
                path.chmod(0o755)
            lines.append(f"  {path}")
    return lines


def button_line(buttons: list[Button], lang: str) -> str:
    labels = [f"[{i}] {t(b.label_key, lang, **b.label_params)}" for i, b in enumerate(buttons, 1)]
    return "  ".join(labels)


def command_list(core: Core, lang: str) -> str:
    """The commands this console answers, from the command registry (the same list as /help and
    the platforms' menus)."""
    return t("console.commands", lang, commands=" ".join(f"/{cmd.name}" for cmd in core.menu()))


def chat(stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout, core: Core | None = None) -> int:
    """Talk to the bot until end of input; the database is KASUAN_DB (default ./data/kasuan.db)."""
    if core is None:
        store = connect()
        try:
            return chat(stdin, stdout, build_core(store, SystemClock()))
        finally:
            store.close()
    interactive = stdin.isatty()
    user = os.environ.get("USER", "console")
    if interactive:
        print(t("console.welcome", "zh") + "\n" + t("console.welcome", "en"), file=stdout)
        print(command_list(core, "en"), file=stdout)
    pending: list[Button] = []
    last_lang: str | None = None
    counter = 0
    while True:
        if interactive:
            print("> ", end="", file=stdout, flush=True)
        line = stdin.readline()
        if not line:
            return 0
        text = line.strip()
        if not text:
            continue
        if text.lower() in QUIT_WORDS:
            return 0
        counter += 1
        if text.isdigit() and pending and 1 <= int(text) <= len(pending):
            inc = Incoming(text="", user_id=user, chat_id=user, event_id=f"console-{counter}",
                           button=pending[int(text) - 1].payload, user_lang=last_lang)
        else:
            inc = Incoming(text=text, user_id=user, chat_id=user, event_id=f"console-{counter}")
        reply = core.handle(inc)
        if reply is None:
            continue
        last_lang = reply.lang
        print(render_reply(reply, "plain"), file=stdout, end="")
        for line in save_attachments(reply, out_dir(), counter):
            print(line, file=stdout)
        pending = reply.buttons
        if pending:
            print(button_line(pending, reply.lang), file=stdout)
        print(file=stdout, flush=True)
