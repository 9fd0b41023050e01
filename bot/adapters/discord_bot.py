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

Nothing about sizing, money or wording lives here: option values become the text of the command
the core already understands (`command_text`), and every label comes from the string catalog.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import logging
import re
import uuid
from collections.abc import Awaitable, Callable, Iterable
from contextlib import suppress
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str
from discord.ext import commands

from bot.adapters import CoreRunner, Delivery, InFlight, button_labels, split_scope
from bot.core.settings import platform_lang
from bot.messages import Incoming, Reply
from bot.text.i18n import detect_language, has, t
from bot.text.render import render_reply, split_message
from engine.safe_load import MAX_BYTES as MAX_FILE_BYTES
from engine.training_file import MAX_FILES as MAX_TRAINING_FILES

log = logging.getLogger("kasuan.discord")

PLATFORM = "discord"
NO_MENTIONS = discord.AllowedMentions.none()
BUTTON_ID = "k:"  # custom_id = "k:" + the core's payload (<= 64 bytes, Discord allows 100)
MAX_BUTTONS = 25  # five rows of five
LABEL_LIMIT = 80
# A user-installed app (Installation: User Install in the developer portal) answers its commands in
# DMs, group DMs and any server the user is in, not only in servers that added the bot.
EVERY_INSTALL = app_commands.AppInstallationType(guild=True, user=True)
EVERY_CONTEXT = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)
MAX_FILES = 9  # Discord takes ten attachments a message; one is kept for the picture
CHART_FILE = "reply.png"
EMBED_FOOTER_LIMIT = 2048
DESCRIPTION_LIMIT = 100
CHOICES_LIMIT = 25
DEFER_AFTER = 2.0  # seconds: Discord drops an interaction not answered within 3
LOCALES = {discord.Locale.chinese: "zh"}  # zh-CN
BARE = ("start", "help", "gpus", "models")
JOBS = ("size", "compare")
MENTION = re.compile(r"<@!?(\d+)>")
# Wallet replies in a server are for the asker's eyes only (ephemeral): balances, rentals and the ledger
# are nobody else's business. A team wallet's summary is shown to the channel only when an admin asks.
PRIVATE_COMMANDS = ("wallet", "balance", "topup", "rent", "stop", "renew", "rentals", "history", "budget", "alerts")
PRIVATE_KINDS = ("wallet", "wallet_topup", "wallet_confirm", "wallet_done", "wallet_history", "wallet_rentals",
                 "wallet_budget", "wallet_alerts", "wallet_amount_pick", "wallet_cancelled", "wallet_error")
# Team-wallet writes: Discord shows these only to members who can manage the server (a server can
# grant them to other roles in its integration settings); in DMs everyone has them for their own wallet.
ADMIN_COMMANDS = ("topup", "rent", "stop", "renew")
TREE_HASH_SCOPE, TREE_HASH_KEY = "discord:app", "command_tree_hash"
NAME_SHAPE = re.compile(r"^[-_\w]{1,32}$")


def command_text(name: str, text: str | None = None, **options: object) -> str:
    """The command line the core understands, from a slash command's typed options.

    "/size" text="with zero 3", model="qwen3-8b", method="qlora", gpus=2, gpu="rtx-4090", seq_len=4096
    -> "/size with zero 3 qwen3-8b qlora 2x rtx-4090 seq 4096". The same words a user would type, so
    Discord and Telegram reach the same handler with the same request.
    """
    parts = [f"/{name}"]
    if text:
        parts.append(text.strip())
    for key in ("model", "method"):
        if options.get(key):
            parts.append(str(options[key]))
    gpus, gpu = options.get("gpus"), options.get("gpu")
    if gpus and gpu:
        parts.append(f"{gpus}x {gpu}")
    elif gpus:
        parts.append(f"{gpus} gpus")
    elif gpu:
        parts.append(str(gpu))
    if options.get("seq_len"):
        parts.append(f"seq {options['seq_len']}")
    for key in ("provider", "value"):
        if options.get(key):
            parts.append(str(options[key]))
    return " ".join(parts)


def typed_options(name: str, text: str | None = None, **options: object) -> dict[str, object]:
    """A job command's typed options, as they travel on the Incoming (the core reads them)."""
    return {"command": name, "text": text, **options}


