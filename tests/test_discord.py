"""The Discord front end, driven through discord.py's own payload parsing (no network).

Gateway events are fed to the client's ConnectionState exactly as they come off the websocket
(MESSAGE_CREATE, INTERACTION_CREATE); what the library then sends is caught at its HTTP boundary
(HTTPClient.request for channel messages and command sync, the webhook adapter for interaction
responses and follow-ups), so every payload checked here is the one discord.py built.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import re
import time
from dataclasses import dataclass
from typing import Any

import discord
import pytest
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.adapters import CoreRunner, MemoryDedup
from bot.adapters.config import redaction
from bot.adapters.discord_bot import CatalogTranslator, DiscordFrontEnd
from bot.core.registry import command, command_line
from bot.core.router import Core
from bot.core.settings import MemorySettings
from bot.messages import Button, Reply

TOKEN = "MTAwMDAwMDAwMDAwMDAwMDAw.GfakeX.discord-test-token-never-logged-0123456789"
APP_ID = 900
BOT_ID = 1000
GUILD = 5000
CHANNEL = 6000
DM_CHANNEL = 6001
BOT_USER = {"id": str(BOT_ID), "username": "KaSuan", "discriminator": "0", "avatar": None, "bot": True,
            "global_name": "KaSuan"}
STAMP = "2026-01-01T00:00:00+00:00"


def user(user_id: int = 42, name: str = "ada") -> dict[str, Any]:
    return {"id": str(user_id), "username": name, "discriminator": "0", "avatar": None, "global_name": name}


@dataclass
class Sent:
    """One HTTP request discord.py made: where to, and the JSON body it built."""

    method: str
    path: str
    params: dict[str, Any]
    payload: Any

    @property
    def content(self) -> str:
        body = self.payload if isinstance(self.payload, dict) else {}
        if "data" in body and isinstance(body["data"], dict):  # an interaction callback
            body = body["data"]
        return str(body.get("content", "") or "")

    @property
    def components(self) -> list[dict[str, Any]]:
        body = self.payload if isinstance(self.payload, dict) else {}
        if "data" in body and isinstance(body["data"], dict):
            body = body["data"]
        return [c for row in body.get("components", []) or [] for c in row.get("components", [])]


class FakeWebhookAdapter(AsyncWebhookAdapter):
    """Interaction callbacks and follow-ups go through here instead of to discord.com."""

    def __init__(self, harness: DiscordHarness) -> None:
        super().__init__()
        self.harness = harness

    async def request(self, route: Any, session: Any, *, payload: Any = None, multipart: Any = None,
                      params: Any = None, **kwargs: Any) -> Any:
        return await self.harness.respond(route, payload, multipart, params or {})


class DiscordHarness:
    """A KaSuan Discord bot with a fake HTTP edge: push gateway payloads in, read what it sent."""

    def __init__(self, core: Core | None = None, *, defer_after: float = 2.0, guild_id: int | None = None) -> None:
        self.core = core or Core(MemorySettings())
        self.runner = CoreRunner(self.core, MemoryDedup())
        self.front = DiscordFrontEnd(TOKEN, self.runner, defer_after=defer_after, guild_id=guild_id)
        self.bot = self.front.bot
        self.state = self.bot._connection
        self.requests: list[Sent] = []
        self.delay = 0.0  # seconds each HTTP call takes
        self.fail: dict[str, int] = {}  # path template -> HTTP status to answer once
        self._ids = itertools.count(10_000_000)
        self._ctx: Any = None

    async def __aenter__(self) -> DiscordHarness:
        await self.bot._async_setup_hook()
        self.bot.http.request = self._http  # type: ignore[method-assign]
        self.state.user = discord.ClientUser(state=self.state, data=BOT_USER)  # type: ignore[arg-type]
        self.state.application_id = APP_ID
        self._ctx = async_context.set(FakeWebhookAdapter(self))
        await self.bot.setup_hook()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.front.inflight.wait_idle(timeout=5)
        async_context.reset(self._ctx)
        self.runner.close()

    def snowflake(self) -> int:
        return next(self._ids)

    # ------------------------------------------------------------------ the HTTP edge

    def message_payload(self, channel_id: int | str, body: dict[str, Any], author: dict[str, Any] = BOT_USER
                        ) -> dict[str, Any]:
        return {"id": str(self.snowflake()), "channel_id": str(channel_id), "author": author,
                "content": body.get("content", "") or "", "timestamp": STAMP, "edited_timestamp": None, "tts": False,
                "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [],
                "embeds": body.get("embeds", []) or [], "pinned": False, "type": 0,
                "components": body.get("components", []) or [], "flags": body.get("flags", 0) or 0}

    def _record(self, method: str, path: str, payload: Any, form: Any, params: dict[str, Any]) -> Sent:
        if form:
            for field in form:
                if field.get("name") == "payload_json":
                    payload = json.loads(field["value"])
        sent = Sent(method, path, params, payload)
        self.requests.append(sent)
        return sent

    async def _http(self, route: Any, *, files: Any = None, form: Any = None, **kwargs: Any) -> Any:
        sent = self._record(route.method, route.path, kwargs.get("json"), form, kwargs.get("params") or {})
        if self.delay:
            await asyncio.sleep(self.delay)
        status = self.fail.pop(route.path, None)
        if status:
            raise _http_error(status)
        if route.method == "POST" and route.path == "/channels/{channel_id}/messages":
            return self.message_payload(route.channel_id, sent.payload or {})
        if route.method == "PATCH" and route.path == "/channels/{channel_id}/messages/{message_id}":
            return self.message_payload(route.channel_id, sent.payload or {})
        if route.method == "PUT" and route.path.endswith("/commands"):
            return [{**c, "id": str(i + 1), "application_id": str(APP_ID), "version": "1"}
                    for i, c in enumerate(sent.payload)]
        if route.method == "GET" and route.path == "/users/{user_id}":
            return user(int(route.url.rsplit("/", 1)[1]))
        if route.method == "POST" and route.path == "/users/@me/channels":
            recipient = sent.payload["recipient_id"]
            return {"id": str(7_000_000 + int(recipient)), "type": 1, "recipients": [user(int(recipient))]}
        if route.method == "GET" and route.path == "/channels/{channel_id}":
            return {"id": str(route.channel_id), "type": 0, "guild_id": str(GUILD), "name": "general", "position": 0,
                    "permission_overwrites": [], "nsfw": False, "parent_id": None}
        return {}

    async def respond(self, route: Any, payload: Any, multipart: Any, params: dict[str, Any]) -> Any:
        sent = self._record(route.method, route.path, payload, multipart, params)
        if self.delay:
            await asyncio.sleep(self.delay)
        body = sent.payload or {}
        if route.path.endswith("/callback"):
            kind = body.get("type")
            data = body.get("data") or {}
            resource: dict[str, Any] = {"type": kind}
            if kind in (4, 7):
                resource["message"] = self.message_payload(CHANNEL, data)
            return {"interaction": {"id": str(route.webhook_id), "type": 2, "response_message_loading": kind == 5,
                                    "response_message_ephemeral": bool((data.get("flags") or 0) & 64)},
                    "resource": resource}
        if route.method == "DELETE":
            return None
        return self.message_payload(CHANNEL, body)

    # ------------------------------------------------------------------ gateway payloads in

    def say(self, content: str, *, guild: bool = True, mention: bool = False, author: int = 42,
            reply_to: dict[str, Any] | None = None) -> dict[str, Any]:
        """MESSAGE_CREATE for a user's message (a DM when guild=False)."""
        data = self.message_payload(CHANNEL if guild else DM_CHANNEL, {"content": content}, author=user(author))
        if mention:
            data["mentions"] = [BOT_USER]
        if guild:
            data["guild_id"] = str(GUILD)
            data["member"] = {"roles": [], "joined_at": STAMP, "deaf": False, "mute": False}
        if reply_to is not None:
            data["message_reference"] = {"message_id": reply_to["id"], "channel_id": reply_to["channel_id"]}
            data["referenced_message"] = reply_to
            data["type"] = 19
        self.state.parse_message_create(data)  # type: ignore[arg-type]
        return data

    def _interaction(self, kind: int, data: dict[str, Any], *, guild: bool, locale: str, author: int,
                     permissions: str, message: dict[str, Any] | None = None) -> dict[str, Any]:
        channel = CHANNEL if guild else DM_CHANNEL
        p: dict[str, Any] = {
            "id": str(self.snowflake()), "application_id": str(APP_ID), "type": kind,
            "token": f"itoken{self.snowflake()}", "version": 1, "data": data, "channel_id": str(channel),
            "locale": locale, "attachment_size_limit": 8_000_000, "app_permissions": "0", "entitlements": [],
            "authorizing_integration_owners": {}, "context": 0 if guild else 1,
        }
        if guild:
            p["channel"] = {"id": str(channel), "type": 0, "guild_id": str(GUILD), "name": "general", "position": 0,
                            "permission_overwrites": [], "nsfw": False, "parent_id": None}
            p["guild_id"] = str(GUILD)
            p["guild_locale"] = "en-US"
            p["member"] = {"user": user(author), "roles": [], "joined_at": STAMP, "deaf": False, "mute": False,
                           "permissions": permissions, "flags": 0}
        else:
            p["channel"] = {"id": str(channel), "type": 1, "recipients": [user(author)]}
            p["user"] = user(author)
        if message is not None:
            p["message"] = message
        return p

    def slash(self, name: str, *, guild: bool = True, locale: str = "en-US", author: int = 42,
              permissions: str = "0", focused: str | None = None, **options: Any) -> dict[str, Any]:
        """INTERACTION_CREATE for a slash command (or its autocomplete when `focused` names an option)."""
        opts = []
        for key, value in options.items():
            opt: dict[str, Any] = {"name": key, "type": 4 if isinstance(value, int) else 3, "value": value}
            if key == focused:
                opt["focused"] = True
            opts.append(opt)
        data = {"id": "1", "name": name, "type": 1, "options": opts}
        payload = self._interaction(4 if focused else 2, data, guild=guild, locale=locale, author=author,
                                    permissions=permissions)
        self.state.parse_interaction_create(payload)  # type: ignore[arg-type]
        return payload

    def press(self, message: dict[str, Any], custom_id: str, *, guild: bool = True, locale: str = "en-US",
              author: int = 42) -> dict[str, Any]:
        """INTERACTION_CREATE for a button under `message` (a message payload the bot sent)."""
        data = {"custom_id": custom_id, "component_type": 2}
        payload = self._interaction(3, data, guild=guild, locale=locale, author=author, permissions="0",
                                    message=message)
        self.state.parse_interaction_create(payload)  # type: ignore[arg-type]
        return payload

    async def settle(self, until: Any = None, timeout: float = 5.0) -> None:
        """Let the events run: until `until()` holds, then until nothing is in flight."""
        deadline = time.monotonic() + timeout
        await asyncio.sleep(0)
        while until is not None and not until():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out; requests: {[(r.method, r.path) for r in self.requests]}")
            await asyncio.sleep(0.01)
        for _ in range(3):
            await asyncio.sleep(0.01)
            await self.front.inflight.wait_idle(timeout=max(deadline - time.monotonic(), 0.1))

    def sent(self, path_part: str = "") -> list[Sent]:
        return [r for r in self.requests if path_part in r.path and r.method != "PUT"]

    def answers(self) -> list[Sent]:
        """Every message-bearing request: channel sends, interaction responses, follow-ups and edits."""
        return [r for r in self.requests if r.content]


