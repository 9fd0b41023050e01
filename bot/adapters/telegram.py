"""Telegram front end (python-telegram-bot 22): updates in, the core's replies out as HTML.

What the user sees: in a private chat every text message is answered; in a group only commands,
messages that @mention the bot and replies to the bot's own messages (everything else is group
chatter and never reaches the core). Replies are the core's Telegram templates in HTML parse mode,
split under 4096 characters at block boundaries; the core's buttons become an inline keyboard, and
pressing one answers the callback query and edits the message in place.

What the user never sees: rate limiting, retries, redelivered updates, a group turning into a
supergroup, or a traceback. Polling is ours (`_poll`), not PTB's Updater: with an `Inbox` each
fetched batch is written to the store before the next getUpdates confirms it to Telegram, and the
inbox hands the updates on (bot.adapters.inbox), so a process killed mid-burst leaves its
unanswered updates to the next process instead of losing them. Sends are paced under Telegram's flood limits (`PacedRateLimiter`),
a 429 pauses only its chat for its retry_after, a redelivered update id is
dropped (`CoreRunner.first_time`), a migrated chat is followed (and reported through `on_migrate`
so the wallet moves with it), and one error handler logs the update id and tells the user briefly.

Nothing about sizing, money or wording lives here: the core decides, the templates word it.
"""

from __future__ import annotations

import asyncio
import datetime as dtm
import functools
import hashlib
import hmac
import json
import logging
import re
import time
import uuid
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine
from contextlib import suppress
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar

