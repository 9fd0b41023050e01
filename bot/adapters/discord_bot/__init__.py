"""Discord front end (discord.py 2): slash commands, mentions and DMs in, the core's replies out as
markdown.

The rooms: `front` (the client, its lifecycle and one handler per event kind, each an `Incoming`
for the core and a run of the shared answer cycle, bot.adapters.cycle), `tree` (the slash
commands, built from the command registry, and their zh-CN localization), `outlets` (the cycle's
steps: channel messages, DMs, interaction responses and edits) and `buttons` (the core's buttons,
pressable after a restart, only by the asker).
"""

from bot.adapters.discord_bot.front import DiscordFrontEnd
from bot.adapters.discord_bot.tree import CatalogTranslator, build_commands

__all__ = ["CatalogTranslator", "DiscordFrontEnd", "build_commands"]