def _http_error(status: int) -> discord.HTTPException:
    class Response:
        def __init__(self) -> None:
            self.status = status
            self.reason = "error"

    cls = discord.Forbidden if status == 403 else discord.NotFound if status == 404 else discord.HTTPException
    return cls(Response(), {"message": "nope", "code": 0})


def mentions_disabled(sent: Sent) -> bool:
    body = sent.payload or {}
    if "data" in body and isinstance(body["data"], dict):
        body = body["data"]
    return body.get("allowed_mentions") == {"parse": [], "replied_user": False} or body.get("allowed_mentions") == {
        "parse": []}


# ---------------------------------------------------------------------- tests


async def test_slash_command_tree_is_synced_with_typed_options_and_zh_cn_localizations() -> None:
    async with DiscordHarness() as h:
        put = [r for r in h.requests if r.method == "PUT"]
        assert len(put) == 1 and put[0].path == "/applications/{application_id}/commands"  # global: no guild set
        by_name = {c["name"]: c for c in put[0].payload}
        assert set(by_name) == set(h.core.commands)
        size = by_name["size"]
        options = {o["name"]: o for o in size["options"]}
        assert options["gpus"]["type"] == 4 and options["gpus"]["min_value"] == 1
        assert options["seq_len"]["type"] == 4
        assert options["model"]["autocomplete"] and options["gpu"]["autocomplete"]
        assert {c["value"] for c in options["method"]["choices"]} == {"full", "lora", "qlora", "pretrain"}
        assert all(not o["required"] for o in size["options"])
        assert size["description_localizations"]["zh-CN"] != size["description"]
        assert "zh-CN" in options["model"]["description_localizations"]
        zh_method = {c["value"]: c.get("name_localizations", {}).get("zh-CN") for c in options["method"]["choices"]}
        assert zh_method["full"] == "全参微调"
        assert {c["value"] for c in by_name["currency"]["options"][0]["choices"]} >= {"USD", "CNY", "USDT", "auto"}
        assert by_name["provider"]["options"][0]["autocomplete"]
        for command in put[0].payload:
            assert len(command["description"]) <= 100
            assert all(len(v) <= 100 for v in command.get("description_localizations", {}).values())


