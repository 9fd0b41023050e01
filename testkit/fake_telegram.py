"""A local fake of the Telegram Bot API (aiohttp), for end-to-end tests and the load benchmark.

A real python-telegram-bot Application talks to it through TELEGRAM_API_BASE_URL, exactly as it
would to api.telegram.org or a self-hosted Bot API server: getUpdates long polling, sendMessage,
editMessageText, answerCallbackQuery, sendPhoto, sendDocument, setMyCommands, setWebhook ...

It records every call (method, parameters, time, HTTP status) and can be told to misbehave the way
Telegram does: answer 429 with retry_after, 403 for a chat that blocked the bot, 400 with
migrate_to_chat_id for a group that became a supergroup. It also refuses what Telegram refuses:
invalid HTML in parse_mode=HTML (checked with testkit.telegram_html), text over 4096 characters,
callback_data over 64 bytes. With `enforce_limits` it answers 429 whenever a send would break
Telegram's flood limits (30 messages/s overall, 1/s per chat, 20/min per group), like the real
server does.

getUpdates keeps Telegram's semantics, so a bot that loses updates is seen losing them: an update
stays queued until a getUpdates with an offset above its id confirms it (and is handed out again
until then); a negative offset keeps only the last -offset updates; limit is 1-100 (default 100);
timeout long-polls; a second getUpdates while one is running on the token gets 409 Conflict, and
so does any getUpdates while a webhook is set. `before_send` lets a test act at an exact send (kill
the bot between two sends) and decide whether that send is accepted.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import math
import re
import time
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from html import unescape
from typing import Any

from aiohttp import web

from testkit.telegram_html import TelegramHTMLError, check

TOKEN = "123456789:AAFakeTokenForTestsOnly_abcdefghijklmnopq"
JSON_FIELDS = {"reply_markup", "reply_parameters", "link_preview_options", "commands", "allowed_updates", "entities",
               "scope", "caption_entities"}
INT_FIELDS = {"chat_id", "message_id", "offset", "limit", "timeout", "from_chat_id", "message_thread_id"}
SENDS = ("send", "edit", "copy", "forward")
OVERALL_PER_SECOND = 30
GROUP_PER_MINUTE = 20
PRIVATE_INTERVAL = 1.0


@dataclass
class Call:
    """One request the bot made."""

    method: str
    params: dict[str, Any]
    at: float
    status: int = 200
    result: Any = None

    @property
    def chat_id(self) -> int | None:
        value = self.params.get("chat_id")
        return int(value) if value is not None else None

    @property
    def ok(self) -> bool:
        return self.status == 200


@dataclass
class Fault:
    method: str
    status: int
    chat_id: int | None
    times: int
    retry_after: int = 1
    description: str = ""


@dataclass
class FakeTelegram:
    """The server, its state, and helpers to build updates the way Telegram sends them."""

    token: str = TOKEN
    bot_id: int = 1000
    username: str = "kasuan_bot"
    enforce_limits: bool = False
    calls: list[Call] = field(default_factory=list)
    blocked: set[int] = field(default_factory=set)
    migrated: dict[int, int] = field(default_factory=dict)
    admins: dict[int, set[int]] = field(default_factory=dict)
    webhook: dict[str, Any] = field(default_factory=dict)
    commands: dict[str | None, list[dict[str, str]]] = field(default_factory=dict)
    scoped_commands: dict[tuple[str, str | None], list[dict[str, str]]] = field(default_factory=dict)
    uploads: dict[str, bytes] = field(default_factory=dict)  # file_id -> content (documents users sent)
    inline_answers: list[dict[str, Any]] = field(default_factory=list)  # answerInlineQuery calls, in order
    # awaited before a send is accepted; False: the send is dropped unseen (the sender was killed)
    before_send: Callable[[Call, web.Request], Awaitable[bool]] | None = None

    def __post_init__(self) -> None:
        self.updates: deque[dict[str, Any]] = deque()
        self.messages: dict[tuple[int, int], dict[str, Any]] = {}
        self.faults: list[Fault] = []
        self._update_ids = itertools.count(1)
        self._message_ids: dict[int, itertools.count[int]] = defaultdict(lambda: itertools.count(1))
        self._new_updates = asyncio.Event()
        self._poll: web.Request | None = None  # the getUpdates in progress (a second one gets 409)
        self.confirmed = 0  # every update_id below this has been confirmed by an offset
        self._closing = asyncio.Event()
        self._accepted: deque[float] = deque()
        self._accepted_chat: dict[int, deque[float]] = defaultdict(deque)
        self._runner: web.AppRunner | None = None
        self.url = ""

    # ------------------------------------------------------------------ lifecycle

    async def start(self, port: int = 0) -> str:
        """Listen on localhost (a free port by default); returns the base URL (TELEGRAM_API_BASE_URL)."""
        app = web.Application(client_max_size=20 * 2**20)
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        app.router.add_post("/_fake/say", self._control_say)
        app.router.add_post("/_fake/push", self._control_push)
        app.router.add_post("/_fake/fail", self._control_fail)
        app.router.add_get("/_fake/calls", self._control_calls)
        app.router.add_get("/_fake/count", self._control_count)
        app.router.add_get("/file/bot{token}/{path:.+}", self._download)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        port = self._runner.addresses[0][1]
        self.url = f"http://127.0.0.1:{port}"
        return self.url

    async def stop(self) -> None:
        self._closing.set()
        if self._runner is not None:
            await self._runner.cleanup()

    async def __aenter__(self) -> FakeTelegram:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # ------------------------------------------------------------------ building updates

    @property
    def bot_user(self) -> dict[str, Any]:
        return {"id": self.bot_id, "is_bot": True, "first_name": "KaSuan", "username": self.username}

    @staticmethod
    def user(user_id: int, lang: str | None = "en", name: str = "Ada") -> dict[str, Any]:
        out: dict[str, Any] = {"id": user_id, "is_bot": False, "first_name": name, "username": f"user{user_id}"}
        if lang:
            out["language_code"] = lang
        return out

    @staticmethod
    def chat(chat_id: int) -> dict[str, Any]:
        if chat_id > 0:
            return {"id": chat_id, "type": "private", "first_name": "Ada"}
        kind = "supergroup" if str(chat_id).startswith("-100") else "group"
        return {"id": chat_id, "type": kind, "title": f"team {chat_id}"}

    def message(self, chat_id: int, text: str, *, user_id: int | None = None, lang: str | None = "en",
                reply_to: dict[str, Any] | None = None, extra: dict[str, Any] | None = None) -> dict[str, Any]:
        """A user's message as Telegram sends it, with bot_command and mention entities (UTF-16 offsets)."""
        uid = user_id if user_id is not None else (chat_id if chat_id > 0 else 42)
        msg: dict[str, Any] = {"message_id": next(self._message_ids[chat_id]), "date": int(time.time()),
                               "chat": self.chat(chat_id), "from": self.user(uid, lang), "text": text}
        entities = []
        for m in re.finditer(r"(?<![\w@])/[A-Za-z_]+(?:@\w+)?|@\w+", text):
            kind = "bot_command" if m.group().startswith("/") else "mention"
            if kind == "bot_command" and m.start() != 0:
                continue
            entities.append({"type": kind, "offset": _utf16(text[: m.start()]), "length": _utf16(m.group())})
        if entities:
            msg["entities"] = entities
        if reply_to is not None:
            msg["reply_to_message"] = reply_to
        msg.update(extra or {})
        return msg

    def push(self, payload: dict[str, Any], update_id: int | None = None) -> dict[str, Any]:
        """Queue an update (a message dict, or a full update). The same update pushed again is a
        redelivery: a bot that confirmed it already (its offset is past the id) never sees it, as with
        Telegram; a new bot process, which starts without an offset, is handed it."""
        update = payload if "update_id" in payload else {"update_id": update_id or next(self._update_ids),
                                                         "message": payload}
        self.updates.append(update)
        self._new_updates.set()
        return update

    def say(self, chat_id: int, text: str, **kw: Any) -> dict[str, Any]:
        """Queue a text message from a user; returns the update."""
        return self.push(self.message(chat_id, text, **kw))

    def press(self, chat_id: int, message_id: int, data: str, *, user_id: int | None = None,
              lang: str | None = "en") -> dict[str, Any]:
        """Queue a press of an inline button under the bot's message."""
        msg = self.messages[(chat_id, message_id)]
        uid = user_id if user_id is not None else (chat_id if chat_id > 0 else 42)
        query = {"id": str(next(self._update_ids) + 10_000), "from": self.user(uid, lang), "message": msg,
                 "chat_instance": str(chat_id), "data": data}
        return self.push({"update_id": next(self._update_ids), "callback_query": query})

    # ------------------------------------------------------------------ documents and inline queries

    def document(self, chat_id: int, name: str, content: bytes, *, caption: str = "", user_id: int | None = None,
                 lang: str | None = "en", file_size: int | None = None, mime_type: str = "application/octet-stream",
                 reply_to: dict[str, Any] | None = None) -> dict[str, Any]:
        """Queue a message carrying a file, as Telegram sends it (a document with its file_id and
        size, the caption with its entities); getFile and the file URL then serve `content`.
        `file_size` may claim another size than the content's (Telegram reports what it stored)."""
        file_id = f"doc{len(self.uploads) + 1}"
        self.uploads[file_id] = content
        msg = self.message(chat_id, caption, user_id=user_id, lang=lang, reply_to=reply_to)
        del msg["text"]
        if "entities" in msg:
            msg["caption_entities"] = msg.pop("entities")
        if caption:
            msg["caption"] = caption
        msg["document"] = {"file_id": file_id, "file_unique_id": f"u{file_id}", "file_name": name,
                           "mime_type": mime_type, "file_size": len(content) if file_size is None else file_size}
        return self.push(msg)

    def downloads(self) -> list[Call]:
        """The getFile calls the bot made (each precedes one download of the file's URL)."""
        return [c for c in self.calls if c.method == "getFile"]

    async def api_getFile(self, p: dict[str, Any]) -> dict[str, Any]:
        file_id = str(p["file_id"])
        if file_id not in self.uploads:
            raise _ApiError(400, "Bad Request: invalid file_id")
        return {"file_id": file_id, "file_unique_id": f"u{file_id}", "file_size": len(self.uploads[file_id]),
                "file_path": f"documents/{file_id}"}

    async def _download(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.Response(status=401)
        file_id = request.match_info["path"].rsplit("/", 1)[-1]
        self.calls.append(Call("download", {"file_id": file_id}, time.monotonic()))
        if file_id not in self.uploads:
            return web.Response(status=404)
        return web.Response(body=self.uploads[file_id])

    def inline(self, query: str, *, user_id: int = 42, lang: str | None = "en", chat_type: str = "supergroup",
               offset: str = "") -> dict[str, Any]:
        """Queue an inline query ("@bot 7b qlora 4090" typed in any chat)."""
        iq = {"id": str(next(self._update_ids) + 50_000), "from": self.user(user_id, lang), "query": query,
              "offset": offset, "chat_type": chat_type}
        return self.push({"update_id": next(self._update_ids), "inline_query": iq})

    async def api_answerInlineQuery(self, p: dict[str, Any]) -> bool:
        results = p.get("results")
        if isinstance(results, str):
            results = json.loads(results)
        answer = {**p, "results": results}
        for r in results or []:
            text = r.get("input_message_content", {}).get("message_text", "")
            if r.get("input_message_content", {}).get("parse_mode") == "HTML":
                try:
                    check(text)
                except TelegramHTMLError as exc:
                    raise _ApiError(400, f"Bad Request: can't parse entities: {exc}") from exc
            if len(text) > 4096:
                raise _ApiError(400, "Bad Request: MESSAGE_TOO_LONG")
        if len(results or []) > 50:
            raise _ApiError(400, "Bad Request: RESULTS_TOO_MUCH")
        self.inline_answers.append(answer)
        return True

    # ------------------------------------------------------------------ misbehaving

    def fail_next(self, method: str, status: int = 429, *, chat_id: int | None = None, times: int = 1,
                  retry_after: int = 1, description: str = "") -> None:
        """The next `times` calls of `method` (to `chat_id`, if given) fail with `status`."""
        self.faults.append(Fault(method, status, chat_id, times, retry_after, description))

    def block(self, chat_id: int) -> None:
        """The user blocked the bot: every send to the chat gets 403."""
        self.blocked.add(chat_id)

    def migrate(self, old: int, new: int) -> None:
        """The group became a supergroup: sends to `old` get 400 with migrate_to_chat_id."""
        self.migrated[old] = new

    # ------------------------------------------------------------------ reading what happened

    def sent(self, method: str = "sendMessage", chat_id: int | None = None, ok: bool = True) -> list[Call]:
        return [c for c in self.calls if c.method == method and (chat_id is None or c.chat_id == chat_id)
                and (c.ok or not ok)]

    def rejected(self, status: int | None = None) -> list[Call]:
        return [c for c in self.calls if not c.ok and (status is None or c.status == status)]

    async def wait_for(self, predicate: Any, timeout: float = 5.0) -> None:
        """Wait until `predicate()` is true (polling the recorded calls)."""
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out; calls so far: {[(c.method, c.status) for c in self.calls]}")
            await asyncio.sleep(0.01)

    async def wait_sent(self, count: int, method: str = "sendMessage", chat_id: int | None = None,
                        timeout: float = 5.0) -> list[Call]:
        await self.wait_for(lambda: len(self.sent(method, chat_id)) >= count, timeout)
        return self.sent(method, chat_id)

    # ------------------------------------------------------------------ control over HTTP
    # For running the server in its own process (the load benchmark): the same helpers as above.

    async def _control_say(self, request: web.Request) -> web.Response:
        """[{chat_id, text, lang?, user_id?}, ...] -> the queued updates."""
        return web.json_response([self.say(int(m["chat_id"]), m["text"], lang=m.get("lang", "en"),
                                           user_id=m.get("user_id")) for m in await request.json()])

    async def _control_push(self, request: web.Request) -> web.Response:
        """[update, ...] queued as they are (a redelivery when the update_id was seen before)."""
        for update in await request.json():
            self.push(update)
        return web.json_response(True)

    async def _control_fail(self, request: web.Request) -> web.Response:
        p = await request.json()
        self.fail_next(p["method"], int(p.get("status", 429)), chat_id=p.get("chat_id"), times=int(p.get("times", 1)),
                       retry_after=int(p.get("retry_after", 1)))
        return web.json_response(True)

    async def _control_calls(self, request: web.Request) -> web.Response:
        method = request.query.get("method")
        return web.json_response([{"method": c.method, "chat_id": c.chat_id, "at": c.at, "status": c.status,
                                   "text": c.params.get("text")} for c in self.calls
                                  if method is None or c.method == method])

    async def _control_count(self, request: web.Request) -> web.Response:
        return web.json_response(len(self.sent(request.query.get("method", "sendMessage"))))

    # ------------------------------------------------------------------ the API

    async def _handle(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return _error(401, "Unauthorized")
        method = request.match_info["method"]
        params = await _params(request)
        call = Call(method, params, time.monotonic())
        self.calls.append(call)
        handler = getattr(self, f"api_{method}", None)
        if handler is None:
            return self._fail(call, 404, "Not Found: method not found")
        failure = self._fault(call) or self._refuse(call)
        if failure is not None:
            return failure
        if method.startswith(SENDS) and self.before_send is not None and not await self.before_send(call, request):
            return self._fail(call, 599, "dropped: the sender is gone")
        try:
            result = await (self.api_getUpdates(params, request) if method == "getUpdates" else handler(params))
        except _ApiError as exc:
            return self._fail(call, exc.status, exc.description, exc.parameters)
        call.result = result
        if method.startswith(SENDS):
            self._note_accepted(call)
        return web.json_response({"ok": True, "result": result})

    def _fail(self, call: Call, status: int, description: str, parameters: dict[str, Any] | None = None
              ) -> web.Response:
        call.status = status
        return _error(status, description, parameters)

    def _fault(self, call: Call) -> web.Response | None:
        chat_id = call.chat_id
        if call.method.startswith(SENDS) and chat_id is not None:
            if chat_id in self.migrated:
                return self._fail(call, 400, "Bad Request: group chat was upgraded to a supergroup chat",
                                  {"migrate_to_chat_id": self.migrated[chat_id]})
            if chat_id in self.blocked:
                return self._fail(call, 403, "Forbidden: bot was blocked by the user")
        for fault in self.faults:
            if fault.times > 0 and fault.method == call.method and fault.chat_id in (None, chat_id):
                fault.times -= 1
                if fault.status == 429:
                    return self._fail(call, 429, f"Too Many Requests: retry after {fault.retry_after}",
                                      {"retry_after": fault.retry_after})
                return self._fail(call, fault.status, fault.description or f"Error {fault.status}")
        if self.enforce_limits and call.method.startswith(SENDS) and chat_id is not None:
            wait = self._over_limit(chat_id, call.at)
            if wait:
                return self._fail(call, 429, f"Too Many Requests: retry after {wait}", {"retry_after": wait})
        return None

    def _over_limit(self, chat_id: int, now: float) -> int:
        """Seconds to wait if this send would break a flood limit, else 0."""
        overall = [t for t in self._accepted if t > now - 1.0]
        if len(overall) >= OVERALL_PER_SECOND:
            return 1
        mine = self._accepted_chat[chat_id]
        if chat_id > 0 and mine and mine[-1] > now - PRIVATE_INTERVAL:
            return 1
        recent = [t for t in mine if t > now - 60.0]
        if chat_id < 0 and len(recent) >= GROUP_PER_MINUTE:
            return max(1, math.ceil(recent[0] + 60.0 - now))
        return 0

    def _note_accepted(self, call: Call) -> None:
        self._accepted.append(call.at)
        while self._accepted and self._accepted[0] < call.at - 2.0:
            self._accepted.popleft()
        if call.chat_id is not None:
            mine = self._accepted_chat[call.chat_id]
            mine.append(call.at)
            while mine and mine[0] < call.at - 61.0:
                mine.popleft()

    def _refuse(self, call: Call) -> web.Response | None:
        """What Telegram refuses whatever the chat: bad HTML, too long, oversized callback_data."""
        for key in ("text", "caption"):
            text = call.params.get(key)
            if not isinstance(text, str):
                continue
            limit = 4096 if key == "text" else 1024
            if len(text) > limit:
                return self._fail(call, 400, f"Bad Request: message {key} is too long")
            if call.params.get("parse_mode") == "HTML":
                try:
                    check(text)
                except TelegramHTMLError as exc:
                    return self._fail(call, 400, f"Bad Request: can't parse entities: {exc}")
        markup = call.params.get("reply_markup") or {}
        for row in markup.get("inline_keyboard", []):
            for button in row:
                if len(button.get("callback_data", "").encode()) > 64:
                    return self._fail(call, 400, "Bad Request: BUTTON_DATA_INVALID")
        return None

    # each api_<method> returns the "result" of a successful call

    async def api_getMe(self, p: dict[str, Any]) -> dict[str, Any]:
        return {**self.bot_user, "can_join_groups": True, "can_read_all_group_messages": False,
                "supports_inline_queries": False}

    def _confirm(self, offset: int) -> None:
        """Forget what `offset` confirms: ids below it; a negative offset keeps the last -offset updates."""
        if offset < 0:
            keep = -offset
            while len(self.updates) > keep:
                self.confirmed = max(self.confirmed, self.updates.popleft()["update_id"] + 1)
            return
        self.confirmed = max(self.confirmed, offset)
        self.updates = deque(u for u in self.updates if u["update_id"] >= offset)

    async def api_getUpdates(self, p: dict[str, Any], request: web.Request | None = None) -> list[dict[str, Any]]:
        if self.webhook.get("url"):
            raise _ApiError(409, "Conflict: can't use getUpdates method while webhook is active;"
                                 " use deleteWebhook to delete the webhook first")
        if self._poll is not None and _connected(self._poll):  # a dead client's poll no longer counts
            raise _ApiError(409, "Conflict: terminated by other getUpdates request;"
                                 " make sure that only one bot instance is running")
        limit = min(max(int(p.get("limit", 100)), 1), 100)
        timeout = float(p.get("timeout", 0))
        self._poll = request
        try:
            if p.get("offset") is not None:
                self._confirm(int(p["offset"]))
            if not self.updates and timeout > 0:
                self._new_updates.clear()
                waits = [asyncio.ensure_future(self._new_updates.wait()),
                         asyncio.ensure_future(self._closing.wait())]
                try:
                    await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    for w in waits:
                        w.cancel()
        finally:
            if self._poll is request:
                self._poll = None
        # handed out, and handed out again until an offset confirms them
        return sorted(self.updates, key=lambda u: u["update_id"])[:limit]

    async def api_deleteWebhook(self, p: dict[str, Any]) -> bool:
        self.webhook = {}
        return True

    async def api_setWebhook(self, p: dict[str, Any]) -> bool:
        self.webhook = dict(p)
        return True

    async def api_getWebhookInfo(self, p: dict[str, Any]) -> dict[str, Any]:
        return {"url": self.webhook.get("url", ""), "has_custom_certificate": False, "pending_update_count": 0}

    async def api_setMyCommands(self, p: dict[str, Any]) -> bool:
        for c in p["commands"]:
            if not re.fullmatch(r"[a-z0-9_]{1,32}", c["command"]) or not 1 <= len(c["description"]) <= 256:
                raise _ApiError(400, "Bad Request: BOT_COMMAND_INVALID")
        scope = p.get("scope")
        if isinstance(scope, str):
            scope = json.loads(scope)
        kind = (scope or {}).get("type", "default")
        if kind == "default":
            self.commands[p.get("language_code")] = p["commands"]
        self.scoped_commands[(kind, p.get("language_code"))] = p["commands"]
        return True

    async def api_sendChatAction(self, p: dict[str, Any]) -> bool:
        return True

    async def api_deleteMyCommands(self, p: dict[str, Any]) -> bool:
        self.commands.pop(p.get("language_code"), None)
        return True

    async def api_getChatAdministrators(self, p: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"status": "creator", "user": self.user(uid), "is_anonymous": False}
                for uid in sorted(self.admins.get(int(p["chat_id"]), set()))]

    async def api_answerCallbackQuery(self, p: dict[str, Any]) -> bool:
        return True

    async def api_sendMessage(self, p: dict[str, Any]) -> dict[str, Any]:
        return self._store(int(p["chat_id"]), {"text": _plain(p["text"])}, p)

    async def api_sendPhoto(self, p: dict[str, Any]) -> dict[str, Any]:
        body: dict[str, Any] = {"photo": [{"file_id": "photo1", "file_unique_id": "u1", "width": 1, "height": 1}]}
        if p.get("caption"):
            body["caption"] = _plain(p["caption"])
        return self._store(int(p["chat_id"]), body, p)

    async def api_sendDocument(self, p: dict[str, Any]) -> dict[str, Any]:
        body = {"document": {"file_id": "doc1", "file_unique_id": "d1", "file_name": "document"}}
        return self._store(int(p["chat_id"]), body, p)

    async def api_editMessageText(self, p: dict[str, Any]) -> dict[str, Any]:
        key = (int(p["chat_id"]), int(p["message_id"]))
        msg = self.messages.get(key)
        if msg is None:
            raise _ApiError(400, "Bad Request: message to edit not found")
        if msg.get("text") == _plain(p["text"]) and msg.get("reply_markup") == p.get("reply_markup"):
            raise _ApiError(400, "Bad Request: message is not modified")
        msg["text"] = _plain(p["text"])
        msg["edit_date"] = int(time.time())
        if p.get("reply_markup"):
            msg["reply_markup"] = p["reply_markup"]
        else:
            msg.pop("reply_markup", None)
        return msg

    async def api_close(self, p: dict[str, Any]) -> bool:
        return True

    def _store(self, chat_id: int, body: dict[str, Any], p: dict[str, Any]) -> dict[str, Any]:
        msg = {"message_id": next(self._message_ids[chat_id]), "date": int(time.time()), "chat": self.chat(chat_id),
               "from": self.bot_user, **body}
        if p.get("reply_markup"):
            msg["reply_markup"] = p["reply_markup"]
        self.messages[(chat_id, msg["message_id"])] = msg
        return msg


class _ApiError(Exception):
    def __init__(self, status: int, description: str, parameters: dict[str, Any] | None = None) -> None:
        super().__init__(description)
        self.status, self.description, self.parameters = status, description, parameters


def _error(status: int, description: str, parameters: dict[str, Any] | None = None) -> web.Response:
    body: dict[str, Any] = {"ok": False, "error_code": status, "description": description}
    if parameters:
        body["parameters"] = parameters
    return web.json_response(body, status=status)


async def _params(request: web.Request) -> dict[str, Any]:
    """PTB posts form fields (multipart when a file goes along); complex values are JSON text."""
    out: dict[str, Any] = dict(request.query)
    if request.can_read_body:
        if request.content_type == "application/json":
            out.update(await request.json())
        else:
            for key, value in (await request.post()).items():
                out[key] = value.file.read() if isinstance(value, web.FileField) else value
    for key in list(out):
        value = out[key]
        if key in JSON_FIELDS and isinstance(value, str):
            out[key] = json.loads(value)
        elif key in INT_FIELDS and isinstance(value, str) and re.fullmatch(r"-?\d+", value):
            out[key] = int(value)
    return out


def _connected(request: web.Request) -> bool:
    transport = request.transport
    return transport is not None and not transport.is_closing()


def _plain(html: str) -> str:
    """The text a user sees (Telegram strips the tags and keeps entities instead)."""
    return unescape(re.sub(r"<[^>]+>", "", html))


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def windows(times: list[float], width: float) -> int:
    """The most events in any half-open window [t, t + width): how a rate limit is counted."""
    ordered = sorted(times)
    best, j = 0, 0
    for i, start in enumerate(ordered):
        j = max(j, i)
        while j < len(ordered) and ordered[j] < start + width:
            j += 1
        best = max(best, j - i)
    return best


async def _serve(port: int, enforce_limits: bool, token: str) -> None:
    server = FakeTelegram(token=token, enforce_limits=enforce_limits)
    print(await server.start(port), flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await server.stop()


def main(argv: list[str] | None = None) -> None:
    """`python -m testkit.fake_telegram [--port N] [--enforce-limits]`: serve until killed; prints the URL."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--enforce-limits", action="store_true")
    parser.add_argument("--token", default=TOKEN)
    args = parser.parse_args(argv)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_serve(args.port, args.enforce_limits, args.token))


if __name__ == "__main__":
    main()
