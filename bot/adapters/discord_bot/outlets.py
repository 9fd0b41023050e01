"""Replies out on Discord: the Discord steps of the shared answer cycle (bot.adapters.cycle).

- `ChannelOutlet`: messages in a channel or DM (a mention's answer, an alert), quoting the question
  in a server; buttons, a ready picture and the files go with the last part, and the chart is
  edited into the first message once drawn, so the text never waits for it.
- `DmOutlet`: a wallet answer asked in a server goes to the asker's DMs, with a note in the channel.
- `InteractionOutlet`: a slash command's response (deferred first when the core is slow), or the
  pressed message edited in place; `NoticeOutlet`: a press on someone else's button, told privately.

Every send goes out with mentions disabled: echoing "@everyone" back is harmless.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.adapters import CoreRunner, button_labels, cycle
from bot.adapters.discord_bot.buttons import LABEL_LIMIT, NO_MENTIONS, CoreButton
from bot.messages import Reply
from bot.text.i18n import t
from bot.text.render import render_reply, split_message

log = logging.getLogger("kasuan.discord")

MAX_BUTTONS = 25  # five rows of five

MAX_FILES = 9  # Discord takes ten attachments a message; one is kept for the picture
CHART_FILE = "reply.png"
EMBED_FOOTER_LIMIT = 2048


def render(reply: Reply) -> list[str]:
    """The reply in Discord markdown, cut into messages under 2000 characters."""
    return split_message(render_reply(reply, "discord"), "discord")


def view(reply: Reply) -> discord.ui.View | None:
    """The core's buttons (at most 25, five to a row), labels from the catalog."""
    labels = button_labels(reply, LABEL_LIMIT)[:MAX_BUTTONS]
    if not labels:
        return None
    out = discord.ui.View(timeout=None)
    for label, payload in labels:
        out.add_item(CoreButton(payload, label))
    return out


def extras(reply: Reply, last: bool) -> dict[str, Any]:
    """What goes with the last part: the buttons, a ready image (as an attachment shown in an embed)
    and the files. A chart still to be drawn is not waited for: the cycle's chart step adds it."""
    out: dict[str, Any] = {"allowed_mentions": NO_MENTIONS}
    if not last:
        return out
    buttons = view(reply)
    if buttons is not None:
        out["view"] = buttons
    files = []
    if reply.image is not None:
        files.append(discord.File(io.BytesIO(reply.image), filename=CHART_FILE))
        out["embed"] = chart_embed(reply)
    files += [discord.File(io.BytesIO(data), filename=name) for name, data in reply.files[:MAX_FILES]]
    if files:
        out["files"] = files
    return out


def chart_embed(reply: Reply) -> discord.Embed:
    """The embed that shows the attached chart, its one-line caption under it."""
    embed = discord.Embed().set_image(url=f"attachment://{CHART_FILE}")
    if reply.chart_caption:
        embed.set_footer(text=reply.chart_caption[:EMBED_FOOTER_LIMIT])
    return embed


async def edit_chart_in(reply: Reply, picture: bytes, edit: Callable[..., Awaitable[Any]], kept: list[Any]) -> None:
    """Edit the drawn chart into the answer's message, replacing whatever chart was there; `kept`
    are the attachments that stay (files). A chart that fails to attach leaves the text as it is."""
    chart = discord.File(io.BytesIO(picture), filename=CHART_FILE)
    try:
        await edit(attachments=[*kept, chart], embed=chart_embed(reply))
    except discord.HTTPException as exc:
        log.warning("discord chart not attached: %s", exc.text or exc.status)


class ChannelOutlet:
    """Messages in a channel, the first quoting `reference` (if it was deleted meanwhile, sent anyway)."""

    render = staticmethod(render)

    def __init__(self, channel: discord.abc.Messageable, reference: discord.Message | None = None) -> None:
        self.channel, self.reference = channel, reference

    async def text(self, reply: Reply, parts: list[str]) -> list[discord.Message]:
        sent = []
        for i, part in enumerate(parts):
            kwargs = extras(reply, i == len(parts) - 1)
            if i == 0 and self.reference is not None:
                kwargs.update(reference=self.reference.to_reference(fail_if_not_exists=False), mention_author=False)
            sent.append(await self.channel.send(part, **kwargs))
        return sent

    async def chart(self, reply: Reply, picture: bytes, sent: list[discord.Message]) -> None:
        if sent:
            await edit_chart_in(reply, picture, sent[0].edit, list(sent[0].attachments))

    async def files(self, reply: Reply, sent: list[discord.Message]) -> None:
        """Nothing: the files went with the last part."""