# ---------------------------------------------------------------------- catalog look-ups


def _matches(entries: Iterable[tuple[str, str, Iterable[str]]], current: str) -> list[Choice[str]]:
    """Autocomplete: entries whose id, name or alias contains what was typed, prefix matches first."""
    typed = current.strip().lower()
    scored = []
    for value, name, aliases in entries:
        words = [value.lower(), name.lower(), *(a.lower() for a in aliases)]
        if not typed:
            rank = 1
        elif any(w.startswith(typed) for w in words):
            rank = 0
        elif any(typed in w for w in words):
            rank = 1
        else:
            continue
        scored.append((rank, name.lower(), Choice(name=name[:DESCRIPTION_LIMIT], value=value)))
    scored.sort(key=lambda s: (s[0], s[1]))
    return [c for _, _, c in scored[:CHOICES_LIMIT]]


async def model_choices(interaction: discord.Interaction[Any], current: str) -> list[Choice[str]]:
    from engine.catalog import models

    return _matches(((m.id, m.name, m.aliases) for m in models().entries), current)


async def gpu_choices(interaction: discord.Interaction[Any], current: str) -> list[Choice[str]]:
    from engine.catalog import gpus

    return _matches(((g.id, g.name, g.aliases) for g in gpus().entries), current)


async def provider_choices(interaction: discord.Interaction[Any], current: str) -> list[Choice[str]]:
    from engine.providers import providers

    return _matches(((p.id, p.name, p.aliases) for p in providers().entries), current)


def _label(key: str, fallback: str) -> locale_str:
    """An English text from the catalog that the translator can localize (key, else fallback key)."""
    source = key if has(key) else fallback
    return locale_str(t(source, "en")[:DESCRIPTION_LIMIT], key=key, fallback=fallback)


def method_options() -> list[Choice[str]]:
    return [Choice(name=_label(f"method.{m}", f"method.{m}"), value=m) for m in ("full", "lora", "qlora", "pretrain")]


def currency_options() -> list[Choice[str]]:
    from engine.providers import currencies

    return [Choice(name=c.id, value=c.id) for c in currencies().entries] + [
        Choice(name=_label("setting.auto", "setting.auto"), value="auto")]


def lang_options() -> list[Choice[str]]:
    return [Choice(name="zh", value="zh"), Choice(name="en", value="en"),
            Choice(name=_label("setting.auto", "setting.auto"), value="auto")]


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


