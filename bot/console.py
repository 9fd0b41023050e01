"""The console chat (`kasuan chat`): the bot in a terminal, or over piped stdin.

It goes through the same core (router, handlers, templates) as Telegram and Discord, in the
plain flavor. Buttons are shown as numbered choices: typing the number presses the button.
Each input line is one message; /quit (or end of input) leaves.
"""

from __future__ import annotations

import os
import sys
from typing import TextIO

from bot.clock import SystemClock
from bot.core.app import build_core
from bot.core.router import Core
from bot.i18n import t
from bot.messages import Button, Incoming
from bot.render import render_reply
from bot.store import connect


def button_line(buttons: list[Button], lang: str) -> str:
    labels = [f"[{i}] {t(b.label_key, lang, **b.label_params)}" for i, b in enumerate(buttons, 1)]
    return "  ".join(labels)


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
        if text in ("/quit", "/exit"):
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
        pending = reply.buttons
        if pending:
            print(button_line(pending, reply.lang), file=stdout)
        print(file=stdout, flush=True)
