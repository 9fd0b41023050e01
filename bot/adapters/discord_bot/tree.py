"""The Discord command tree, built from the command registry (bot.core.registry): one slash command
per registered command the core answers, with the registry's typed options.

Nothing here names a command: an option's kind becomes its Discord type (text, a bounded integer,
a yes/no switch), a choice list becomes Discord choices (labels from the string catalog), an
autocomplete source asks the registry for suggestions, and a team-admin write is shown only to
members who can manage the server. The values become the command line the core reads
(`registry.command_line`); a job command's options also travel typed. Names and descriptions are
localized for zh-CN by `CatalogTranslator` from the same catalog.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

from bot.core import registry
from bot.core.registry import Command, Option
from bot.text.i18n import has, t

if TYPE_CHECKING:
    from bot.adapters.discord_bot.front import DiscordFrontEnd

DESCRIPTION_LIMIT = 100
LOCALES = {discord.Locale.chinese: "zh"}  # zh-CN
NAME_SHAPE = re.compile(r"^[-_\w]{1,32}$")
# A user-installed app (Installation: User Install in the developer portal) answers its commands in
# DMs, group DMs and any server the user is in, not only in servers that added the bot.
EVERY_INSTALL = app_commands.AppInstallationType(guild=True, user=True)
EVERY_CONTEXT = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)


def _label(key: str, fallback: str) -> locale_str:
    """An English text from the catalog that the translator can localize (key, else fallback key)."""
    source = key if has(key) else fallback
    return locale_str(t(source, "en")[:DESCRIPTION_LIMIT], key=key, fallback=fallback)


class CatalogTranslator(app_commands.Translator):
    """Localizes command names, descriptions, option names and choices for zh-CN from the string catalog.

    Each locale_str carries its catalog key (and a fallback key); a key the catalog lacks is left
    untranslated (Discord shows the English default), never invented here.
    """

    async def translate(self, string: locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        lang = LOCALES.get(locale)
        if lang is None:
            return None
        for key in (string.extras.get("key"), string.extras.get("fallback")):
            if key and has(key):
                text = t(key, lang)
                if context.location in (app_commands.TranslationContextLocation.command_name,
                                        app_commands.TranslationContextLocation.parameter_name):
                    return text.lower() if NAME_SHAPE.match(text) else None
                return text[:DESCRIPTION_LIMIT]
        return None


def _annotation(opt: Option) -> Any:
    """The Discord type of an option: text, a bounded integer, or a yes/no switch."""
    if opt.kind == "bool":
        return bool
    if opt.kind == "int":
        kind: Any = app_commands.Range[int, opt.low, opt.high] if opt.low is not None else int
        return kind if opt.required else kind | None
    return str if opt.required else str | None


def _default(opt: Option) -> Any:
    if opt.required:
        return inspect.Parameter.empty
    return False if opt.kind == "bool" else None


def _choices(opt: Option) -> list[Choice[str]]:
    assert opt.choices is not None
    return [Choice(name=_label(c.key, c.key) if c.key else c.value, value=c.value) for c in registry.choices(opt.choices)]


def _completer(source: registry.Source) -> Any:
    async def suggest(interaction: discord.Interaction[Any], current: str) -> list[Choice[str]]:
        return [Choice(name=name[:DESCRIPTION_LIMIT], value=value) for name, value in registry.complete(source, current)]

    return suggest


def _callback(front: DiscordFrontEnd, cmd: Command) -> Any:
    """The slash command's callback: its values as the command line (and typed, for a job)."""

    async def run(interaction: discord.Interaction[Any], **values: Any) -> None:
        await front.on_command(interaction, registry.command_line(cmd, values), registry.typed_options(cmd, values),
                               public=bool(values.get(registry.PUBLIC)))

    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)]
    params += [inspect.Parameter(o.name, inspect.Parameter.KEYWORD_ONLY, annotation=_annotation(o), default=_default(o))
               for o in cmd.options]
    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    run.__name__ = run.__qualname__ = cmd.name
    callback: Any = run
    fixed = {o.name: _choices(o) for o in cmd.options if o.choices is not None}
    if fixed:
        callback = app_commands.choices(**fixed)(callback)
    suggested = {o.name: _completer(o.complete) for o in cmd.options if o.complete is not None}
    if suggested:
        callback = app_commands.autocomplete(**suggested)(callback)
    names = [o.name for o in cmd.options]
    if names:
        callback = app_commands.describe(**_described(cmd.name, names))(callback)
        callback = app_commands.rename(**_renamed(names))(callback)
    return callback


def _described(name: str, options: Iterable[str]) -> dict[str, locale_str]:
    """Option descriptions: `discord.opt.<option>` from the catalog, else the command's own description."""
    return {o: _label(f"discord.opt.{o}", f"cmd.{name}") for o in options}


def _renamed(options: Iterable[str]) -> dict[str, locale_str]:
    """Option names stay ASCII by default; the translator localizes them when the catalog has `discord.optname.*`."""
    return {o: locale_str(o, key=f"discord.optname.{o}") for o in options}


def slash_command(front: DiscordFrontEnd, cmd: Command) -> app_commands.Command[Any, ..., None]:
    """One registered command as a Discord slash command."""
    description = cmd.description("en") if has(f"cmd.{cmd.name}") else cmd.name
    command: app_commands.Command[Any, ..., None] = app_commands.Command(
        name=locale_str(cmd.name, key=f"discord.name.{cmd.name}"),
        description=locale_str(description[:DESCRIPTION_LIMIT], key=f"cmd.{cmd.name}"),
        callback=_callback(front, cmd),
        allowed_installs=EVERY_INSTALL,
        allowed_contexts=EVERY_CONTEXT,
    )
    if cmd.admin:  # team-wallet writes: shown to members who can manage the server (a server may grant more)
        command.default_permissions = discord.Permissions(manage_guild=True)
    return command


def build_commands(tree: app_commands.CommandTree[Any], front: DiscordFrontEnd) -> list[str]:
    """One slash command per command on the core's menu (the registry's, in its order). Returns their names."""
    tree.clear_commands(guild=None)
    names = []
    for cmd in front.runner.core.menu():
        tree.add_command(slash_command(front, cmd))
        names.append(cmd.name)
    return names