async def test_test_guild_sync_when_a_guild_id_is_set() -> None:
    async with DiscordHarness(guild_id=777) as h:
        put = [r for r in h.requests if r.method == "PUT"]
        assert [r.path for r in put] == ["/applications/{application_id}/guilds/{guild_id}/commands"]


async def test_slash_size_answers_with_a_code_block_table_and_buttons() -> None:
    async with DiscordHarness() as h:
        h.slash("size", model="qwen3-8b", method="qlora", gpu="rtx-4090", gpus=1)
        await h.settle(lambda: h.answers())
        [answer] = h.answers()
        assert answer.path.endswith("/callback") and answer.payload["type"] == 4
        text = answer.content
        assert "12.3 GB" in text and "RTX 4090" in text and len(text) <= 2000
        assert mentions_disabled(answer)
        buttons = answer.components
        assert buttons and all(b["custom_id"].startswith("k:") and len(b["custom_id"]) <= 100 for b in buttons)
        assert all(len(b["label"]) <= 80 for b in buttons) and len(buttons) <= 25
        message = h.message_payload(CHANNEL, answer.payload["data"])
        h.press(message, next(b for b in buttons if b["label"] == "Details")["custom_id"])
        await h.settle(lambda: len(h.answers()) >= 2)
        assert any("```" in a.content for a in h.answers()[1:])  # the breakdown table, in a code block


