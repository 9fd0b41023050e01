"""Discord front end (discord.py 2): slash commands, mentions and DMs in, the core's replies out as markdown.

What the user sees: every core command as a slash command, with typed options (a model, a method
to choose, a card, a card count, a sequence length, a provider) and autocomplete from the
catalogs; names and descriptions in Chinese for a zh-CN client. A DM, or a message that @mentions
the bot or replies to it, is answered as free text. Replies are the core's Discord templates
(code-block tables) split under 2000 characters; the core's buttons come as a row of buttons
whose custom_id carries the core's payload, so a press still works after a restart.

What the user never sees: a ping. Every send goes out with mentions disabled, and the templates
escape user text, so echoing "@everyone" or markdown back is harmless. When the core takes longer
than `defer_after` seconds (Discord allows 3 for the first response), the interaction is deferred
first and the answer follows.

Nothing about sizing, money or wording lives here: the tree is built from the command registry
(bot.adapters.discord_bot.tree), option values become the command line the core already
understands, each event runs the shared answer cycle (bot.adapters.cycle) with the Discord
outlets (bot.adapters.discord_bot.outlets), and every label comes from the string catalog.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
import uuid
from contextlib import suppress
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapters import CoreRunner, Delivery, InFlight, cycle, split_scope
from bot.adapters.cycle import Outlet
from bot.adapters.discord_bot.buttons import NO_MENTIONS, CoreButton
from bot.adapters.discord_bot.outlets import ChannelOutlet, DmOutlet, InteractionOutlet, NoticeOutlet, render
from bot.adapters.discord_bot.tree import CatalogTranslator, build_commands
from bot.core import registry
from bot.core.files import MAX_FILE_BYTES, MAX_TRAINING_FILES
from bot.core.settings import platform_lang
from bot.messages import Incoming, Reply
from bot.text.i18n import detect_language, t
from bot.text.render import render_reply

log = logging.getLogger("kasuan.discord")

PLATFORM = "discord"
TREE_HASH_SCOPE, TREE_HASH_KEY = "discord:app", "command_tree_hash"
DEFER_AFTER = 2.0  # seconds: Discord drops an interaction not answered within 3
MENTION = re.compile(r"<@!?(\d+)>")


class KasuanBot(commands.AutoShardedBot):
    """The discord.py client: sharded automatically (or DISCORD_SHARD_COUNT shards), no prefix commands."""

    def __init__(self, front: DiscordFrontEnd, *, intents: discord.Intents, shard_count: int | None,
                 shard_ids: list[int] | None = None) -> None:
        extra: dict[str, Any] = {"shard_ids": shard_ids} if shard_ids else {}
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, shard_count=shard_count,
                         help_command=None, allowed_mentions=NO_MENTIONS, **extra)
        self.front = front

    async def setup_hook(self) -> None:
        await self.front.setup()

    async def on_message(self, message: discord.Message, /) -> None:  # replaces prefix-command processing
        await self.front.on_message(message)

    async def on_ready(self) -> None:
        log.info("discord front end ready as %s in %d guilds (%s shards)", self.user, len(self.guilds),
                 self.shard_count)


# ---------------------------------------------------------------------- the front end


class DiscordFrontEnd:
    """One Discord bot on the shared core."""

    platform = PLATFORM

    def __init__(
        self,
        token: str,
        runner: CoreRunner,
        *,
        guild_id: int | None = None,
        shard_count: int | None = None,
        shard_ids: tuple[int, ...] | None = None,
        message_content: bool = False,
        defer_after: float = DEFER_AFTER,
        sync: bool = True,
    ) -> None:
        self._token = token
        self.runner = runner
        self.guild_id = guild_id
        self.defer_after = defer_after
        self.sync = sync
        self.inflight = InFlight()
        intents = discord.Intents.default()  # guilds, guild and DM messages; nothing privileged
        intents.message_content = message_content
        self._intents = intents
        self.shard_count = shard_count
        self.shard_ids = list(shard_ids) if shard_ids else None  # this process's share of the gateway
        self.bot = KasuanBot(self, intents=intents, shard_count=shard_count, shard_ids=self.shard_ids)
        self.task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ lifecycle

    async def setup(self) -> None:
        """Register the buttons and the slash commands, then sync them (to the test guild when set)."""
        self.bot.add_dynamic_items(CoreButton)
        build_commands(self.bot.tree, self)
        self.bot.tree.error(self.on_interaction_error)
        await self.bot.tree.set_translator(CatalogTranslator())
        if self.sync:
            await self.sync_if_changed()

    async def tree_hash(self) -> str:
        """A digest of the command tree exactly as a sync would upload it (names, options,
        permissions and every localization) plus where it goes: equal digests, nothing to sync."""
        tree = self.bot.tree
        translator = tree.translator or CatalogTranslator()
        payload = [await c.get_translated_payload(tree, translator) for c in tree.get_commands()]
        raw = json.dumps({"guild": self.guild_id, "commands": payload}, sort_keys=True, default=str)
        return hashlib.sha256(raw.encode()).hexdigest()

    async def sync_if_changed(self) -> bool:
        """Sync only when the tree differs from the last one synced (its hash is kept in the settings
        store): Discord rate-limits command uploads, and a global sync takes a while to show.
        True if it synced."""
        digest = await self.tree_hash()
        settings = self.runner.core.settings
        stored = (await self.runner.call(settings.get, TREE_HASH_SCOPE)).get(TREE_HASH_KEY)
        if stored == digest:
            log.info("discord command tree unchanged (%s...): not synced", digest[:12])
            return False
        await self.sync_commands()
        await self.runner.call(settings.set, TREE_HASH_SCOPE, TREE_HASH_KEY, digest)
        return True

    async def sync_commands(self) -> list[app_commands.AppCommand]:
        """A test guild sees changes at once; a global sync can take up to an hour to show everywhere."""
        tree = self.bot.tree
        if self.guild_id:
            guild = discord.Object(id=self.guild_id)
            tree.copy_global_to(guild=guild)
            return await tree.sync(guild=guild)
        return await tree.sync()

    async def start(self) -> None:
        """Log in and connect in the background (the gateway runs until `stop`)."""
        self.task = asyncio.create_task(self.bot.start(self._token), name="discord")

    async def restart(self) -> None:
        """A fresh client after the last one ended (a failed login during an outage): discord.py's
        client cannot be started again once closed."""
        with suppress(Exception):
            await self.bot.close()
        self.bot = KasuanBot(self, intents=self._intents, shard_count=self.shard_count, shard_ids=self.shard_ids)
        await self.start()

    @property
    def ready(self) -> bool:
        return self.bot.is_ready() and not self.bot.is_closed()

    @staticmethod
    def fatal(exc: BaseException) -> bool:
        """An error that another attempt cannot fix: a wrong token, intents not enabled for the app."""
        return isinstance(exc, discord.LoginFailure | discord.PrivilegedIntentsRequired)

    async def stop(self) -> None:
        """Let events in flight finish (up to 15 s), then close the gateway and the HTTP session."""
        await self.inflight.wait_idle(timeout=15)
        await self.bot.close()
        if self.task is not None:
            try:
                await self.task
            except Exception as exc:
                log.info("discord client ended with %s", type(exc).__name__)

    # ------------------------------------------------------------------ events in

    def _incoming(self, text: str, user: discord.abc.User, channel_id: int | None, private: bool,
                  key: str, *, locale: str | None = None, admin: bool = False, button: str | None = None,
                  guild_id: int | None = None) -> Incoming:
        return Incoming(
            text=text, user_id=str(user.id), chat_id=str(channel_id or user.id), platform=PLATFORM,
            chat_kind="private" if private else "group", addressed=True, user_lang=locale,
            is_admin=private or admin, event_id=key, button=button, user_name=user.name,
            team_id=str(guild_id) if guild_id and not private else None,  # a team is the server
        )

    async def on_interaction_error(self, interaction: discord.Interaction[Any], error: Exception) -> None:
        """The one error path for slash commands and buttons: log with the interaction id, tell the
        user briefly and only them (an ephemeral message naming the error id), never a traceback."""
        error_id = uuid.uuid4().hex[:8]
        log.error("discord interaction %s failed (error id %s)", interaction.id, error_id, exc_info=error)
        lang = platform_lang(interaction.locale.value) or "en"
        text = render_reply(Reply("error", lang, {"message": t("error.internal", lang, id=error_id)}), "discord")
        with suppress(discord.HTTPException):
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
            else:
                await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)

    async def on_message(self, message: discord.Message) -> None:
        """A DM, a mention of the bot or a reply to it: free text for the core. Anything else is ignored."""
        try:
            await self._on_message(message)
        except Exception as exc:
            error_id = uuid.uuid4().hex[:8]
            log.error("discord message %s failed (error id %s)", message.id, error_id, exc_info=exc)
            lang = detect_language(message.content)
            text = render_reply(Reply("error", lang, {"message": t("error.internal", lang, id=error_id)}), "discord")
            with suppress(discord.HTTPException):
                await message.channel.send(text, allowed_mentions=NO_MENTIONS)

    async def _on_message(self, message: discord.Message) -> None:
        me = self.bot.user
        if me is None or message.author.bot or message.author.id == me.id:
            return
        private = isinstance(message.channel, discord.DMChannel | discord.GroupChannel)
        mentioned = any(u.id == me.id for u in message.mentions)
        ref = message.reference.resolved if message.reference is not None else None
        replied = isinstance(ref, discord.Message) and ref.author.id == me.id
        if not (private or mentioned or replied):
            return
        with self.inflight:
            key = f"{PLATFORM}:message:{message.id}"
            state, _ = await cycle.claim(self.runner, key, two_step=False)
            if state != "new":
                return
            text = MENTION.sub(lambda m: " " if int(m.group(1)) == me.id else m.group(0), message.content).strip()
            perms = getattr(message.author, "guild_permissions", None)
            admin = bool(perms and (perms.administrator or perms.manage_guild))
            inc = self._incoming(text, message.author, message.channel.id, private, key, admin=admin,
                                 guild_id=message.guild.id if message.guild else getattr(message.channel, "guild_id", None))
            if message.attachments:
                files, refused = await attachments_of(message)
                inc = replace(inc, attachments=files, refused_files=refused)

            async def route(reply: Reply) -> Outlet | None:
                if private or reply.kind not in registry.PRIVATE_KINDS:
                    return None
                # a message cannot be ephemeral: the wallet answer goes to the asker's DMs instead
                return DmOutlet(self.runner, message, message.author.dm_channel or await message.author.create_dm())

            await cycle.answer(self.runner, inc, ChannelOutlet(message.channel, None if private else message),
                               route=route)

    async def on_command(self, interaction: discord.Interaction[Any], text: str, typed: dict[str, Any] | None = None, *,
                         public: bool = False) -> None:
        """A slash command: typed options (`typed`, read by the core), or as the command line the core
        understands (`text`, also what the language is read from). In a server, wallet commands
        answer ephemerally (only the asker sees them), unless an admin asks for the team summary
        to be `public`."""
        with self.inflight:
            key = f"{PLATFORM}:interaction:{interaction.id}"
            perms = interaction.permissions
            admin = perms.administrator or perms.manage_guild
            name = text.split(maxsplit=1)[0].lstrip("/") if text.strip() else ""
            command = registry.command(name)
            private = command is not None and command.private
            ephemeral = interaction.guild_id is not None and private and not (public and admin)
            inc = self._incoming(text, interaction.user, interaction.channel_id, interaction.guild_id is None, key,
                                 locale=interaction.locale.value, admin=admin, guild_id=interaction.guild_id)
            if typed is not None:
                inc = replace(inc, typed=typed)
            outlet = InteractionOutlet(interaction, edit=False, ephemeral=ephemeral, defer_after=self.defer_after)
            wait = outlet.waiting(lambda: interaction.response.defer(thinking=True, ephemeral=ephemeral))
            await cycle.answer(self.runner, inc, outlet, key=key, wait=wait, silent=outlet.nothing)

    async def on_button(self, interaction: discord.Interaction[Any], payload: str) -> None:
        """A press of one of the core's buttons: the message is edited in place with the new answer."""
        with self.inflight:
            key = f"{PLATFORM}:interaction:{interaction.id}"
            perms = interaction.permissions
            inc = self._incoming("", interaction.user, interaction.channel_id, interaction.guild_id is None, key,
                                 locale=interaction.locale.value, admin=perms.administrator or perms.manage_guild,
                                 button=payload, guild_id=interaction.guild_id)
            outlet = InteractionOutlet(interaction, edit=True, defer_after=self.defer_after)
            notice = NoticeOutlet(interaction, edit=True, defer_after=self.defer_after)

            async def route(reply: Reply) -> Outlet | None:
                notice.deferred = outlet.deferred
                return notice if reply.notice else None  # someone else's button: told privately

            async def silent() -> None:
                if not outlet.deferred:
                    await interaction.response.defer()

            await cycle.answer(self.runner, inc, outlet, key=key, wait=outlet.waiting(interaction.response.defer),
                               route=route, silent=silent)

    # ------------------------------------------------------------------ replies out

    @staticmethod
    def render(reply: Reply) -> list[str]:
        """The reply in Discord markdown, cut into messages under 2000 characters."""
        return render(reply)

    async def send(self, channel: discord.abc.Messageable, reply: Reply,
                   reference: discord.Message | None = None) -> list[discord.Message]:
        """Post the reply in a channel (an alert, a note), through the shared answer cycle."""
        sent: list[discord.Message] = await cycle.send(self.runner, reply, ChannelOutlet(channel, reference))
        return sent

    async def deliver(self, scope: str, reply: Reply) -> Delivery:
        """Send an alert to a channel ("discord:chat:<channel id>") or a user's DMs ("discord:user:<user id>")
        and say how it went, for the alert sender."""
        _, kind, ident = split_scope(scope)
        with self.inflight:
            try:
                channel: Any
                if kind == "user":
                    user = self.bot.get_user(int(ident)) or await self.bot.fetch_user(int(ident))
                    channel = user.dm_channel or await user.create_dm()
                else:
                    # over REST by id: the channel may sit on a shard another process serves
                    channel = self.bot.get_channel(int(ident)) or self.bot.get_partial_messageable(int(ident))
                if not isinstance(channel, discord.abc.Messageable):
                    return Delivery("blocked", detail="not a channel messages can be sent to")
                await self.send(channel, reply)
            except (discord.Forbidden, discord.NotFound) as exc:
                return Delivery("blocked", detail=exc.text or type(exc).__name__)
            except discord.HTTPException as exc:
                if exc.status == 429:
                    retry = getattr(exc, "retry_after", None) or 5.0
                    return Delivery("retry_after", retry_after=float(retry), detail="rate limited")
                return Delivery("failed", detail=exc.text or f"HTTP {exc.status}")
            except (discord.DiscordException, OSError) as exc:
                return Delivery("failed", detail=type(exc).__name__)
        return Delivery("ok")



async def attachments_of(message: discord.Message) -> tuple[tuple[tuple[str, bytes], ...], tuple[tuple[str, str, int], ...]]:
    """The message's files for the core (a training config): those within the size limit are read
    from Discord's CDN; a larger one is named as refused and never downloaded."""
    files: list[tuple[str, bytes]] = []
    refused: list[tuple[str, str, int]] = []
    for a in message.attachments[:MAX_TRAINING_FILES]:
        if a.size > MAX_FILE_BYTES:
            refused.append((a.filename, "too_large", a.size))
            continue
        try:
            files.append((a.filename, await a.read()))
        except (discord.HTTPException, discord.NotFound) as exc:
            log.info("could not read attachment %s: %s", a.id, exc)
            refused.append((a.filename, "download", 0))
    return tuple(files), tuple(refused)