# ---------------------------------------------------------------------- buttons


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
            if not await self.runner.first_time(key):
                return
            text = MENTION.sub(lambda m: " " if int(m.group(1)) == me.id else m.group(0), message.content).strip()
            perms = getattr(message.author, "guild_permissions", None)
            admin = bool(perms and (perms.administrator or perms.manage_guild))
            inc = self._incoming(text, message.author, message.channel.id, private, key, admin=admin,
                                 guild_id=message.guild.id if message.guild else getattr(message.channel, "guild_id", None))
            if message.attachments:
                files, refused = await attachments_of(message)
                inc = replace(inc, attachments=files, refused_files=refused)
            reply = await self.runner.handle(inc)
            if reply is None:
                return
            if not private and reply.kind in PRIVATE_KINDS:
                # a message cannot be ephemeral: the wallet answer goes to the asker's DMs instead
                dm = message.author.dm_channel or await message.author.create_dm()
                await self.send(dm, reply)
                note = Reply("error", reply.lang, {"message": t("discord.sent_dm", reply.lang)})
                await self.send(message.channel, note, reference=message)
                return
            await self.send(message.channel, reply, reference=None if private else message)

    async def on_command(self, interaction: discord.Interaction[Any], text: str, typed: dict[str, Any] | None = None, *,
                         public: bool = False) -> None:
        """A slash command: typed options (`typed`, read by the core), or as the command line the core
        understands (`text`, also what the language is read from). In a server, wallet commands
        answer ephemerally (only the asker sees them), unless an admin asks for the team summary
        to be `public`."""
        with self.inflight:
            key = f"{PLATFORM}:interaction:{interaction.id}"
            if not await self.runner.first_time(key):
                return
            perms = interaction.permissions
            admin = perms.administrator or perms.manage_guild
            name = text.split(maxsplit=1)[0].lstrip("/") if text.strip() else ""
            ephemeral = interaction.guild_id is not None and name in PRIVATE_COMMANDS and not (public and admin)
            inc = self._incoming(text, interaction.user, interaction.channel_id, interaction.guild_id is None, key,
                                 locale=interaction.locale.value, admin=admin, guild_id=interaction.guild_id)
            if typed is not None:
                inc = replace(inc, typed=typed)
            reply, deferred = await self._in_time(
                inc, lambda: interaction.response.defer(thinking=True, ephemeral=ephemeral))
            if reply is None:
                if not deferred:
                    await interaction.response.defer(ephemeral=True, thinking=True)
                await interaction.delete_original_response()
                return
            await self._respond(interaction, reply, deferred=deferred, edit=False, ephemeral=ephemeral)

    async def on_button(self, interaction: discord.Interaction[Any], payload: str) -> None:
        """A press of one of the core's buttons: the message is edited in place with the new answer."""
        with self.inflight:
            key = f"{PLATFORM}:interaction:{interaction.id}"
            if not await self.runner.first_time(key):
                return
            perms = interaction.permissions
            inc = self._incoming("", interaction.user, interaction.channel_id, interaction.guild_id is None, key,
                                 locale=interaction.locale.value, admin=perms.administrator or perms.manage_guild,
                                 button=payload, guild_id=interaction.guild_id)
            reply, deferred = await self._in_time(inc, interaction.response.defer)
            if reply is None:
                if not deferred:
                    await interaction.response.defer()
                return
            if reply.notice:  # someone else's button: told privately, the message stays as it was
                text = self.render(reply)[0]
                if deferred:
                    await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
                else:
                    await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_MENTIONS)
                return
            await self._respond(interaction, reply, deferred=deferred, edit=True)

    async def _in_time(self, inc: Incoming, defer: Callable[[], Awaitable[Any]]) -> tuple[Reply | None, bool]:
        """The core's reply; if it is not ready within `defer_after` seconds, defer the interaction first."""
        task = asyncio.ensure_future(self.runner.handle(inc))
        done, _ = await asyncio.wait({task}, timeout=self.defer_after)
        if done:
            return task.result(), False
        await defer()
        return await task, True

    # ------------------------------------------------------------------ replies out

    @staticmethod
    def render(reply: Reply) -> list[str]:
        """The reply in Discord markdown, cut into messages under 2000 characters."""
        return split_message(render_reply(reply, "discord"), "discord")

    @staticmethod
    def view(reply: Reply) -> discord.ui.View | None:
        """The core's buttons (at most 25, five to a row), labels from the catalog."""
        labels = button_labels(reply, LABEL_LIMIT)[:MAX_BUTTONS]
        if not labels:
            return None
        view = discord.ui.View(timeout=None)
        for label, payload in labels:
            view.add_item(CoreButton(payload, label))
        return view

    @staticmethod
    def _extras(reply: Reply, last: bool) -> dict[str, Any]:
        """What goes with the last part: the buttons, a ready image (as an attachment shown in an embed)
        and the files. A chart still to be drawn is not waited for: `_chart_after` adds it."""
        out: dict[str, Any] = {"allowed_mentions": NO_MENTIONS}
        if not last:
            return out
        view = DiscordFrontEnd.view(reply)
        if view is not None:
            out["view"] = view
        files = []
        if reply.image is not None:
            files.append(discord.File(io.BytesIO(reply.image), filename=CHART_FILE))
            out["embed"] = DiscordFrontEnd._chart_embed(reply)
        files += [discord.File(io.BytesIO(data), filename=name) for name, data in reply.files[:MAX_FILES]]
        if files:
            out["files"] = files
        return out

    @staticmethod
    def _chart_embed(reply: Reply) -> discord.Embed:
        """The embed that shows the attached chart, its one-line caption under it."""
        embed = discord.Embed().set_image(url=f"attachment://{CHART_FILE}")
        if reply.chart_caption:
            embed.set_footer(text=reply.chart_caption[:EMBED_FOOTER_LIMIT])
        return embed

    async def _chart_after(self, reply: Reply, edit: Callable[..., Awaitable[Any]], kept: list[Any]) -> None:
        """Once the text is out: draw the chart (in the chart worker) and edit it into the answer's
        message, replacing whatever chart was there; `kept` are the attachments that stay (files).
        A chart that fails to draw or to attach leaves the text as it is."""
        if reply.chart is None:
            return
        picture = await self.runner.picture(reply)
        if picture is None:
            return
        chart = discord.File(io.BytesIO(picture), filename=CHART_FILE)
        try:
            await edit(attachments=[*kept, chart], embed=self._chart_embed(reply))
        except discord.HTTPException as exc:
            log.warning("discord chart not attached: %s", exc.text or exc.status)

    async def send(self, channel: discord.abc.Messageable, reply: Reply,
                   reference: discord.Message | None = None) -> list[discord.Message]:
        """Post the reply in a channel (a mention or DM answer, or an alert), quoting the question in a
        server; its chart is edited into the first message once drawn, so the text never waits for it."""
        parts = self.render(reply)
        sent = []
        for i, part in enumerate(parts):
            kwargs = self._extras(reply, i == len(parts) - 1)
            if i == 0 and reference is not None:
                # quote the question; if it was deleted meanwhile, send anyway
                kwargs.update(reference=reference.to_reference(fail_if_not_exists=False), mention_author=False)
            sent.append(await channel.send(part, **kwargs))
        if sent:
            await self._chart_after(reply, sent[0].edit, list(sent[0].attachments))
        return sent

    async def _respond(self, interaction: discord.Interaction[Any], reply: Reply, *, deferred: bool, edit: bool,
                       ephemeral: bool = False) -> None:
        """Answer an interaction: a new message (a command) or the pressed message edited in place (a
        button). An edit drops the old chart and embed with the old text, and the new chart replaces them
        once drawn (attachments=[new]); files follow an edit as a message of their own."""
        parts = self.render(reply)
        single = len(parts) == 1
        in_place = edit and reply.image is None
        first = self._extras(Reply(reply.kind, reply.lang, reply.data, reply.buttons), single) if in_place \
            else self._extras(reply, single)
        if ephemeral:
            first["ephemeral"] = True
        answer: Any = None  # the message the chart is edited into
        if in_place:
            view = first.get("view")
            if deferred:
                await interaction.edit_original_response(content=parts[0], view=view, allowed_mentions=NO_MENTIONS,
                                                         attachments=[], embed=None)
            else:
                await interaction.response.edit_message(content=parts[0], view=view, allowed_mentions=NO_MENTIONS,
                                                        attachments=[], embed=None)
            edit_answer: Callable[..., Awaitable[Any]] = interaction.edit_original_response
            kept: list[Any] = []
        elif deferred or edit:
            if edit and not deferred:
                await interaction.response.defer()
            answer = await interaction.followup.send(parts[0], **first)
            edit_answer, kept = answer.edit, list(answer.attachments)
        else:
            await interaction.response.send_message(parts[0], **first)
            edit_answer, kept = interaction.edit_original_response, []
        for i, part in enumerate(parts[1:], 2):
            await interaction.followup.send(part, **self._extras(reply, i == len(parts) and not in_place),
                                            ephemeral=ephemeral)
        if not in_place and single and reply.files:  # the answer carries files: the chart goes beside them
            picture = await self.runner.picture(reply)
            if picture is not None:
                await interaction.followup.send(file=discord.File(io.BytesIO(picture), filename=CHART_FILE),
                                                embed=self._chart_embed(reply), ephemeral=ephemeral)
        else:
            await self._chart_after(reply, edit_answer, kept)
        if in_place and reply.files:
            extras = self._extras(Reply(reply.kind, reply.lang, files=reply.files), True)
            await interaction.followup.send(**extras, ephemeral=ephemeral)

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