async def test_locale_of_the_client_picks_the_reply_language() -> None:
    async with DiscordHarness() as h:
        h.slash("size", locale="zh-CN", model="qwen3-8b", method="lora")
        await h.settle(lambda: h.answers())
        assert "每卡" in h.answers()[0].content and "装" in h.answers()[0].content


async def test_button_press_edits_the_message_in_place() -> None:
    async with DiscordHarness() as h:
        h.slash("size", model="qwen3-8b", method="qlora", gpu="rtx-4090")
        await h.settle(lambda: h.answers())
        first = h.answers()[0]
        message = h.message_payload(CHANNEL, first.payload["data"])
        lora = next(b for b in first.components if b["label"] == "LoRA")
        h.press(message, lora["custom_id"])
        await h.settle(lambda: len(h.answers()) == 2)
        edit = h.answers()[1]
        assert edit.payload["type"] == 7  # UPDATE_MESSAGE: the original message changes in place
        assert "LoRA" in edit.content and edit.content != first.content and mentions_disabled(edit)


async def test_button_still_works_after_a_restart() -> None:
    """The payload lives in the custom_id: a fresh process (no views in memory) still answers."""
    async with DiscordHarness() as h:
        payload = "s|qwen3-8b|q|||||m=l"
        message = h.message_payload(CHANNEL, {"content": "old", "components": [
            {"type": 1, "components": [{"type": 2, "style": 2, "label": "LoRA", "custom_id": f"k:{payload}"}]}]})
        h.press(message, f"k:{payload}")
        await h.settle(lambda: h.answers())
        assert h.answers()[0].payload["type"] == 7 and "LoRA" in h.answers()[0].content


async def test_slow_answers_are_deferred_then_followed_up() -> None:
    core = Core(MemorySettings())
    original = core.handle

    def slow(inc: Any) -> Reply | None:
        time.sleep(0.3)
        return original(inc)

    core.handle = slow  # type: ignore[method-assign]
    async with DiscordHarness(core, defer_after=0.05) as h:
        h.slash("gpus")
        await h.settle(lambda: len(h.answers()) >= 1)
        callbacks = [r for r in h.requests if r.path.endswith("/callback")]
        assert callbacks[0].payload["type"] == 5  # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE ("thinking")
        assert h.answers()[0].path == "/webhooks/{webhook_id}/{webhook_token}"  # the follow-up
        assert all(len(a.content) <= 2000 for a in h.answers())


