"""Updates in: polling (our own getUpdates loop, each batch kept in the store's inbox before it is
confirmed), polling under a lease when several processes share a token, or a webhook; and each
update claimed once (a redelivery is dropped) and marked answered once its text is out."""

from __future__ import annotations

import asyncio
import datetime as dtm
import hmac
import json
import logging
from contextlib import suppress
from typing import Any

from telegram import (
    Update,
)
from telegram.error import (
    Conflict,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TelegramError,
)
from telegram.ext import (
    Application,
    ApplicationHandlerStop,
    ContextTypes,
)

from bot.adapters import CoreRunner, cycle
from bot.adapters.config import WebhookConfig
from bot.adapters.inbox import Inbox
from bot.adapters.shared import LeaseKeeper
from bot.adapters.telegram.pacing import PLATFORM, retry_seconds
from bot.store.inbox import Claimed, Fetched

log = logging.getLogger("kasuan.telegram")


ALLOWED_UPDATES = [Update.MESSAGE, Update.EDITED_MESSAGE, Update.CALLBACK_QUERY, Update.INLINE_QUERY]


class Intake:
    """The update-taking half of the Telegram front end (bot.adapters.telegram.front builds it)."""

    app: Application[Any, Any, Any, Any, Any, Any]
    runner: CoreRunner
    webhook: WebhookConfig | None
    leases: LeaseKeeper | None
    inbox: Inbox | None
    ack_within: float
    poll_timeout: float
    state: str
    _acks: dict[int, asyncio.Future[str]]
    _poll_guard: asyncio.Task[None] | None
    _poller: asyncio.Task[None] | None
    _pump: asyncio.Task[None] | None
    _offset: int | None
    _inbox_keys: set[str]
    _dedup_seconds: dict[int, float]
    _web: Any

    async def set_commands(self) -> None:
        raise NotImplementedError  # the front end publishes its menus (bot.adapters.telegram.menus)

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
        key = self.event_key(update.update_id)
        if self.inbox is not None and key in self.inbox.held:  # claimed from the inbox for us
            if not await self.inbox.mine(key):
                log.info("update %s was taken over by another process; dropping it here", update.update_id)
                raise ApplicationHandlerStop
            self._inbox_keys.add(key)
            self._dedup_seconds[update.update_id] = 0.0
            return
        state, seconds = await cycle.claim(self.runner, key, two_step=True)
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
        await cycle.mark_answered(self.runner, key)
