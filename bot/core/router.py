"""The one router every front end calls: Incoming in, Reply (data) out, never a platform call.

Commands are the same on every platform (/size, /cost, /gpus ...); free text addressed to the
bot goes through the parser; button payloads come back here. Anything that goes wrong inside a
handler becomes a short apology with an error id, logged with its traceback.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

from bot.answer import answer
from bot.core import buttons
from bot.core.handlers import COMMANDS, Context, Handler, cost_request, export_request, size_request
from bot.core.incoming import Incoming
from bot.core.settings import MemorySettings, SettingsStore, effective
from bot.errors import error_message, internal_error
from bot.replies import Reply
from bot.understand.parser import parse_cost
from engine.errors import KasuanError

log = logging.getLogger("kasuan.router")
COMMAND = re.compile(r"^/([a-zA-Z_]+)(?:@\w+)?(?:\s+(.*))?$", re.DOTALL)
ButtonHandler = Callable[[Context, str], Reply]


class Core:
    """Routes messages to handlers. Extra command and button handlers (wallets) plug in here."""

    def __init__(self, settings: SettingsStore | None = None) -> None:
        self.settings = settings or MemorySettings()
        self.commands: dict[str, Handler] = dict(COMMANDS)
        self.button_handlers: dict[str, ButtonHandler] = {"s|": self._sizing_button}
        self.free_text_hooks: dict[str, Callable[[Context, str], Reply]] = {}

    def command_menu(self, lang: str) -> list[tuple[str, str]]:
        """(name, description) of every command, for Telegram's set_my_commands and Discord's tree."""
        from bot.i18n import has, t

        return [(name, t(f"cmd.{name}", lang)) for name in self.commands if has(f"cmd.{name}")]

    def handle(self, inc: Incoming) -> Reply | None:
        """The reply to `inc`, or None when the message isn't for the bot (group chatter)."""
        ctx = Context(inc, effective(self.settings, inc), self.settings)
        try:
            return self._route(ctx)
        except KasuanError as exc:
            return Reply("error", ctx.lang, {"message": error_message(exc, ctx.lang)})
        except Exception as exc:
            log.error("handler failed for %s event %s", inc.platform, inc.event_id)
            return Reply("error", ctx.lang, {"message": internal_error(exc, ctx.lang)})

    def _route(self, ctx: Context) -> Reply | None:
        inc = ctx.inc
        if inc.button is not None:
            for prefix, handler in self.button_handlers.items():
                if inc.button.startswith(prefix):
                    return handler(ctx, inc.button)
            return None
        text = inc.text.strip()
        m = COMMAND.match(text)
        if m:
            name, args = m.group(1).lower(), m.group(2) or ""
            command = self.commands.get(name)
            if command is None:
                return Reply("unknown_command", ctx.lang, {"name": name, "commands": [f"/{c}" for c in sorted(self.commands)]})
            return command(ctx, args)
        if not inc.addressed or not text:
            return None
        a = answer(text, ctx.lang)
        hook = self.free_text_hooks.get(a.parsed.intent)
        if hook is not None:
            return hook(ctx, text)
        if a.cost is not None:
            return cost_request(ctx, parse_cost(text))
        if a.sizing is not None:
            return size_request(ctx, a.parsed.request, a.sizing)
        return a.reply

    def _sizing_button(self, ctx: Context, payload: str) -> Reply:
        try:
            request, action = buttons.decode(payload)
        except (ValueError, KeyError):
            return Reply("error", ctx.lang, {"message": error_message(_stale(), ctx.lang)})
        changed = buttons.apply(request, action)
        if action == "cost":
            return cost_request(ctx, changed)
        if action == buttons.EXPORT:
            return export_request(ctx, changed)
        return size_request(ctx, changed)


def _stale() -> KasuanError:
    from engine.errors import InvalidRequest

    return InvalidRequest("button", "this button is out of date; ask again")