async def test_fast_answers_are_not_deferred() -> None:
    async with DiscordHarness() as h:
        h.slash("help")
        await h.settle(lambda: h.answers())
        assert [r.payload["type"] for r in h.requests if r.path.endswith("/callback")] == [4]


async def test_mentions_and_dms_are_free_text_and_chatter_is_ignored() -> None:
    async with DiscordHarness() as h:
        h.say("lunch anyone?")
        h.say("qwen3 8b lora")  # no mention in a server: not for the bot
        await h.settle()
        assert h.answers() == []
        h.say(f"<@{BOT_ID}> Qwen3-8B QLoRA on one 4090?", mention=True)
        await h.settle(lambda: len(h.answers()) == 1)
        reply = h.answers()[0]
        assert reply.path == "/channels/{channel_id}/messages" and "12.3 GB" in reply.content
        assert reply.payload["message_reference"]["fail_if_not_exists"] is False  # quotes the question
        assert mentions_disabled(reply)
        h.say("qwen3 8b lora on one 4090", guild=False)
        await h.settle(lambda: len(h.answers()) == 2)
        assert "RTX 4090" in h.answers()[1].content


async def test_a_reply_to_the_bot_counts_as_addressed() -> None:
    async with DiscordHarness() as h:
        bot_message = h.message_payload(CHANNEL, {"content": "earlier answer"})
        h.say("and with qwen3 14b lora?", reply_to=bot_message)
        await h.settle(lambda: h.answers())
        assert "Qwen3-14B" in h.answers()[0].content


async def test_user_text_is_escaped_and_never_pings() -> None:
    async with DiscordHarness() as h:
        h.slash("faq", text="@everyone **bold** <@123> `x`")
        h.say(f"<@{BOT_ID}> /frob*nicate @everyone @here", mention=True)
        await h.settle(lambda: len(h.answers()) == 2)
        for answer in h.answers():
            assert mentions_disabled(answer)
            assert "@everyone" not in answer.content and "@here" not in answer.content
            assert "**bold**" not in answer.content


async def test_long_replies_are_split_under_2000_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.core import commands
    monkeypatch.setattr(commands, "FAQ_LISTED", 100)  # every question listed: a reply over Discord's 2,000 characters
    async with DiscordHarness() as h:
        h.slash("faq")
        await h.settle(lambda: len(h.answers()) >= 2)
        parts = h.answers()
        assert len(parts) >= 2 and all(len(p.content) <= 2000 for p in parts)
        assert all(p.content.count("```") % 2 == 0 for p in parts)
        assert all(mentions_disabled(p) for p in parts)


async def test_autocomplete_offers_models_cards_and_providers() -> None:
    async with DiscordHarness() as h:
        def callbacks() -> list[Sent]:
            return [r for r in h.requests if r.path.endswith("/callback")]

        for n, (name, option, typed) in enumerate((("size", "model", "qwen3"), ("size", "gpu", "409"),
                                                    ("provider", "value", "gp")), 1):
            h.slash(name, focused=option, **{option: typed})  # type: ignore[arg-type]
            await h.settle(lambda n=n: len(callbacks()) == n)
        results = [r.payload for r in callbacks()]
        assert all(r["type"] == 8 for r in results)
        model, gpu, provider = ([c["value"] for c in r["data"]["choices"]] for r in results)
        assert "qwen3-8b" in model and len(model) <= 25
        assert "rtx-4090" in gpu
        assert "gpuli" in provider


async def test_a_redelivered_interaction_is_answered_once() -> None:
    async with DiscordHarness() as h:
        payload = h.slash("help")
        h.state.parse_interaction_create(payload)  # type: ignore[arg-type]
        await h.settle(lambda: h.answers())
        await asyncio.sleep(0.05)
        assert len(h.answers()) == 1


async def test_alert_delivery_reports_ok_and_blocked() -> None:
    async with DiscordHarness() as h:
        reply = Reply("help", "en")
        ok = await h.front.deliver(f"discord:chat:{CHANNEL}", reply)
        assert ok.status == "ok" and h.sent("/channels/{channel_id}/messages")
        dm = await h.front.deliver("discord:user:43", reply)  # a personal wallet without a DM channel yet
        assert dm.status == "ok" and h.sent("/users/@me/channels")
        h.fail["/channels/{channel_id}/messages"] = 403
        blocked = await h.front.deliver("discord:chat:6002", reply)
        assert blocked.status == "blocked"