class DmOutlet(ChannelOutlet):
    """A personal answer asked in a server: to the asker's DMs (a message cannot be ephemeral),
    and a note in the channel saying so, quoting the question."""

    def __init__(self, runner: CoreRunner, message: discord.Message, dm: discord.abc.Messageable) -> None:
        super().__init__(dm)
        self.runner, self.message = runner, message

    async def text(self, reply: Reply, parts: list[str]) -> list[discord.Message]:
        sent = await super().text(reply, parts)
        note = Reply("error", reply.lang, {"message": t("discord.sent_dm", reply.lang)})
        await cycle.send(self.runner, note, ChannelOutlet(self.message.channel, self.message))
        return sent


@dataclass
class Answered:
    """Where an interaction's answer went: how to edit its message, the attachments that stay, and
    whether it replaced the pressed message (`in_place`) in one part (`single`)."""

    edit: Callable[..., Awaitable[Any]]
    kept: list[Any]
    in_place: bool
    single: bool


class InteractionOutlet:
    """Answer an interaction: a new message (a command) or the pressed message edited in place (a
    button, `edit`). An edit drops the old chart and embed with the old text, and the new chart
    replaces them once drawn (attachments=[new]); files follow an edit as a message of their own.
    `deferred` is set when the core took longer than `defer_after` and the interaction was deferred."""

    render = staticmethod(render)

    def __init__(self, interaction: discord.Interaction[Any], *, edit: bool, ephemeral: bool = False,
                 defer_after: float = 2.0) -> None:
        self.interaction, self.edit, self.ephemeral, self.defer_after = interaction, edit, ephemeral, defer_after
        self.deferred = False

    def waiting(self, defer: Callable[[], Awaitable[Any]]) -> cycle.Wait:
        """The cycle's wait: the core's reply; if not ready within `defer_after` s, `defer` first."""

        async def in_time(work: Awaitable[tuple[Reply | None, float]]) -> tuple[Reply | None, float]:
            task = asyncio.ensure_future(work)
            done, _ = await asyncio.wait({task}, timeout=self.defer_after)
            if done:
                return task.result()
            await defer()
            self.deferred = True
            return await task

        return in_time

    async def text(self, reply: Reply, parts: list[str]) -> Answered:
        interaction = self.interaction
        single = len(parts) == 1
        in_place = self.edit and reply.image is None
        first = extras(Reply(reply.kind, reply.lang, reply.data, reply.buttons), single) if in_place \
            else extras(reply, single)
        if self.ephemeral:
            first["ephemeral"] = True
        if in_place:
            buttons = first.get("view")
            if self.deferred:
                await interaction.edit_original_response(content=parts[0], view=buttons, allowed_mentions=NO_MENTIONS,
                                                         attachments=[], embed=None)
            else:
                await interaction.response.edit_message(content=parts[0], view=buttons, allowed_mentions=NO_MENTIONS,
                                                        attachments=[], embed=None)
            answered = Answered(interaction.edit_original_response, [], True, single)
        elif self.deferred or self.edit:
            if self.edit and not self.deferred:
                await interaction.response.defer()
            message = await interaction.followup.send(parts[0], **first)
            answered = Answered(message.edit, list(message.attachments), False, single)
        else:
            await interaction.response.send_message(parts[0], **first)
            answered = Answered(interaction.edit_original_response, [], False, single)
        for i, part in enumerate(parts[1:], 2):
            await interaction.followup.send(part, **extras(reply, i == len(parts) and not in_place),
                                            ephemeral=self.ephemeral)
        return answered

    async def chart(self, reply: Reply, picture: bytes, sent: Answered) -> None:
        if not sent.in_place and sent.single and reply.files:  # the answer carries files: the chart goes beside
            await self.interaction.followup.send(file=discord.File(io.BytesIO(picture), filename=CHART_FILE),
                                                 embed=chart_embed(reply), ephemeral=self.ephemeral)
        else:
            await edit_chart_in(reply, picture, sent.edit, sent.kept)

    async def files(self, reply: Reply, sent: Answered) -> None:
        if sent.in_place:
            files = extras(Reply(reply.kind, reply.lang, files=reply.files), True)
            await self.interaction.followup.send(**files, ephemeral=self.ephemeral)

    async def nothing(self) -> None:
        """The core had nothing to say to a command: take the "thinking…" away."""
        if not self.deferred:
            await self.interaction.response.defer(ephemeral=True, thinking=True)
        await self.interaction.delete_original_response()


class NoticeOutlet(InteractionOutlet):
    """A press on someone else's button: the presser is told privately, the message stays as it was."""

    async def text(self, reply: Reply, parts: list[str]) -> Answered:
        if self.deferred:
            await self.interaction.followup.send(parts[0], ephemeral=True, allowed_mentions=NO_MENTIONS)
        else:
            await self.interaction.response.send_message(parts[0], ephemeral=True, allowed_mentions=NO_MENTIONS)
        return Answered(self.interaction.edit_original_response, [], True, True)

    async def chart(self, reply: Reply, picture: bytes, sent: Answered) -> None:
        """Nothing: a notice is one line."""

    async def files(self, reply: Reply, sent: Answered) -> None:
        """Nothing: a notice is one line."""


