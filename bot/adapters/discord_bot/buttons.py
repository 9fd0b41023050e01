"""The core's buttons on Discord: a button's custom_id is "k:" + the core's payload, so a press
reaches the core even after a restart; only the person a message answered may press its buttons."""

from __future__ import annotations

import logging
import re
from contextlib import suppress
from typing import TYPE_CHECKING, Any

import discord

from bot.core.settings import platform_lang
from bot.text.i18n import t

log = logging.getLogger("kasuan.discord")

if TYPE_CHECKING:
    from bot.adapters.discord_bot.front import DiscordFrontEnd

NO_MENTIONS = discord.AllowedMentions.none()
BUTTON_ID = "k:"  # custom_id = "k:" + the core's payload (<= 64 bytes, Discord allows 100)
LABEL_LIMIT = 80


class CoreButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"k:(?P<payload>.+)"):
    """A core button: the custom_id is the payload, so any press, even after a restart, reaches the core."""

    def __init__(self, payload: str, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=label[:LABEL_LIMIT], custom_id=f"{BUTTON_ID}{payload}",
                                           style=discord.ButtonStyle.secondary))
        self.payload = payload

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str]) -> CoreButton:
        return cls(match["payload"], getattr(item, "label", None) or "…")

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """Only the person the message answered may press its buttons; a bystander is told privately
        and the message stays as it was. A message with no known asker (an alert) is open to all."""
        owner = message_owner(interaction.message)
        if owner is None or owner == interaction.user.id:
            return True
        lang = platform_lang(interaction.locale.value) or "en"
        with suppress(discord.HTTPException):
            await interaction.response.send_message(t("discord.not_your_button", lang), ephemeral=True,
                                                    allowed_mentions=NO_MENTIONS)
        return False

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        front: DiscordFrontEnd = interaction.client.front
        try:
            await front.on_button(interaction, self.payload)
        except Exception as exc:
            await front.on_interaction_error(interaction, exc)


def message_owner(message: discord.Message | None) -> int | None:
    """Who a bot message answered: the user of the slash command it responds to, or the author of the
    message it replies to."""
    if message is None:
        return None
    meta = getattr(message, "interaction_metadata", None)
    if meta is not None and getattr(meta, "user", None) is not None:
        return int(meta.user.id)
    ref = message.reference.resolved if message.reference is not None else None
    if isinstance(ref, discord.Message):
        return int(ref.author.id)
    return None