# ---------------------------------------------------------------------- the command tree


def _described(name: str, options: Iterable[str]) -> dict[str, locale_str]:
    """Option descriptions: `discord.opt.<option>` from the catalog, else the command's own description."""
    return {o: _label(f"discord.opt.{o}", f"cmd.{name}") for o in options}


def _renamed(options: Iterable[str]) -> dict[str, locale_str]:
    """Option names stay ASCII by default; the translator localizes them when the catalog has `discord.optname.*`."""
    return {o: locale_str(o, key=f"discord.optname.{o}") for o in options}


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


def _command(name: str, callback: Any, options: Iterable[str]) -> app_commands.Command[Any, ..., None]:
    opts = list(options)
    if opts:
        callback = app_commands.describe(**_described(name, opts))(callback)
        callback = app_commands.rename(**_renamed(opts))(callback)
    description = t(f"cmd.{name}", "en") if has(f"cmd.{name}") else name
    return app_commands.Command(
        name=locale_str(name, key=f"discord.name.{name}"),
        description=locale_str(description[:DESCRIPTION_LIMIT], key=f"cmd.{name}"),
        callback=callback,
        allowed_installs=EVERY_INSTALL,
        allowed_contexts=EVERY_CONTEXT,
    )


def _job(front: DiscordFrontEnd, name: str) -> app_commands.Command[Any, ..., None]:
    async def job(interaction: discord.Interaction[Any], text: str | None = None, model: str | None = None,
                  method: str | None = None, gpu: str | None = None,
                  gpus: app_commands.Range[int, 1, 1024] | None = None,
                  seq_len: app_commands.Range[int, 128, 1_048_576] | None = None) -> None:
        options = {"model": model, "method": method, "gpu": gpu, "gpus": gpus, "seq_len": seq_len}
        await front.on_command(interaction, command_text(name, text, **options), typed_options(name, text, **options))

    cb: Any = app_commands.choices(method=method_options())(job)
    cb = app_commands.autocomplete(model=model_choices, gpu=gpu_choices)(cb)
    return _command(name, cb, ("text", "model", "method", "gpu", "gpus", "seq_len"))


