"""The Telegram command menus (setMyCommands), from the command registry (bot.core.registry).

Per scope and language: private chats (and the default scope) list every command; in groups,
members see all but the team-admin writes the registry marks `admin`, and group admins see those
too. English for the default scope and `en`, Chinese for `zh`; each description is the
registry's `cmd.<name>` string, cut to Telegram's 256 characters.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from telegram import (
    Bot,
    BotCommand,
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    BotCommandScopeDefault,
)
from telegram.error import TelegramError

from bot.core.registry import Command

log = logging.getLogger("kasuan.telegram")
LANGUAGES = ((None, "en"), ("en", "en"), ("zh", "zh"))  # (Telegram language_code, our language)
DESCRIPTION_LIMIT = 256


def menus(commands: Sequence[Command]) -> list[tuple[Any, str | None, list[BotCommand]]]:
    """(scope, language code, commands) for every menu the bot publishes."""
    scopes: list[tuple[Any, bool]] = [(BotCommandScopeDefault(), True), (BotCommandScopeAllPrivateChats(), True),
                                     (BotCommandScopeAllGroupChats(), False),
                                     (BotCommandScopeAllChatAdministrators(), True)]
    out = []
    for code, lang in LANGUAGES:
        for scope, everything in scopes:
            listed = [BotCommand(c.name, c.description(lang)[:DESCRIPTION_LIMIT]) for c in commands
                      if everything or not c.admin]
            out.append((scope, code, listed))
    return out


async def publish_menus(bot: Bot, commands: Sequence[Command]) -> None:
    """setMyCommands for each menu; one refused is logged and the others still go out."""
    for scope, code, listed in menus(commands):
        try:
            await bot.set_my_commands(listed, scope=scope, language_code=code)
        except TelegramError as exc:
            log.warning("could not set the %s %s command menu: %s", scope.type, code or "default", exc)