async def test_image_replies_go_as_an_attachment_in_an_embed() -> None:
    core = Core(MemorySettings())
    core.commands["chart"] = lambda ctx, args: Reply("help", "en", image=b"\x89PNG fake",
                                                     buttons=[Button("btn.cost", "s|qwen3-8b|l|||||cost")])
    async with DiscordHarness(core) as h:
        h.say(f"<@{BOT_ID}> /chart", mention=True)
        await h.settle(lambda: h.answers())
        body = h.answers()[-1].payload
        assert body["embeds"][0]["image"]["url"] == "attachment://reply.png"
        assert body["attachments"][0]["filename"] == "reply.png"


async def test_translator_leaves_unknown_keys_alone_and_only_speaks_zh_cn() -> None:
    from discord.app_commands import TranslationContext, TranslationContextLocation, locale_str

    tr = CatalogTranslator()
    ctx: TranslationContext[Any, Any] = TranslationContext(location=TranslationContextLocation.other, data=None)
    assert await tr.translate(locale_str("x", key="cmd.size"), discord.Locale.chinese, ctx) == "估显存：每卡多少、装不装得下"
    assert await tr.translate(locale_str("x", key="cmd.size"), discord.Locale.french, ctx) is None
    assert await tr.translate(locale_str("x", key="no.such.key"), discord.Locale.chinese, ctx) is None


async def test_a_failure_is_logged_with_its_id_and_told_briefly_to_the_user_only(caplog: Any) -> None:
    async with DiscordHarness() as h:
        async def broken(inc: Any) -> Any:
            raise RuntimeError("secret internal detail")

        h.runner.handle_timed = broken  # type: ignore[method-assign]
        with caplog.at_level(logging.ERROR, logger="kasuan.discord"):
            payload = h.slash("help")
            h.say(f"<@{BOT_ID}> qwen3 8b lora", mention=True)
            await h.settle(lambda: len(h.answers()) == 2)
        [slash] = [a for a in h.answers() if a.path.endswith("/callback")]
        [mention] = [a for a in h.answers() if a.path == "/channels/{channel_id}/messages"]
        assert slash.payload["data"]["flags"] == 64  # ephemeral: only the user sees it
        for answer in (slash, mention):
            assert "secret" not in answer.content and "Traceback" not in answer.content
            assert re.search(r"error id [0-9a-f]{8}", answer.content) and mentions_disabled(answer)
        assert f"discord interaction {payload['id']} failed (error id" in caplog.text


def test_options_become_the_command_line_the_core_reads() -> None:
    def line(name: str, **values: object) -> str:
        found = command(name)
        assert found is not None
        return command_line(found, values)

    assert line("size", model="qwen3-8b", method="qlora", gpus=2, gpu="rtx-4090", seq_len=4096) == \
        "/size qwen3-8b qlora 2x rtx-4090 seq 4096"
    assert line("size", text="qwen3 8b", gpus=8) == "/size qwen3 8b 8 gpus"
    assert line("lang", value="zh") == "/lang zh"
    assert line("help") == "/help"
    assert line("rent", card="rtx-4090", duration="week", count=2, provider="gpuli", me=True) == \
        "/rent rtx-4090 x2 week gpuli me"
    assert line("budget", amount="5000", currency="CNY", thresholds="50,80") == "/budget set 5000 CNY thresholds 50,80"
    assert line("budget", amount="5000", clear=True, me=True) == "/budget off me"  # clearing ignores an amount
    assert line("stop", rental=12, duration="week") == "/stop 12"  # a stop takes no length
    assert line("wallet", me=True, public=True) == "/wallet me"  # "public" is who sees it, not a word


async def test_sharding_comes_from_the_environment_and_the_token_is_never_logged(caplog: Any) -> None:
    runner = CoreRunner(Core(MemorySettings()), threaded=False)
    front = DiscordFrontEnd(TOKEN, runner, shard_count=4)
    assert isinstance(front.bot, discord.AutoShardedClient) and front.bot.shard_count == 4
    assert not front.bot.intents.message_content and front.bot.intents.dm_messages
    with redaction([TOKEN]), caplog.at_level(logging.DEBUG):
        logging.getLogger("discord.http").debug("PUT https://x/ with Authorization: Bot %s", TOKEN)
        async with DiscordHarness() as h:
            h.slash("help")
            await h.settle(lambda: h.answers())
    assert TOKEN not in caplog.text and "[redacted]" in caplog.text
    assert not re.search(r"MTAw\w+\.\w+\.", caplog.text)