def _cost(front: DiscordFrontEnd, name: str) -> app_commands.Command[Any, ..., None]:
    async def cost(interaction: discord.Interaction[Any], text: str | None = None, model: str | None = None,
                   method: str | None = None, gpu: str | None = None,
                   gpus: app_commands.Range[int, 1, 1024] | None = None,
                   seq_len: app_commands.Range[int, 128, 1_048_576] | None = None,
                   provider: str | None = None) -> None:
        options = {"model": model, "method": method, "gpu": gpu, "gpus": gpus, "seq_len": seq_len, "provider": provider}
        await front.on_command(interaction, command_text(name, text, **options), typed_options(name, text, **options))

    cb: Any = app_commands.choices(method=method_options())(cost)
    cb = app_commands.autocomplete(model=model_choices, gpu=gpu_choices, provider=provider_choices)(cb)
    return _command(name, cb, ("text", "model", "method", "gpu", "gpus", "seq_len", "provider"))


def _choice(front: DiscordFrontEnd, name: str, choices: list[Choice[str]]) -> app_commands.Command[Any, ..., None]:
    async def choose(interaction: discord.Interaction[Any], value: str | None = None) -> None:
        await front.on_command(interaction, command_text(name, value=value))

    return _command(name, app_commands.choices(value=choices)(choose), ("value",))


def _provider(front: DiscordFrontEnd, name: str) -> app_commands.Command[Any, ..., None]:
    async def provider(interaction: discord.Interaction[Any], value: str | None = None) -> None:
        await front.on_command(interaction, command_text(name, value=value))

    return _command(name, app_commands.autocomplete(value=provider_choices)(provider), ("value",))


async def duration_choices(interaction: discord.Interaction[Any], current: str) -> list[Choice[str]]:
    """Rental lengths as /rent and /renew read them; whatever is typed is offered first as typed."""
    common = ["week", "month", "2w", "1d", "3d", "8h", "24h"]
    typed = current.strip()
    found = [c for c in common if not typed or c.startswith(typed.lower())]
    return [Choice(name=v, value=v) for v in ([typed] if typed and typed not in found else []) + found][:CHOICES_LIMIT]


def wallet_currency_options() -> list[Choice[str]]:
    from engine.providers import currencies

    return [Choice(name=c.id, value=c.id) for c in currencies().entries]


def _words(*values: object) -> str:
    return " ".join(str(v).strip() for v in values if v not in (None, "", False))