from aiolimiter import AsyncLimiter
from telegram import (
    BotCommand,
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    BotCommandScopeDefault,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputFile,
    InputTextMessageContent,
    LinkPreviewOptions,
    Message,
    MessageEntity,
    ReplyParameters,
    Update,
)
from telegram.constants import ChatAction, ChatType, ParseMode
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Conflict,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TelegramError,
)
from telegram.ext import (
    Application,
    ApplicationHandlerStop,
    BaseRateLimiter,
    BaseUpdateProcessor,
    CallbackQueryHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot.adapters import CoreRunner, Delivery, bundle, button_labels, inline, split_scope
from bot.adapters.config import WebhookConfig
from bot.adapters.inbox import Inbox
from bot.adapters.shared import LeaseKeeper, SharedPacer
from bot.core.settings import platform_lang
from bot.messages import Incoming, Reply
from bot.runtime.health import count_send
from bot.store.inbox import Claimed, Fetched
from bot.text.i18n import detect_language, t
from bot.text.render import render_reply, split_message
from engine.safe_load import MAX_BYTES as MAX_FILE_BYTES

log = logging.getLogger("kasuan.telegram")

T = TypeVar("T")
PLATFORM = "telegram"
# Set while an alert is being delivered: its sends give way to replies in the shared pacer.
LOW_PRIORITY: ContextVar[bool] = ContextVar("kasuan_low_priority_send", default=False)
ALLOWED_UPDATES = [Update.MESSAGE, Update.EDITED_MESSAGE, Update.CALLBACK_QUERY, Update.INLINE_QUERY]
TYPING_AFTER = 0.3  # seconds: a reply slower than this shows "typing…" meanwhile
TYPING_EVERY = 4.5  # Telegram shows a chat action for about 5 s
ADMIN_ONLY_IN_GROUPS = ("topup", "rent", "stop", "renew")  # team-wallet writes: in groups, the admins' menu
DEEP_LINK = re.compile(r"^/start(?:@\w+)?\s+(size|cost)_([A-Za-z0-9_.-]{1,60})$")
START_PAYLOAD = re.compile(r"^/start(?:@\w+)?\s+(q_\S+)$")
EDITS_REMEMBERED = 5000
SEND_PREFIXES = ("send", "edit", "copy", "forward")  # the endpoints Telegram's flood limits count
CAPTION_LIMIT = 1024
BUTTONS_PER_ROW = 3
ADMIN_CACHE_SECONDS = 600.0
ALERT_LIMIT = 200  # answerCallbackQuery text: Telegram shows at most 200 characters
MigrateHook = Callable[[str, str], Awaitable[None]]
AnsweredHook = Callable[[int, float], None]


@dataclass(frozen=True)
class Pace:
    """Telegram's flood limits, with a margin so jitter on the way never pushes a send over them.

    Telegram: about 30 messages a second overall, one a second in a chat, 20 a minute in a group.
    We aim a little under each (27/s, one per 1.05 s, one per 3.2 s = 18.75/min) and keep the
    overall bucket small: PTB's default bucket lets 30 out at once and 30 more within the same
    second, 60 in one sliding second. A bucket of `overall_burst` draining at `overall_per_second`
    lets at most burst + rate = 28.5 through in any second (the rest of the margin absorbs network
    jitter), and, holding half a message more than one, does not lose throughput to timer lateness.
    """

    overall_per_second: float = 27.0
    overall_burst: float = 1.5
    shared_per_second: float = 25.0  # all processes together (SharedPacer): more margin, as several
    # event loops add their timing jitter to the same budget
    private_interval: float = 1.05
    group_interval: float = 3.2
    max_retries: int = 3


TELEGRAM_LIMITS = Pace()


class PacedRateLimiter(BaseRateLimiter[int]):
    """Sends paced under Telegram's flood limits, with a 429 pausing only the chat it was for.

    - Each chat sends one message at a time and waits its interval (1.05 s private, 3.2 s group)
      after the previous send finished, so its spacing holds whatever the overall queue does.
    - Overall, a small bucket (`Pace.overall_burst` draining at `overall_per_second`) paces sends
      evenly, instead of PTB's 30-at-once bucket.
    - A 429 (RetryAfter) on a send is that chat's flood limit: the chat's own lock is held through
      retry_after + 0.1 s and the send is retried (up to `max_retries`), while every other chat and
      every reply keeps going. PTB's AIORateLimiter instead stops all requests of the process for
      the pause (one retry_after of 8 s delayed every chat by 8 s). Requests that are not sends
      (answerCallbackQuery, getChatAdministrators ...) take no send slot; a 429 on one is waited out
      by that request alone.
    """

    def __init__(self, pace: Pace = TELEGRAM_LIMITS, shared: SharedPacer | None = None) -> None:
        self.pace = pace
        self.shared = shared  # several processes on one token: slots reserved in the store as well
        self._overall = AsyncLimiter(pace.overall_burst, pace.overall_burst / pace.overall_per_second)
        self._chats: dict[str, tuple[asyncio.Lock, list[float]]] = {}

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to release."""

    def _chat(self, chat_id: object) -> tuple[asyncio.Lock, list[float], float]:
        key = str(chat_id)
        group = not key.lstrip("-").isdigit() or key.startswith("-")
        if len(self._chats) > 4096:
            now = time.monotonic()
            for k, (lock, next_at) in list(self._chats.items()):
                if not lock.locked() and next_at[0] < now:
                    del self._chats[k]
        lock, next_at = self._chats.setdefault(key, (asyncio.Lock(), [0.0]))
        return lock, next_at, self.pace.group_interval if group else self.pace.private_interval

    async def _retrying(self, callback: Callable[..., Coroutine[Any, Any, Any]], args: Any, kwargs: dict[str, Any],
                        *, paced: bool) -> Any:
        for attempt in range(self.pace.max_retries + 1):
            try:
                if paced:
                    async with self._overall:
                        pass  # the slot is taken right before the send, after any pause of this chat
                    if self.shared is not None:  # and the deployment-wide slot, shared by every process
                        every = 1.0 / self.pace.shared_per_second
                        if LOW_PRIORITY.get():  # an alert: only a slot no reply is waiting for
                            await self.shared.wait_free(f"{PLATFORM}:all", every)
                        else:
                            await self.shared.wait(f"{PLATFORM}:all", every)
                result = await callback(*args, **kwargs)
                if paced:
                    count_send(PLATFORM, "message", "ok")
                return result
            except RetryAfter as exc:
                count_send(PLATFORM, "message", "retry_after")
                if attempt >= self.pace.max_retries:
                    raise
                log.info("429 for %s: this chat waits %.1f s", kwargs.get("chat_id", "a request"), retry_seconds(exc))
                await asyncio.sleep(retry_seconds(exc) + 0.1)
        raise AssertionError("unreachable")  # pragma: no cover

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, bool | dict[str, Any] | list[dict[str, Any]]]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> bool | dict[str, Any] | list[dict[str, Any]]:
        chat_id = data.get("chat_id")
        if chat_id is None or not endpoint.startswith(SEND_PREFIXES) or endpoint == "sendChatAction":
            result: bool | dict[str, Any] | list[dict[str, Any]] = await self._retrying(callback, args, kwargs,
                                                                                      paced=False)
            return result
        lock, next_at, interval = self._chat(chat_id)
        async with lock:
            wait = next_at[0] - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            if self.shared is not None:  # this chat's spacing across processes
                await self.shared.wait(f"{PLATFORM}:chat:{chat_id}", interval)
            try:
                result = await self._retrying(callback, args, kwargs, paced=True)
                return result
            finally:
                next_at[0] = time.monotonic() + interval


class PerChatUpdates(BaseUpdateProcessor):
    """Updates from different chats run concurrently; one chat's updates run in arrival order.

    Why: sends wait for the rate limiter, so handling updates one by one would let one busy chat
    hold up all the others; handling them all at once could answer a chat's second question
    before its first.
    """

    def __init__(self, max_concurrent_updates: int = 512) -> None:
        super().__init__(max_concurrent_updates)
        self._chats: dict[int, tuple[asyncio.Lock, list[int]]] = {}

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat = update.effective_chat if isinstance(update, Update) else None
        if chat is None:
            await coroutine
            return
        lock, users = self._chats.setdefault(chat.id, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                await coroutine
        finally:
            users[0] -= 1
            if users[0] == 0:
                self._chats.pop(chat.id, None)

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to release."""


def api_root(base_url: str) -> str:
    """TELEGRAM_API_BASE_URL as a server root: "http://localhost:8081" (a trailing /bot is accepted)."""
    root = base_url.rstrip("/")
    return root[: -len("/bot")] if root.endswith("/bot") else root


def retry_seconds(exc: RetryAfter) -> float:
    """RetryAfter's wait in seconds (PTB 22 keeps it as a timedelta; the public property warns)."""
    value = getattr(exc, "_retry_after", None)
    if isinstance(value, dtm.timedelta):
        return value.total_seconds()
    raw = exc.retry_after
    return raw.total_seconds() if isinstance(raw, dtm.timedelta) else float(raw)


def chat_scope(chat_id: int | str) -> str:
    return f"{PLATFORM}:chat:{chat_id}"


class TelegramFrontEnd:
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

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        """Connect (getMe), publish the command menu, and start taking updates."""
        await self.app.initialize()
        await self.set_commands()
        await self.app.start()
        if self.webhook is None and self.inbox is not None:  # before polling: what an earlier run left
            self._pump = asyncio.create_task(self.inbox.run(self.inbox_source, self._dispatch), name="telegram-inbox")
        if self.webhook is not None:
            await self._start_webhook(self.webhook)
            self.state = "connected"
        elif self.leases is not None:
            self.state = "standby"
            self._poll_guard = asyncio.create_task(self._poll_under_lease(), name="telegram-poll-lease")
        else:
            await self._start_polling()
        log.info("telegram front end started as @%s (%s)", self.app.bot.username,
                 "webhook" if self.webhook else "polling" if self.leases is None else "polling under a lease")

    async def _start_polling(self) -> None:
        with suppress(TelegramError):  # polling and a webhook exclude each other
            await self.app.bot.delete_webhook(drop_pending_updates=False)
        self._offset = None  # from the oldest update Telegram still holds for us
        self._poller = asyncio.create_task(self._poll(), name="telegram-poll")
        self.state = "connected"

    @property
    def polling(self) -> bool:
        return self._poller is not None and not self._poller.done()

    async def _stop_polling(self) -> None:
        """Stop asking; then confirm what was taken (stored in the inbox, or queued to be answered
        before we exit), so the next process is not handed it again."""
        if self._poller is None:
            return
        self._poller.cancel()
        with suppress(asyncio.CancelledError, Exception):
            await self._poller
        self._poller = None
        if self._offset is not None:
            with suppress(TelegramError):
                await self.app.bot.get_updates(offset=self._offset, limit=1, timeout=0,
                                               allowed_updates=ALLOWED_UPDATES)

    async def _poll(self) -> None:
        """getUpdates until cancelled. A batch is kept (the inbox's store, or PTB's queue without
        one) before the offset moves past it, and the offset is what confirms it to Telegram: an
        update the store could not take is fetched again, never confirmed unkept."""
        pause = 0.5
        while True:
            try:
                updates = await self.app.bot.get_updates(offset=self._offset, limit=100, timeout=self._long_poll,
                                                         allowed_updates=ALLOWED_UPDATES)
            except InvalidToken:
                log.error("telegram: the token was refused; polling stops")
                raise
            except Conflict as exc:  # another getUpdates on this token (a second process) or a webhook
                log.warning("telegram: getUpdates conflict (%s); asking again in %.1f s", exc.message, pause)
                await asyncio.sleep(pause)
                pause = min(pause * 2, 10.0)
                continue
            except (NetworkError, RetryAfter) as exc:
                wait = retry_seconds(exc) if isinstance(exc, RetryAfter) else pause
                log.info("telegram: getUpdates failed (%s); asking again in %.1f s", type(exc).__name__, wait)
                await asyncio.sleep(wait)
                pause = min(pause * 2, 10.0)
                continue
            pause = 0.5
            if not updates:
                continue
            if self.inbox is not None:
                try:
                    await self.inbox.keep(self.inbox_source, [self._fetched(u) for u in updates])
                except Exception as exc:  # not stored, so not confirmed: Telegram hands it out again
                    log.warning("telegram: could not store %d updates (%s); fetching them again", len(updates),
                                type(exc).__name__)
                    await asyncio.sleep(1.0)
                    continue
            else:
                for update in updates:
                    await self.app.update_queue.put(update)
            self._offset = updates[-1].update_id + 1

    @property
    def _long_poll(self) -> dtm.timedelta:
        return dtm.timedelta(seconds=self.poll_timeout)

    @property
    def inbox_source(self) -> str:
        return f"{PLATFORM}:{self.app.bot.id}"

    def _fetched(self, update: Update) -> Fetched:
        chat = update.effective_chat
        user = update.effective_user
        group = str(chat.id) if chat is not None else f"user:{user.id}" if user is not None else f"update:{update.update_id}"
        return Fetched(self.event_key(update.update_id), update.update_id, group,
                       json.dumps(update.to_dict(), ensure_ascii=False, separators=(",", ":")))

    async def _dispatch(self, claimed: Claimed) -> None:
        """An inbox row claimed here: to PTB's queue, behind the chat's earlier updates."""
        try:
            update = Update.de_json(json.loads(claimed.payload), self.app.bot)
        except (ValueError, TypeError, KeyError, AttributeError):
            log.warning("inbox: update %s is unreadable; dropped", claimed.update_id)
            if self.inbox is not None:
                await self.inbox.finish(claimed.key)
            return
        await self.app.update_queue.put(update)

    @property
    def ready(self) -> bool:
        return self.state in ("connected", "standby")

    @property
    def poll_lease(self) -> str:
        """The lease name: one getUpdates caller per bot, whatever the number of processes."""
        return f"poll:{PLATFORM}:{self.app.bot.id}"

    async def _poll_under_lease(self) -> None:
        """Poll only while this process holds the bot's polling lease; wait (standby) while another does.

        Two processes calling getUpdates with one token make Telegram answer 409 to one of them and
        hand each update to whichever asked; with the lease, the second waits and takes over within
        a lease length of the first one stopping (or dying)."""
        assert self.leases is not None
        every = max(self.leases.ttl / 3, 0.05)
        name = self.poll_lease
        try:
            while True:
                held = await self.leases.acquire(name)
                polling = self.polling
                if held and not polling:
                    log.info("telegram: polling lease taken; starting getUpdates")
                    await self._start_polling()
                elif not held and polling:
                    log.warning("telegram: polling lease lost to another process; standing by")
                    await self._stop_polling()
                    self.state = "standby"
                await asyncio.sleep(every)
        except asyncio.CancelledError:
            if name in self.leases.held:
                await self.leases.release(name)
            raise

    async def stop(self) -> None:
        """Stop taking updates, let the ones already taken finish, then disconnect."""
        if self._poll_guard is not None:
            self._poll_guard.cancel()
            with suppress(asyncio.CancelledError):
                await self._poll_guard
            self._poll_guard = None
        if self._web is not None:
            await self._web.cleanup()
            self._web = None
        await self._stop_polling()
        if self._pump is not None:  # claim nothing more; what is claimed is in PTB's queue
            self._pump.cancel()
            with suppress(asyncio.CancelledError):
                await self._pump
            self._pump = None
        if self.app.running:
            await self.app.stop()  # processes what is queued and waits for handlers in flight
        await self.app.shutdown()
        if self.inbox is not None:
            await self.inbox.release_alive()

    async def set_commands(self) -> None:
        """The command menus, in English (default and `en`) and Chinese (`zh`), from the core's catalog,
        per scope: private chats get every command; in groups, members see the reading commands and
        group admins also the team-wallet writes (/topup, /rent, /stop, /renew)."""
        scopes: list[tuple[Any, bool]] = [(BotCommandScopeDefault(), True), (BotCommandScopeAllPrivateChats(), True),
                                         (BotCommandScopeAllGroupChats(), False),
                                         (BotCommandScopeAllChatAdministrators(), True)]
        for code, lang in ((None, "en"), ("en", "en"), ("zh", "zh")):
            menu = self.runner.core.command_menu(lang)
            for scope, everything in scopes:
                commands = [BotCommand(name, desc[:256]) for name, desc in menu
                            if everything or name not in ADMIN_ONLY_IN_GROUPS]
                try:
                    await self.app.bot.set_my_commands(commands, scope=scope, language_code=code)
                except TelegramError as exc:
                    log.warning("could not set the %s %s command menu: %s", scope.type, code or "default", exc)

    async def _start_webhook(self, hook: WebhookConfig) -> None:
        """Listen for Telegram's POSTs (behind a reverse proxy terminating TLS) and register the URL.

        aiohttp instead of PTB's tornado-based webhook server: aiohttp is already here (discord.py
        needs it), and the handler is ten lines: check the secret header, queue the update.
        """
        from aiohttp import web

        app = web.Application(client_max_size=2**20)
        app.router.add_post(hook.path, self._on_webhook)
        self._web = web.AppRunner(app, access_log=None)
        await self._web.setup()
        await web.TCPSite(self._web, hook.listen, hook.port).start()
        await self.app.bot.set_webhook(url=hook.url, secret_token=hook.secret, allowed_updates=ALLOWED_UPDATES)

    @property
    def webhook_port(self) -> int | None:
        """The port the webhook listener is bound to (useful when configured as 0)."""
        if self._web is None:
            return None
        for address in self._web.addresses:
            return int(address[1])
        return None

    async def _on_webhook(self, request: Any) -> Any:
        from aiohttp import web

        assert self.webhook is not None
        given = request.headers.get("X-Telegram-Bot-Api-Secret-Token", "")
        if not hmac.compare_digest(given.encode(), self.webhook.secret.encode()):
            return web.Response(status=403)
        try:
            data = await request.json()
        except ValueError:
            return web.Response(status=400)
        if not isinstance(data, dict) or type(data.get("update_id")) is not int:
            return web.Response(status=400)  # an array, a scalar, or an object that is no update
        try:
            update = Update.de_json(data, self.app.bot)
        except (ValueError, TypeError, KeyError, AttributeError):
            return web.Response(status=400)
        # answered once handled, so an update whose process dies mid-way is delivered again (to any
        # replica): 503 when another process is answering it right now, so Telegram retries later
        done: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self._acks[id(update)] = done
        try:
            await self.app.update_queue.put(update)
            state = await asyncio.wait_for(asyncio.shield(done), self.ack_within)
        except TimeoutError:
            state = "slow"  # still being answered here; the claim keeps other replicas off it
        finally:
            self._acks.pop(id(update), None)
        return web.Response(status=503 if state == "busy" else 200)

    def _settle(self, update: Update, state: str) -> None:
        """Tell the webhook request waiting for `update` how it ended (ok, done, busy)."""
        done = self._acks.get(id(update))
        if done is not None and not done.done():
            done.set_result(state)

    # ------------------------------------------------------------------ updates in

    def event_key(self, update_id: int) -> str:
        """The de-duplication key: update ids are per bot, so the bot id is part of it."""
        return f"{PLATFORM}:{self.app.bot.id}:{update_id}"

    async def _drop_redelivered(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Runs before every handler: a redelivered update id stops here."""
        dedup = self.runner.dedup
        key = self.event_key(update.update_id)
        if self.inbox is not None and key in self.inbox.held:  # claimed from the inbox for us
            if not await self.inbox.mine(key):
                log.info("update %s was taken over by another process; dropping it here", update.update_id)
                raise ApplicationHandlerStop
            self._inbox_keys.add(key)
            self._dedup_seconds[update.update_id] = 0.0
            return
        if hasattr(dedup, "claim"):
            state, seconds = await self.runner.call_timed(dedup.claim, key)
        else:  # a Dedup without the two-step form
            fresh, seconds = await self.runner.call_timed(dedup.first_time, key)
            state = "new" if fresh else "done"
        if state != "new":
            log.info("update %s is %s; dropping this delivery", update.update_id,
                     "being answered by another process" if state == "busy" else "already handled")
            self._settle(update, state)
            raise ApplicationHandlerStop
        if len(self._dedup_seconds) > 10_000:  # updates no handler took (stickers, photos) leave theirs behind
            self._dedup_seconds.clear()
        self._dedup_seconds[update.update_id] = seconds

    async def _finished(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Runs after the handlers (group 1): the update is answered; a redelivery is dropped from now on."""
        self._dedup_seconds.pop(update.update_id, None)
        try:
            await self._finish(update)
        finally:
            self._inbox_keys.discard(self.event_key(update.update_id))
            self._settle(update, "ok")

    async def _finish(self, update: Update) -> None:
        """Mark the update answered: in the inbox when it came from there, else in the dedup store."""
        key = self.event_key(update.update_id)
        if self.inbox is not None and key in self._inbox_keys:
            await self.inbox.finish(key)  # once: the text is out, or the update needed no answer
            return
        finish = getattr(self.runner.dedup, "finish", None)
        if finish is not None:
            await self.runner.call(finish, key)

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
        reply, seconds = await self._typing_while(msg.chat.id, thread, self.runner.handle_timed(inc))
        if reply is None:
            return
        self._remember(msg, reply.fingerprint)
        start = time.perf_counter()
        parts = self.render(reply)
        seconds += dedup + time.perf_counter() - start
        if self.on_answered is not None:
            self.on_answered(update.update_id, seconds)
        await self._send(msg.chat.id, reply, parts, reply_to=None if private else msg.message_id, thread=thread,
                         text_out=functools.partial(self._answered, update))

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
        reply, seconds = await self._typing_while(msg.chat.id, thread, self.runner.handle_timed(inc))
        if reply is None:
            return
        if self.on_answered is not None:
            self.on_answered(update.update_id, seconds + dedup)
        await self._send(msg.chat.id, reply, self.render(reply), reply_to=None if private else msg.message_id,
                         thread=thread, text_out=functools.partial(self._answered, update))

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
        parts = self.render(reply)
        if isinstance(msg, Message) and msg.text is not None and reply.image is None:
            markup = self.keyboard(reply)
            try:
                await query.edit_message_text(parts[0], parse_mode=ParseMode.HTML,
                                              reply_markup=markup if len(parts) == 1 else None,
                                              link_preview_options=LinkPreviewOptions(is_disabled=True))
            except BadRequest as exc:
                if "not modified" not in exc.message.lower():
                    raise
            if len(parts) > 1:
                await self._send(chat_id, reply, parts[1:], thread=thread)
            else:
                await self._attachments(chat_id, reply, thread, msg.message_id)
            return
        await self._send(chat_id, reply, parts, thread=thread)

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

    @staticmethod
    def render(reply: Reply) -> list[str]:
        """The reply in Telegram HTML, cut into messages under 4096 characters."""
        return split_message(render_reply(reply, "telegram"), "telegram")

    @staticmethod
    def keyboard(reply: Reply) -> InlineKeyboardMarkup | None:
        """The core's buttons as an inline keyboard (payloads are callback_data, at most 64 bytes)."""
        labels = button_labels(reply)
        if not labels:
            return None
        buttons = [InlineKeyboardButton(label, callback_data=payload) for label, payload in labels]
        return InlineKeyboardMarkup([buttons[i:i + BUTTONS_PER_ROW] for i in range(0, len(buttons), BUTTONS_PER_ROW)])

    async def _send(self, chat_id: int, reply: Reply, parts: list[str], reply_to: int | None = None,
                    thread: int | None = None, text_out: Callable[[], Awaitable[None]] | None = None) -> int:
        """Send the parts (the keyboard under the last) into the forum topic `thread` when there is one,
        following a group's migration; `text_out` runs once the text is out, before the attachments.
        Returns the chat id used."""
        try:
            await self._send_to(chat_id, reply, parts, reply_to, thread, text_out)
            return chat_id
        except ChatMigrated as exc:
            await self._migrated(chat_id, exc.new_chat_id)
            await self._send_to(exc.new_chat_id, reply, parts, None, None, text_out)
            return exc.new_chat_id

    async def _send_to(self, chat_id: int, reply: Reply, parts: list[str], reply_to: int | None,
                       thread: int | None = None, text_out: Callable[[], Awaitable[None]] | None = None) -> None:
        bot = self.app.bot
        markup = self.keyboard(reply)
        quote = ReplyParameters(message_id=reply_to, allow_sending_without_reply=True) if reply_to else None
        if reply.image is not None:
            caption = parts[0] if len(parts) == 1 and len(parts[0]) <= CAPTION_LIMIT else None
            await bot.send_photo(chat_id, photo=reply.image, caption=caption,
                                 parse_mode=ParseMode.HTML if caption else None,
                                 reply_markup=markup if caption else None, reply_parameters=quote,
                                 message_thread_id=thread)
            if caption is not None:
                if text_out is not None:
                    await text_out()
                await self._attachments(chat_id, reply, thread)
                return
            quote = None
        answer: int | None = None
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            sent = await bot.send_message(chat_id, part, parse_mode=ParseMode.HTML, reply_markup=markup if last else None,
                                          reply_parameters=quote if i == 0 else None, message_thread_id=thread,
                                          link_preview_options=LinkPreviewOptions(is_disabled=True))
            answer = sent.message_id if answer is None else answer
        if text_out is not None:
            await text_out()
        await self._attachments(chat_id, reply, thread, answer)

    async def _attachments(self, chat_id: int, reply: Reply, thread: int | None = None,
                           answer: int | None = None) -> None:
        """After the text: the reply's chart as a photo (drawn now, in the chart worker) and its
        files as one document (a zip when there are several). The photo replies to the answer's
        message `answer` with a one-line caption, so in a busy group it stays tied to its answer. A chart
        that fails to draw or to send is logged and skipped: the text is already out."""
        bot = self.app.bot
        if reply.chart is not None:
            picture = await self.runner.picture(reply)
            if picture is not None:
                quote = ReplyParameters(message_id=answer, allow_sending_without_reply=True) if answer else None
                caption = (reply.chart_caption or "")[:CAPTION_LIMIT] or None
                try:
                    await bot.send_photo(chat_id, photo=picture, caption=caption, reply_parameters=quote,
                                         message_thread_id=thread)
                except (BadRequest, NetworkError) as exc:
                    log.warning("telegram chart for chat %s not sent: %s", chat_id, exc)
        if reply.files:
            name, data = bundle(reply.files)
            await bot.send_document(chat_id, document=InputFile(data, filename=name), message_thread_id=thread)

    async def deliver(self, scope: str, reply: Reply) -> Delivery:
        """Send an alert to a chat scope ("telegram:chat:<id>") and say how it went, for the alert sender.

        A user scope ("telegram:user:<id>") goes to the user's private chat, which has the user's id.
        """
        _, _, target = split_scope(scope)
        chat, _, topic = target.partition("#")  # "telegram:chat:-100123#7": forum topic 7 of that group
        low = LOW_PRIORITY.set(True)
        try:
            used = await self._send(int(chat), reply, self.render(reply), thread=int(topic) if topic else None)
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
        return Delivery("ok", moved_to=chat_scope(used) if str(used) != chat else None)
