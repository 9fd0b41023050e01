"""The console chat (`kasuan chat`): the bot's answers in a terminal, or over piped stdin.

It uses the same parser, engine and templates as the chat front ends (plain flavor). Each input
line is one message; /lang zh|en switches the reply language, /quit (or end of input) leaves.
"""

from __future__ import annotations

import sys
from typing import TextIO

from bot.answer import answer
from bot.errors import internal_error
from bot.i18n import t


def chat(stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    interactive = stdin.isatty()
    lang: str | None = None
    if interactive:
        print(t("console.welcome", "zh") + "\n" + t("console.welcome", "en"), file=stdout)
    while True:
        if interactive:
            print("> ", end="", file=stdout, flush=True)
        line = stdin.readline()
        if not line:
            return 0
        text = line.strip()
        if not text:
            continue
        if text in ("/quit", "/exit", "exit", "quit"):
            return 0
        if text.startswith("/lang"):
            choice = text.split()[1:2]
            lang = choice[0] if choice and choice[0] in ("zh", "en") else None
            print(t("console.lang_set" if lang else "console.lang_auto", lang or "en"), file=stdout)
            continue
        try:
            reply = answer(text, lang).reply.render("plain")
        except Exception as exc:  # the chat never shows a traceback
            reply = internal_error(exc, lang or "en") + "\n"
        print(reply, file=stdout, flush=True)