def _wallet_command(front: DiscordFrontEnd, name: str) -> app_commands.Command[Any, ..., None] | None:
    """The wallet commands with typed options (an amount, a currency, a provider, a card, a duration,
    a rental number) instead of one free-text field; the values become the words the core reads."""
    me_word = "me"
    cb: Any
    opts: tuple[str, ...]
    if name in ("wallet", "balance"):
        async def wallet(interaction: discord.Interaction[Any], me: bool = False, public: bool = False) -> None:
            await front.on_command(interaction, _words(f"/{name}", me and me_word), public=public)
        cb, opts = wallet, ("me", "public")
    elif name == "topup":
        async def topup(interaction: discord.Interaction[Any], amount: str, currency: str | None = None,
                        provider: str | None = None, me: bool = False) -> None:
            await front.on_command(interaction, _words("/topup", amount, currency, provider, me and me_word))
        cb = app_commands.autocomplete(provider=provider_choices)(
            app_commands.choices(currency=wallet_currency_options())(topup))
        opts = ("amount", "currency", "provider", "me")
    elif name == "rent":
        async def rent(interaction: discord.Interaction[Any], card: str, duration: str | None = None,
                       count: app_commands.Range[int, 1, 64] | None = None, provider: str | None = None,
                       me: bool = False) -> None:
            await front.on_command(interaction, _words("/rent", card, count and f"x{count}", duration, provider,
                                                       me and me_word))
        cb = app_commands.autocomplete(card=gpu_choices, duration=duration_choices, provider=provider_choices)(rent)
        opts = ("card", "duration", "count", "provider", "me")
    elif name in ("stop", "renew"):
        async def act(interaction: discord.Interaction[Any], rental: app_commands.Range[int, 1, 10**12],
                      duration: str | None = None, me: bool = False) -> None:
            await front.on_command(interaction, _words(f"/{name}", rental, name == "renew" and duration,
                                                       me and me_word))
        cb = app_commands.autocomplete(duration=duration_choices)(act)
        opts = ("rental", "duration", "me")
    elif name == "history":
        async def history(interaction: discord.Interaction[Any], page: app_commands.Range[int, 1, 100_000] | None = None,
                          me: bool = False) -> None:
            await front.on_command(interaction, _words("/history", page, me and me_word))
        cb, opts = history, ("page", "me")
    elif name == "rentals":
        async def rentals(interaction: discord.Interaction[Any], me: bool = False) -> None:
            await front.on_command(interaction, _words("/rentals", me and me_word))
        cb, opts = rentals, ("me",)
    elif name == "budget":
        async def budget(interaction: discord.Interaction[Any], amount: str | None = None,
                         currency: str | None = None, thresholds: str | None = None, clear: bool = False,
                         me: bool = False) -> None:
            words = ["off"] if clear else [amount and "set", amount, currency, thresholds and "thresholds", thresholds]
            await front.on_command(interaction, _words("/budget", *words, me and me_word))
        cb = app_commands.choices(currency=wallet_currency_options())(budget)
        opts = ("amount", "currency", "thresholds", "clear", "me")
    else:
        return None
    command = _command(name, cb, opts)
    if name in ADMIN_COMMANDS:
        command.default_permissions = discord.Permissions(manage_guild=True)
    return command


def _bare(front: DiscordFrontEnd, name: str) -> app_commands.Command[Any, ..., None]:
    async def bare(interaction: discord.Interaction[Any]) -> None:
        await front.on_command(interaction, command_text(name))

    return _command(name, bare, ())


def _text(front: DiscordFrontEnd, name: str) -> app_commands.Command[Any, ..., None]:
    async def free(interaction: discord.Interaction[Any], text: str | None = None) -> None:
        await front.on_command(interaction, command_text(name, text))

    return _command(name, free, ("text",))


def build_commands(tree: app_commands.CommandTree[Any], front: DiscordFrontEnd) -> list[str]:
    """One slash command per core command (the core's menu decides which exist). Returns their names."""
    names = []
    tree.clear_commands(guild=None)
    for name, _ in front.runner.core.command_menu("en"):
        wallet = _wallet_command(front, name)
        if wallet is not None:
            command = wallet
        elif name in JOBS:
            command = _job(front, name)
        elif name == "cost":
            command = _cost(front, name)
        elif name == "lang":
            command = _choice(front, name, lang_options())
        elif name == "currency":
            command = _choice(front, name, currency_options())
        elif name == "provider":
            command = _provider(front, name)
        elif name in BARE:
            command = _bare(front, name)
        else:
            command = _text(front, name)
        tree.add_command(command)
        names.append(name)
    return names
