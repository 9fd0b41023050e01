"""The whole bot as one object: the core router with settings in SQLite and the wallet plugged in.

Every front end (console, Telegram, Discord) builds its core here, so they all answer alike. The
wallet plugs in through the router's extension points (its commands, the "w:" buttons, and the
free-text hook for the parser's "wallet" intent); nothing about money is decided in the router.
"""

from __future__ import annotations

from bot.clock import Clock
from bot.core.handlers import Context, Handler
from bot.core.router import Core
from bot.core.settings import SQLiteSettings
from bot.replies import Reply
from bot.store import Store
from bot.understand.parser import parse
from bot.wallet import COMMANDS, handle_button, handle_command, handle_parsed


def build_core(store: Store, clock: Clock) -> Core:
    """The router with SQLite settings and the wallet's commands, buttons and free text."""
    core = Core(SQLiteSettings(store))

    def command(name: str) -> Handler:
        def run(ctx: Context, args: str) -> Reply:
            return handle_command(store, clock, ctx.inc, name, args, ctx.lang)

        return run

    for name in COMMANDS:
        core.commands[name] = command(name)

    def button(ctx: Context, payload: str) -> Reply:
        return handle_button(store, clock, ctx.inc, payload, ctx.lang)

    def free_text(ctx: Context, text: str) -> Reply:
        return handle_parsed(store, clock, ctx.inc, parse(text).rental, text, ctx.lang)

    core.button_handlers["w:"] = button
    core.free_text_hooks["wallet"] = free_text
    return core
