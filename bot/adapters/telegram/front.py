"""The Telegram front end itself: the PTB application and one handler per kind of update.

What the user sees: in a private chat every text message is answered; in a group only commands,
messages that @mention the bot and replies to the bot's own messages (everything else is group
chatter and never reaches the core). Each handler turns its update into an `Incoming` and runs the
shared answer cycle (bot.adapters.cycle) with an outlet of bot.adapters.telegram.outlets; a button
press answers its callback query and edits the message in place.

What the user never sees: rate limiting, retries, redelivered updates, a group turning into a
supergroup, or a traceback. Taking updates (our own polling with the inbox, a lease, a webhook) and
claiming each once is bot.adapters.telegram.intake; pacing is bot.adapters.telegram.pacing. A
migrated chat is followed (and reported through `on_migrate` so the wallet moves with it), and
one error handler logs the update id and tells the user briefly.

Nothing about sizing, money or wording lives here: the core decides, the templates word it.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import re
import time
import uuid
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import Any, TypeVar

from telegram import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputTextMessageContent,
    LinkPreviewOptions,
    Message,
    MessageEntity,
    Update,
)
from telegram.constants import ChatAction, ChatType, ParseMode
from telegram.error import (
    BadRequest,
    Forbidden,
    NetworkError,
    RetryAfter,
    TelegramError,
)
from telegram.ext import (
    Application,
    BaseRateLimiter,
    CallbackQueryHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot.adapters import CoreRunner, Delivery, cycle, split_scope
from bot.adapters.config import WebhookConfig
from bot.adapters.inbox import Inbox
from bot.adapters.shared import LeaseKeeper
from bot.adapters.telegram import inline
from bot.adapters.telegram.intake import Intake
from bot.adapters.telegram.menus import publish_menus
from bot.adapters.telegram.outlets import ChatOutlet, EditOutlet
from bot.adapters.telegram.pacing import (
    LOW_PRIORITY,
    PLATFORM,
    PacedRateLimiter,
    PerChatUpdates,
    api_root,
    retry_seconds,
)
from bot.core.files import MAX_FILE_BYTES
from bot.core.settings import platform_lang
from bot.messages import Incoming, Reply
from bot.text.i18n import detect_language, t
from bot.text.render import render_reply

log = logging.getLogger("kasuan.telegram")
T = TypeVar("T")


TYPING_AFTER = 0.3  # seconds: a reply slower than this shows "typing…" meanwhile
TYPING_EVERY = 4.5  # Telegram shows a chat action for about 5 s
DEEP_LINK = re.compile(r"^/start(?:@\w+)?\s+(size|cost)_([A-Za-z0-9_.-]{1,60})$")
START_PAYLOAD = re.compile(r"^/start(?:@\w+)?\s+(q_\S+)$")
EDITS_REMEMBERED = 5000


ADMIN_CACHE_SECONDS = 600.0
ALERT_LIMIT = 200  # answerCallbackQuery text: Telegram shows at most 200 characters
MigrateHook = Callable[[str, str], Awaitable[None]]
AnsweredHook = Callable[[int, float], None]


def chat_scope(chat_id: int | str) -> str:
    return f"{PLATFORM}:chat:{chat_id}"


class TelegramFrontEnd(Intake):
    """One Telegram bot: a PTB Application wired to the core, polling or behind a webhook."""

    platform = PLATFORM

    def __init__(
        self,
        token: str,
        runner: CoreRunner,
        *,
        base_url: str | None = None,
        webhook: WebhookConfig | None = None,
        rate_limiter: BaseRateLimiter[Any] | None = None,
        on_migrate: MigrateHook | None = None,
        on_answered: AnsweredHook | None = None,
        poll_timeout: float = 10.0,
        max_concurrent_updates: int = 512,
        leases: LeaseKeeper | None = None,
        ack_within: float = 50.0,
        inbox: Inbox | None = None,
    ) -> None:
        self.runner = runner
        self.webhook = webhook
        self.leases = leases  # polling with a shared store: only the lease holder calls getUpdates
        self.ack_within = ack_within  # webhook: answer Telegram's POST once the update is handled, or after this
        self._acks: dict[int, asyncio.Future[str]] = {}
        self._poll_guard: asyncio.Task[None] | None = None
        self.inbox = inbox if webhook is None else None  # polling: updates kept in the store until answered
        self._poller: asyncio.Task[None] | None = None
        self._pump: asyncio.Task[None] | None = None
        self._offset: int | None = None  # the next getUpdates' offset: confirms everything below it
        self._inbox_keys: set[str] = set()  # updates being handled that came from the inbox
        self.state = "starting"  # starting | connected | standby (polling, another process holds the lease)
        self.on_migrate = on_migrate
        self.on_answered = on_answered
        self.poll_timeout = poll_timeout
        self._dedup_seconds: dict[int, float] = {}
        self._admins: dict[int, tuple[float, frozenset[int]]] = {}
        self._asked: OrderedDict[tuple[int, int], str] = OrderedDict()  # (chat, message) -> what it asked
        self._web: Any = None
        builder = (
            Application.builder()
            .token(token)
            .rate_limiter(rate_limiter or PacedRateLimiter())
            .concurrent_updates(PerChatUpdates(max_concurrent_updates))
            .job_queue(None)
            .updater(None)  # we poll ourselves (`_poll`): a batch is stored before it is confirmed
        )
        if base_url:
            root = api_root(base_url)
            builder = builder.base_url(f"{root}/bot").base_file_url(f"{root}/file/bot")
        self.app = builder.build()
        self.app.add_handler(TypeHandler(Update, self._drop_redelivered), group=-1)
        self.app.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, self._on_migrate_message))
        self.app.add_handler(MessageHandler(filters.UpdateType.MESSAGE & filters.TEXT, self._on_message))
        self.app.add_handler(MessageHandler(filters.UpdateType.EDITED_MESSAGE & filters.TEXT, self._on_edit))
        self.app.add_handler(MessageHandler(filters.UpdateType.MESSAGE & filters.Document.ALL, self._on_document))
        self.app.add_handler(CallbackQueryHandler(self._on_button))
        self.app.add_handler(InlineQueryHandler(self._on_inline))
        self._inline_cache = inline.TTLCache()
        self.app.add_handler(TypeHandler(Update, self._finished), group=1)
        self.app.add_error_handler(self._on_error)


    async def set_commands(self) -> None:
        """The command menus from the registry, per scope and language (bot.adapters.telegram.menus)."""
        await publish_menus(self.app.bot, self.runner.core.menu())

    def _addressed(self, msg: Message) -> tuple[str | None, bool, bool]:
        """(text for the core, addressed?, command?); text is None for another bot's command.

        Addressed: a private chat, a command, an @mention of this bot, or a reply to its message.
        The mention itself is taken out of the text so the core sees only the question.
        """
        bot = self.app.bot
        username = (bot.username or "").lower()
        text = msg.text or ""
        command = False
        for entity, value in msg.parse_entities([MessageEntity.BOT_COMMAND]).items():
            if entity.offset != 0:
                continue
            if "@" in value and value.split("@", 1)[1].lower() != username:
                return None, False, False  # /size@otherbot
            command = True
        mentioned = False
        for entity, value in msg.parse_entities([MessageEntity.MENTION, MessageEntity.TEXT_MENTION]).items():
            ours = (entity.type == MessageEntity.MENTION and value[1:].lower() == username) or (
                entity.type == MessageEntity.TEXT_MENTION and entity.user is not None and entity.user.id == bot.id)
            if ours:
                mentioned = True
                text = text.replace(value, " ", 1)
        replied = msg.reply_to_message is not None and msg.reply_to_message.from_user is not None \
            and msg.reply_to_message.from_user.id == bot.id
        private = msg.chat.type == ChatType.PRIVATE
        return text.strip(), private or command or mentioned or replied, command

    async def _is_admin(self, chat_id: int, user_id: int) -> bool:
        """Whether the user administers the group (cached: one getChatAdministrators per chat per 10 min)."""
        now = time.monotonic()
        cached = self._admins.get(chat_id)
        if cached is None or cached[0] < now:
            try:
                admins = await self.app.bot.get_chat_administrators(chat_id)
                ids = frozenset(a.user.id for a in admins)
            except TelegramError as exc:
                log.info("could not list the admins of chat %s: %s", chat_id, exc)
                ids = frozenset()
            cached = (now + ADMIN_CACHE_SECONDS, ids)
            self._admins[chat_id] = cached
        return user_id in cached[1]

    async def _on_message(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A text message: answered in a private chat; in a group only when addressed to the bot."""
        await self._answer(update, update.message)

    async def _on_edit(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """An edited message is answered again only when the edit changes what is asked (a fixed typo
        or added punctuation is not a new question)."""
        msg = update.edited_message
        if msg is None or msg.text is None:
            return
        await self._answer(update, msg, edit_of=self._asked.get((msg.chat.id, msg.message_id)))

    def _remember(self, msg: Message, fingerprint: str | None) -> None:
        """What the core read the message as (its fingerprint): an edit is compared with it, not parsed here."""
        if fingerprint is None:
            return
        self._asked[(msg.chat.id, msg.message_id)] = fingerprint
        while len(self._asked) > EDITS_REMEMBERED:
            self._asked.popitem(last=False)

    async def _typing_while(self, chat_id: int, thread: int | None, work: Awaitable[T]) -> T:
        """`work`'s result; if it takes longer than TYPING_AFTER, the chat shows "typing…" meanwhile."""
        task = asyncio.ensure_future(work)
        done, _ = await asyncio.wait({task}, timeout=TYPING_AFTER)
        while not done:
            with suppress(TelegramError):
                await self.app.bot.send_chat_action(chat_id, ChatAction.TYPING, message_thread_id=thread)
            done, _ = await asyncio.wait({task}, timeout=TYPING_EVERY)
        return task.result()

    async def _answer(self, update: Update, msg: Message | None, edit_of: str | None = None) -> None:
        dedup = self._dedup_seconds.pop(update.update_id, 0.0)
        if msg is None or msg.from_user is None:
            return
        # an anonymous group admin posts as the group itself (from = GroupAnonymousBot, sender_chat = the group)
        anonymous_admin = msg.sender_chat is not None and msg.sender_chat.id == msg.chat.id
        if msg.from_user.is_bot and not anonymous_admin:
            return
        text, addressed, _ = self._addressed(msg)
        if text is None or not addressed:
            return
        link = DEEP_LINK.match(text)
        if link:  # t.me/<bot>?start=size_qwen3-8b_qlora opens that sizing
            text = f"/{link[1]} " + link[2].replace("_", " ")
        started = START_PAYLOAD.match(text)
        asked = inline.decode_start(started[1]) if started else None
        if asked is not None:  # the button under an inline answer: the question, answered in full here
            text = asked
        thread = msg.message_thread_id if msg.is_topic_message else None
        private = msg.chat.type == ChatType.PRIVATE
        user = msg.from_user
        # commands and addressed free text alike: "充值 500 U" from an admin is an admin's request
        admin = private or anonymous_admin or await self._is_admin(msg.chat.id, user.id)
        inc = Incoming(
            text=text, user_id=f"chat{msg.chat.id}" if anonymous_admin else str(user.id), chat_id=str(msg.chat.id),
            platform=PLATFORM, chat_kind="private" if private else "group", addressed=True,
            user_lang=user.language_code, is_admin=admin, event_id=self.event_key(update.update_id),
            user_name=msg.chat.title if anonymous_admin else (user.username or user.full_name),
            thread_id=str(thread) if thread is not None else None, edit_of=edit_of,
        )

        def seen(reply: Reply, seconds: float) -> None:
            self._remember(msg, reply.fingerprint)
            if self.on_answered is not None:
                self.on_answered(update.update_id, seconds + dedup)

        await cycle.answer(self.runner, inc, self.outlet(msg.chat.id, None if private else msg.message_id, thread),
                           wait=functools.partial(self._typing_while, msg.chat.id, thread), on_reply=seen,
                           answered=functools.partial(self._answered, update))

    async def _on_inline(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """"@bot 7b qlora 4090" in any chat: the short answer (verdict, price) as a result to pick, in
        the user's language, with a button opening the full answer in a private chat. Answers are
        cached briefly per query, here and by Telegram (cache_time)."""
        iq = update.inline_query
        if iq is None:
            return
        query = iq.query.strip()[: inline.MAX_QUERY]
        lang = platform_lang(iq.from_user.language_code) or detect_language(query)
        username = self.app.bot.username or ""
        if not query:
            await iq.answer([self._hint(lang, "inline.empty", username, "")], cache_time=inline.CACHE_SECONDS,
                            is_personal=True)
            return
        cached, answer = self._inline_cache.get(lang, query)
        if not cached:
            inc = Incoming(text=query, user_id=str(iq.from_user.id), chat_id=f"inline{iq.from_user.id}",
                           platform=PLATFORM, chat_kind="private", addressed=True, user_lang=iq.from_user.language_code,
                           is_admin=False, event_id=self.event_key(update.update_id),
                           user_name=iq.from_user.username or iq.from_user.full_name)
            reply = await self.runner.handle(inc)
            answer = inline.inline_answer(reply) if reply is not None else None
            self._inline_cache.put(lang, query, answer)
        if answer is None:
            results = [self._hint(lang, "inline.none", username, query)]
        else:
            button = InlineKeyboardButton(t("inline.open", answer.lang), url=inline.deep_link(username, query))
            results = [InlineQueryResultArticle(
                id=hashlib.sha1(f"{answer.lang}|{query}".encode()).hexdigest()[:32], title=answer.title,
                description=answer.description or None,
                input_message_content=InputTextMessageContent(answer.html, parse_mode=ParseMode.HTML,
                                                              link_preview_options=LinkPreviewOptions(is_disabled=True)),
                reply_markup=InlineKeyboardMarkup([[button]]))]
        with suppress(BadRequest):  # a query answered too late (over 10 s) is gone; nothing to do
            await iq.answer(results, cache_time=inline.CACHE_SECONDS, is_personal=True)

    @staticmethod
    def _hint(lang: str, key: str, username: str, query: str) -> InlineQueryResultArticle:
        button = InlineKeyboardButton(t("inline.open", lang), url=inline.deep_link(username, query) if query
                                      else f"https://t.me/{username}")
        return InlineQueryResultArticle(id=key.replace(".", "-"), title=t(f"{key}.title", lang),
                                        description=t(f"{key}.text", lang),
                                        input_message_content=InputTextMessageContent(t(f"{key}.text", lang)),
                                        reply_markup=InlineKeyboardMarkup([[button]]))

    async def _on_document(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A file (a training config): sized in a private chat, or in a group when its caption
        mentions the bot, is a command, or replies to the bot. Only files within the size limit are
        downloaded (getFile + the file URL); a larger one is refused without fetching a byte."""
        msg = update.message
        dedup = self._dedup_seconds.pop(update.update_id, 0.0)
        if msg is None or msg.from_user is None or msg.document is None or msg.from_user.is_bot:
            return
        caption, addressed = self._caption_addressed(msg)
        if not addressed:
            return
        doc = msg.document
        name = doc.file_name or "document"
        attachments: tuple[tuple[str, bytes], ...] = ()
        refused: tuple[tuple[str, str, int], ...] = ()
        if doc.file_size is not None and doc.file_size > MAX_FILE_BYTES:
            refused = ((name, "too_large", doc.file_size),)
        else:
            try:
                data = bytes(await (await doc.get_file()).download_as_bytearray())
                attachments = ((name, data),) if len(data) <= MAX_FILE_BYTES else ()
                refused = () if attachments else ((name, "too_large", len(data)),)
            except TelegramError as exc:
                log.info("could not download document %s: %s", doc.file_unique_id, exc)
                refused = ((name, "download", 0),)
        private = msg.chat.type == ChatType.PRIVATE
        thread = msg.message_thread_id if msg.is_topic_message else None
        user = msg.from_user
        inc = Incoming(
            text=caption, user_id=str(user.id), chat_id=str(msg.chat.id), platform=PLATFORM,
            chat_kind="private" if private else "group", addressed=True, user_lang=user.language_code,
            is_admin=private, event_id=self.event_key(update.update_id), user_name=user.username or user.full_name,
            thread_id=str(thread) if thread is not None else None, attachments=attachments, refused_files=refused,
        )

        def seen(reply: Reply, seconds: float) -> None:
            if self.on_answered is not None:
                self.on_answered(update.update_id, seconds + dedup)

        await cycle.answer(self.runner, inc, self.outlet(msg.chat.id, None if private else msg.message_id, thread),
                           wait=functools.partial(self._typing_while, msg.chat.id, thread), on_reply=seen,
                           answered=functools.partial(self._answered, update))

    def _caption_addressed(self, msg: Message) -> tuple[str, bool]:
        """(caption without the bot's mention, addressed?) for a message that carries a file."""
        username = (self.app.bot.username or "").lower()
        caption = msg.caption or ""
        mention = re.compile(rf"@{re.escape(username)}\b", re.IGNORECASE) if username else None
        mentioned = bool(mention and mention.search(caption))
        if mention is not None:
            caption = mention.sub(" ", caption)
        command = caption.lstrip().startswith("/")
        replied = msg.reply_to_message is not None and msg.reply_to_message.from_user is not None \
            and msg.reply_to_message.from_user.id == self.app.bot.id
        private = msg.chat.type == ChatType.PRIVATE
        return caption.strip(), private or mentioned or command or replied

    async def _answered(self, update: Update) -> None:
        """The reply's text is out: mark the update answered now, before its chart or files go out
        (they wait for the chat's pace), so a replica that dies meanwhile leaves nothing to answer twice."""
        await self._finish(update)

    async def _on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A button press: answer the callback query at once, then edit the message in place."""
        query = update.callback_query
        self._dedup_seconds.pop(update.update_id, None)
        if query is None:
            return
        if not query.data:
            with suppress(BadRequest):
                await query.answer()
            return
        msg = query.message
        chat_id = msg.chat.id if msg is not None else query.from_user.id
        private = msg is None or msg.chat.type == ChatType.PRIVATE
        thread = msg.message_thread_id if isinstance(msg, Message) and msg.is_topic_message else None
        user = query.from_user
        inc = Incoming(
            text="", button=query.data, user_id=str(user.id), chat_id=str(chat_id), platform=PLATFORM,
            chat_kind="private" if private else "group", addressed=True, user_lang=user.language_code,
            is_admin=private or await self._is_admin(chat_id, user.id),
            event_id=self.event_key(update.update_id), user_name=user.username or user.full_name,
        )
        reply = await self.runner.handle(inc)
        if reply is not None and reply.notice:
            # someone else's button: tell the presser alone, leave the message and its buttons as they are
            with suppress(BadRequest):
                await query.answer(render_reply(reply, "plain").strip()[:ALERT_LIMIT], show_alert=True)
            return
        with suppress(BadRequest):  # "query is too old": the edit below still shows the answer
            await query.answer()
        if reply is None:
            return
        outlet: ChatOutlet
        if isinstance(msg, Message) and msg.text is not None and reply.image is None:
            outlet = EditOutlet(self.app.bot, query, msg, self._migrated, thread)
        else:
            outlet = self.outlet(chat_id, None, thread)
        await cycle.send(self.runner, reply, outlet)

    async def _on_migrate_message(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The service message Telegram posts when a group becomes a supergroup (in both chats)."""
        msg = update.message
        if msg is None:
            return
        if msg.migrate_to_chat_id:
            await self._migrated(msg.chat.id, msg.migrate_to_chat_id)
        elif msg.migrate_from_chat_id:
            await self._migrated(msg.migrate_from_chat_id, msg.chat.id)

    async def _migrated(self, old: int, new: int) -> None:
        log.info("telegram chat %s became %s", old, new)
        self._admins.pop(old, None)
        if self.on_migrate is not None:
            await self.on_migrate(chat_scope(old), chat_scope(new))

    async def _on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The one error handler: log with the update id, tell the user briefly (never a traceback)."""
        err = context.error
        update_id = update.update_id if isinstance(update, Update) else None
        if isinstance(err, Forbidden):
            log.info("telegram update %s: the bot is blocked or was removed (%s)", update_id, err.message)
            return
        error_id = uuid.uuid4().hex[:8]
        log.error("telegram update %s failed (error id %s)", update_id, error_id, exc_info=err)
        if isinstance(err, RetryAfter | NetworkError) and not isinstance(err, BadRequest):
            return  # sending an apology would hit the same wall
        if not isinstance(update, Update) or update.effective_chat is None:
            return
        user = update.effective_user
        message = update.effective_message
        lang = platform_lang(user.language_code if user else None) or detect_language(
            message.text or "" if message else "")
        text = render_reply(Reply("error", lang, {"message": t("error.internal", lang, id=error_id)}), "telegram")
        with suppress(TelegramError):
            await self.app.bot.send_message(update.effective_chat.id, text, parse_mode=ParseMode.HTML)

    # ------------------------------------------------------------------ replies out

    def outlet(self, chat_id: int, reply_to: int | None = None, thread: int | None = None) -> ChatOutlet:
        """New messages in `chat_id` (bot.adapters.telegram.outlets), quoting `reply_to`."""
        return ChatOutlet(self.app.bot, chat_id, self._migrated, reply_to=reply_to, thread=thread)

    async def deliver(self, scope: str, reply: Reply) -> Delivery:
        """Send an alert to a chat scope ("telegram:chat:<id>") and say how it went, for the alert sender.

        A user scope ("telegram:user:<id>") goes to the user's private chat, which has the user's id.
        """
        _, _, target = split_scope(scope)
        chat, _, topic = target.partition("#")  # "telegram:chat:-100123#7": forum topic 7 of that group
        low = LOW_PRIORITY.set(True)
        try:
            sent = await cycle.send(self.runner, reply, self.outlet(int(chat), thread=int(topic) if topic else None))
        except RetryAfter as exc:
            return Delivery("retry_after", retry_after=retry_seconds(exc), detail="flood control")
        except Forbidden as exc:
            return Delivery("blocked", detail=exc.message)
        except BadRequest as exc:
            gone = "chat not found" in exc.message.lower()
            return Delivery("blocked" if gone else "failed", detail=exc.message)
        except TelegramError as exc:
            return Delivery("failed", detail=exc.message)
        finally:
            LOW_PRIORITY.reset(low)
        return Delivery("ok", moved_to=chat_scope(sent.chat_id) if str(sent.chat_id) != chat else None)
