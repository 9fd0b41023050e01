"""The Telegram front end end to end: a real python-telegram-bot Application against a local fake
Bot API server (testkit/fake_telegram.py), reached through the configurable base URL. No network.

Also `kasuan run` itself (run_all with the Telegram front end and the alert sender, stopped by a
signal), the configuration from the environment and .env, and that a token never reaches a log.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.adapters import CoreRunner, Delivery, MemoryDedup, StoreDedup
from bot.adapters.config import (
    Config,
    ConfigError,
    WebhookConfig,
    install_redaction,
    load_env_file,
    redaction,
    uninstall_redaction,
)
from bot.adapters.telegram import Pace, PacedRateLimiter, TelegramFrontEnd, api_root
from bot.clock import FixedClock
from bot.core.router import Core
from bot.core.settings import MemorySettings
from bot.messages import Button, Reply
from bot.runtime.run import Deliverer, make_core, run_all
from testkit.fake_telegram import TOKEN, FakeTelegram, windows
from testkit.telegram_html import check

FAST = Pace(overall_per_second=1000.0, private_interval=0.0, group_interval=0.0, max_retries=3)
GROUP = -1001234


class TelegramHarness:
    """A KaSuan bot (PTB Application, polling) wired to a fake Bot API server."""

    def __init__(self, core: Core | None = None, *, pace: Pace = FAST, webhook: WebhookConfig | None = None,
                 runner: CoreRunner | None = None, server: FakeTelegram | None = None) -> None:
        self.server = server or FakeTelegram()
        self.core = core or Core(MemorySettings())
        self.runner = runner or CoreRunner(self.core, MemoryDedup())
        self.pace = pace
        self.webhook = webhook
        self.migrations: list[tuple[str, str]] = []
        self.answered: list[tuple[int, float]] = []

    async def __aenter__(self) -> TelegramHarness:
        await self.server.start()

        async def on_migrate(old: str, new: str) -> None:
            self.migrations.append((old, new))

        self.front = TelegramFrontEnd(self.server.token, self.runner, base_url=self.server.url, webhook=self.webhook,
                                      rate_limiter=PacedRateLimiter(self.pace), on_migrate=on_migrate,
                                      on_answered=lambda u, s: self.answered.append((u, s)), poll_timeout=0.5)
        await self.front.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.front.stop()
        await self.server.stop()
        self.runner.close()

    async def ask(self, chat_id: int, text: str, count: int = 1, **kw: Any) -> list[Any]:
        """Say `text` in the chat and wait for `count` more messages from the bot there."""
        before = len(self.server.sent(chat_id=chat_id))
        self.server.say(chat_id, text, **kw)
        calls = await self.server.wait_sent(before + count, chat_id=chat_id)
        return calls[before:]


def texts(calls: list[Any]) -> list[str]:
    return [c.params["text"] for c in calls]


def assert_valid_html(calls: list[Any]) -> None:
    for c in calls:
        check(c.params["text"])
        assert len(c.params["text"]) <= 4096 and c.params["parse_mode"] == "HTML"


# ---------------------------------------------------------------------- conversations


async def test_private_message_is_answered_in_html_with_inline_buttons() -> None:
    async with TelegramHarness() as h:
        [sent] = await h.ask(7, "Qwen3-8B QLoRA 一张4090够吗", lang="zh-hans")
        text = sent.params["text"]
        assert "12.3 GB" in text and "RTX 4090" in text and "<b>" in text and "每卡" in text
        assert_valid_html([sent])
        keyboard = sent.params["reply_markup"]["inline_keyboard"]
        buttons = [b for row in keyboard for b in row]
        assert buttons and all(len(b["callback_data"].encode()) <= 64 for b in buttons)
        assert "reply_parameters" not in sent.params  # no quoting in a private chat
        assert h.server.rejected() == []


async def test_command_menu_is_registered_in_zh_and_en() -> None:
    async with TelegramHarness() as h:
        menus = h.server.commands
        assert set(menus) == {None, "en", "zh"}
        en = {c["command"]: c["description"] for c in menus["en"]}
        zh = {c["command"]: c["description"] for c in menus["zh"]}
        assert set(en) == set(zh) == set(h.core.commands) and en["size"] != zh["size"]


async def test_group_answers_mentions_commands_and_replies_but_not_chatter() -> None:
    async with TelegramHarness() as h:
        [mention] = await h.ask(GROUP, "@kasuan_bot qwen3 8b lora")
        assert "Qwen3-8B" in mention.params["text"]
        assert mention.params["reply_parameters"]["message_id"] > 0  # quotes the question in a group
        [command] = await h.ask(GROUP, "/gpus")
        assert "RTX 4090" in command.params["text"]
        bot_message = h.server.messages[(GROUP, mention.result["message_id"])]
        [replied] = await h.ask(GROUP, "and qwen3 14b?", reply_to=bot_message)
        assert "Qwen3-14B" in replied.params["text"]
        before = len(h.server.sent(chat_id=GROUP))
        h.server.say(GROUP, "lunch anyone? qwen3 8b is nice")
        h.server.say(GROUP, "/size@other_bot qwen3 8b lora")
        h.server.say(GROUP, "@someone_else qwen3 8b lora")
        await asyncio.sleep(0.4)
        assert len(h.server.sent(chat_id=GROUP)) == before
        assert_valid_html(h.server.sent(chat_id=GROUP))


async def test_a_button_press_answers_the_query_and_edits_the_message_in_place() -> None:
    async with TelegramHarness() as h:
        [first] = await h.ask(7, "Qwen3-8B QLoRA on one 4090?")
        buttons = [b for row in first.params["reply_markup"]["inline_keyboard"] for b in row]
        lora = next(b for b in buttons if b["text"] == "LoRA")
        h.server.press(7, first.result["message_id"], lora["callback_data"])
        [edit] = await h.server.wait_sent(1, "editMessageText")
        assert h.server.sent("answerCallbackQuery")
        assert edit.params["message_id"] == first.result["message_id"]
        assert "LoRA" in edit.params["text"] and edit.params["text"] != first.params["text"]
        assert edit.params["reply_markup"]["inline_keyboard"]
        assert_valid_html([edit])
        assert len(h.server.sent(chat_id=7)) == 1  # edited, not answered anew


async def test_an_image_reply_is_sent_as_a_photo() -> None:
    core = Core(MemorySettings())
    core.commands["chart"] = lambda ctx, args: Reply("help", "en", image=b"\x89PNG fake",
                                                     buttons=[Button("btn.cost", "s|qwen3-8b|l|||||cost")])
    async with TelegramHarness(core) as h:
        h.server.say(7, "/chart")
        await h.server.wait_sent(1, "sendPhoto")
        [photo] = h.server.sent("sendPhoto")
        assert photo.params["photo"] == b"\x89PNG fake"
        text = photo.params.get("caption") or h.server.sent(chat_id=7)[0].params["text"]
        check(text)


async def test_replies_are_valid_telegram_html_within_4096_characters() -> None:
    hostile = 'Qwen3-8B <script>&amp; "quotes" *bold* _it_ `code` 1<2>0 qwen3-9b'
    core = Core(MemorySettings())
    questions = [f"question {i} <with> & markup, long enough to matter: " + "x" * 40 for i in range(150)]
    core.commands["long"] = lambda ctx, args: Reply("faq_list", "en", {"questions": questions})
    async with TelegramHarness(core) as h:
        for text in ("/faq", "/models", "/gpus", "/compare qwen3 8b", "/foo <b>", hostile, "/size " + hostile,
                     "qwen3 32b full on 8 cards", "/long"):
            h.server.say(8, text)
        await h.server.wait_for(lambda: len(h.answered) == 9)
        await h.server.wait_for(lambda: len(h.server.sent(chat_id=8)) > 9)  # /long is cut at block boundaries
        sent = h.server.sent(chat_id=8)
        assert_valid_html(sent)
        assert h.server.rejected() == []


# ---------------------------------------------------------------------- misbehaving Telegram


async def test_a_429_is_retried_after_its_retry_after() -> None:
    async with TelegramHarness() as h:
        h.server.fail_next("sendMessage", 429, chat_id=9, retry_after=1)
        start = time.monotonic()
        [sent] = await h.ask(9, "qwen3 8b lora", count=1)
        tries = [c for c in h.server.calls if c.method == "sendMessage" and c.chat_id == 9]
        assert [c.status for c in tries] == [429, 200]
        assert tries[1].at - tries[0].at >= 1.0 and time.monotonic() - start >= 1.0
        assert "Qwen3-8B" in sent.params["text"]


async def test_a_blocked_chat_gets_403_without_breaking_anything() -> None:
    async with TelegramHarness() as h:
        h.server.block(11)
        h.server.say(11, "qwen3 8b lora")
        await h.server.wait_for(lambda: h.server.rejected(403))
        [ok] = await h.ask(12, "qwen3 8b lora")  # other chats carry on
        assert ok.ok
        delivery = await h.front.deliver("telegram:chat:11", Reply("help", "en"))
        assert delivery == Delivery("blocked", detail="Forbidden: bot was blocked by the user")
        assert not [c for c in h.server.sent(chat_id=11) if c.params["text"].startswith("Sorry")]
        # a personal wallet's alert addressed to the user goes to their private chat (same id)
        assert (await h.front.deliver("telegram:user:31", Reply("help", "en"))).ok
        assert h.server.sent(chat_id=31)


async def test_a_migrated_group_is_followed_and_reported() -> None:
    async with TelegramHarness() as h:
        h.server.migrate(-55, -1005555)
        h.server.say(-55, "/gpus")
        await h.server.wait_sent(1, chat_id=-1005555)
        assert h.migrations == [("telegram:chat:-55", "telegram:chat:-1005555")]
        delivery = await h.front.deliver("telegram:chat:-55", Reply("help", "en"))
        assert delivery.status == "ok" and delivery.moved_to == "telegram:chat:-1005555"
        h.server.push(h.server.message(-66, "", extra={"migrate_to_chat_id": -1006666}))
        await h.server.wait_for(lambda: ("telegram:chat:-66", "telegram:chat:-1006666") in h.migrations)


def test_the_wallet_and_settings_follow_a_migrated_group(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from bot.runtime.run import migrate_chat
    from bot.store import connect, get_settings, set_setting
    from bot.store.wallets import ensure_wallet, wallet, wallet_by_owner

    store = connect(tmp_path / "k.db")
    old, new = "telegram:chat:-55", "telegram:chat:-1005555"
    team = ensure_wallet(store, old, "team", old, datetime(2026, 3, 1, tzinfo=UTC), "UTC", "en")
    set_setting(store, old, "lang", "zh", datetime(2026, 3, 1, tzinfo=UTC))
    migrate_chat(store, old, new)
    moved = wallet(store, team.id)
    assert moved is not None and moved.chat == new  # alerts go to the supergroup
    owned = wallet_by_owner(store, new)
    assert owned is not None and owned.id == team.id  # /wallet in the supergroup finds the same wallet
    assert wallet_by_owner(store, old) is None
    assert get_settings(store, new) == {"lang": "zh"} and get_settings(store, old) == {}
    store.close()


async def test_a_redelivered_update_is_answered_once(tmp_path: Path) -> None:
    from bot.store import connect

    store = connect(tmp_path / "k.db")
    runner = CoreRunner(Core(MemorySettings()), StoreDedup(store))
    async with TelegramHarness(runner=runner) as h:
        update = h.server.say(13, "qwen3 8b lora")
        await h.server.wait_sent(1, chat_id=13)
        h.server.push(update)  # Telegram sends the same update_id again
        h.server.push(update)
        await h.server.wait_for(lambda: not h.server.updates)
        await asyncio.sleep(0.3)
        assert len(h.server.sent(chat_id=13)) == 1
    # and after a restart (a new process, the same database)
    runner2 = CoreRunner(Core(MemorySettings()), StoreDedup(store))
    async with TelegramHarness(runner=runner2) as h2:
        h2.server.push(update)
        h2.server.push(h2.server.message(14, "qwen3 8b lora"), update_id=update["update_id"] + 1)
        await h2.server.wait_sent(1, chat_id=14)
        await asyncio.sleep(0.1)
        assert h2.server.sent(chat_id=13) == []
    store.close()


async def test_one_error_handler_logs_the_update_and_tells_the_user_briefly(caplog: Any) -> None:
    async with TelegramHarness() as h:
        async def broken(inc: Any) -> Any:
            raise RuntimeError("secret internal detail")

        h.runner.handle_timed = broken  # type: ignore[method-assign]
        with caplog.at_level(logging.INFO, logger="kasuan.telegram"):
            update = h.server.say(15, "qwen3 8b lora")
            [apology] = await h.server.wait_sent(1, chat_id=15)
        text = apology.params["text"]
        check(text)
        assert "secret" not in text and "Traceback" not in text and "RuntimeError" not in text
        error_id = text.split("error id ")[1][:8]
        assert f"telegram update {update['update_id']} failed (error id {error_id})" in caplog.text


async def test_the_token_never_reaches_a_log(caplog: Any) -> None:
    with redaction([TOKEN]), caplog.at_level(logging.DEBUG):
        async with TelegramHarness() as h:
            h.server.fail_next("sendMessage", 429, chat_id=16, retry_after=1)
            h.server.block(17)
            await h.ask(16, "qwen3 8b lora")
            h.server.say(17, "hi")
            await h.server.wait_for(lambda: h.server.rejected(403))
            logging.getLogger("kasuan.test").error("oops with %s", TOKEN, exc_info=RuntimeError(f"url /bot{TOKEN}/x"))
    assert "getUpdates" in caplog.text  # httpx logged every request URL...
    assert TOKEN not in caplog.text and TOKEN.split(":")[1] not in caplog.text  # ...with the token redacted
    assert "[redacted]" in caplog.text


async def test_webhook_mode_takes_updates_only_with_the_secret_token() -> None:
    hook = WebhookConfig(url="https://bot.example.com/tg/hook", secret="s3cret-Token_1", listen="127.0.0.1", port=0)
    async with TelegramHarness(webhook=hook) as h:
        assert h.server.webhook["url"] == hook.url and h.server.webhook["secret_token"] == hook.secret
        assert not [c for c in h.server.calls if c.method == "getUpdates"]
        url = f"http://127.0.0.1:{h.front.webhook_port}/tg/hook"
        update = {"update_id": 500, "message": h.server.message(18, "qwen3 8b lora")}
        async with aiohttp.ClientSession() as session:
            async with session.post(url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": "wrong"}) as r:
                assert r.status == 403
            for _ in range(2):  # Telegram retries a webhook it thinks failed: answered once
                async with session.post(url, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": hook.secret}) as r:
                    assert r.status == 200
        [sent] = await h.server.wait_sent(1, chat_id=18)
        await asyncio.sleep(0.1)
        assert "Qwen3-8B" in sent.params["text"] and len(h.server.sent(chat_id=18)) == 1


async def test_the_rate_limiter_spaces_sends_per_chat_and_per_group() -> None:
    pace = Pace(overall_per_second=200.0, private_interval=0.2, group_interval=0.3, max_retries=2)
    async with TelegramHarness(pace=pace) as h:
        for _ in range(3):
            h.server.say(19, "/help")
            h.server.say(-19, "/help")
        await h.server.wait_sent(3, chat_id=19)
        await h.server.wait_sent(3, chat_id=-19, timeout=5)
        private = [c.at for c in h.server.sent(chat_id=19)]
        group = [c.at for c in h.server.sent(chat_id=-19)]
        assert min(b - a for a, b in itertools.pairwise(private)) >= 0.19
        assert min(b - a for a, b in itertools.pairwise(group)) >= 0.29
        assert windows(private, 0.2) == 1


async def test_overall_pace_holds_in_every_sliding_second_even_after_a_retry_after_pause() -> None:
    """The bucket is small and a slot is never handed out during a 429 pause (no burst when it ends)."""
    from telegram.error import RetryAfter

    limiter = PacedRateLimiter(Pace(overall_per_second=40.0, overall_burst=1.5, private_interval=0.0,
                                    group_interval=0.0, max_retries=2))
    sent: list[float] = []
    failed = [False]

    async def call(chat: int) -> bool:
        if chat == 5 and not failed[0]:
            failed[0] = True
            raise RetryAfter(1)
        sent.append(time.monotonic())
        return True

    await asyncio.gather(*(limiter.process_request(call, (chat,), {}, "sendMessage", {"chat_id": chat}, None)
                           for chat in range(1, 61)))
    assert len(sent) == 60 and failed[0]
    assert windows(sent, 1.0) <= 41  # burst + rate
    assert windows(sent, 0.1) <= 6  # no pile-up when the pause ended


# ---------------------------------------------------------------------- wallet alerts and `kasuan run`


async def test_a_wallet_alert_is_delivered_through_the_sender(tmp_path: Path) -> None:
    from bot.store import connect
    from bot.store.outbox import items
    from bot.wallet import send_due, sweep

    clock = FixedClock("2026-03-02T01:00:00Z")
    store = connect(tmp_path / "k.db")
    async with TelegramHarness(make_core(store, clock), runner=None) as h:
        await h.ask(21, "/topup 500 USDT gpuli")
        [confirm] = await h.ask(21, "/rent 4090 x1 week gpuli")
        ok = confirm.params["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
        h.server.press(21, confirm.result["message_id"], ok)
        await h.server.wait_sent(1, "editMessageText")
        clock.advance(days=6, hours=1)
        sender_store = connect(tmp_path / "k.db")
        sweep(sender_store, clock.now())
        report = await send_due(sender_store, clock, Deliverer([h.front]))
        assert report.sent >= 1
        alert = h.server.sent(chat_id=21)[-1]
        assert "RTX 4090" in alert.params["text"] and "/renew" in alert.params["text"]
        assert_valid_html([alert])
        statuses = [i.status for i in items(sender_store)]
        assert statuses.count("sent") == report.sent and "claimed" not in statuses
        sender_store.close()
    store.close()


async def test_kasuan_run_serves_telegram_and_alerts_and_stops_cleanly_on_sigterm(tmp_path: Path) -> None:
    server = FakeTelegram()
    await server.start()
    config = Config(telegram_token=TOKEN, db_path=str(tmp_path / "k.db"), telegram_api_base_url=server.url,
                    alert_interval=0.05)
    rounds: list[int] = []

    async def send_due(store: Any, clock: Any, deliver: Callable[..., Any]) -> None:
        rounds.append(1)
        await asyncio.sleep(0.05)  # a round in progress when the signal comes must finish

    slow = Core(MemorySettings())
    original = slow.handle

    def slowly(inc: Any) -> Reply | None:
        time.sleep(0.4)
        return original(inc)

    slow.handle = slowly  # type: ignore[method-assign]
    runner = CoreRunner(slow, MemoryDedup())
    task = asyncio.create_task(run_all(config, runner=runner, send_due=send_due))
    try:
        await server.wait_for(lambda: server.sent("getUpdates", ok=False), timeout=10)
        server.say(22, "qwen3 8b lora")
        await server.wait_for(lambda: not server.updates)  # taken by the bot, now being answered
        os.kill(os.getpid(), signal.SIGTERM)
        assert await asyncio.wait_for(task, 10) == 0
        assert len(server.sent(chat_id=22)) == 1  # the update in flight was answered before exit
        assert rounds
    finally:
        if not task.done():
            task.cancel()
        await server.stop()


async def test_run_exits_with_an_error_when_a_front_end_dies(tmp_path: Path) -> None:
    class Dying:
        platform = "dying"

        def __init__(self) -> None:
            self.task: asyncio.Task[None] | None = None
            self.stopped = False

        async def start(self) -> None:
            async def die() -> None:
                raise RuntimeError(f"login failed for {TOKEN}")

            self.task = asyncio.create_task(die())

        async def stop(self) -> None:
            self.stopped = True

        async def deliver(self, scope: str, reply: Reply) -> Delivery:
            return Delivery("failed")

    dying = Dying()
    code = await run_all(Config(db_path=str(tmp_path / "k.db")), fronts=[dying],
                         runner=CoreRunner(Core(), threaded=False), handle_signals=False)
    assert code == 1 and dying.stopped


async def test_deliverer_routes_by_platform() -> None:
    class Front:
        platform = "telegram"

        async def start(self) -> None: ...

        async def stop(self) -> None: ...

        async def deliver(self, scope: str, reply: Reply) -> Delivery:
            return Delivery("ok", detail=scope)

    d = Deliverer([Front()])
    assert (await d("telegram:chat:5", Reply("help", "en"))).detail == "telegram:chat:5"
    assert (await d("discord:chat:5", Reply("help", "en"))).status == "retry_after"
    assert (await d("nonsense", Reply("help", "en"))).status == "blocked"


def test_kasuan_run_never_prints_a_rejected_token(monkeypatch: pytest.MonkeyPatch, capsys: Any,
                                                 tmp_path: Path) -> None:
    """PTB's InvalidToken message contains the token; `kasuan run` prints one redacted line."""
    import bot.runtime.run

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    server = FakeTelegram(token="999:a-different-token-so-ours-is-refused")
    url = asyncio.run_coroutine_threadsafe(server.start(), loop).result(5)
    for name in ("DISCORD_BOT_TOKEN", "KASUAN_WEBHOOK_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
    monkeypatch.setenv("TELEGRAM_API_BASE_URL", url)
    monkeypatch.setenv("KASUAN_DB", str(tmp_path / "k.db"))
    monkeypatch.setenv("KASUAN_ENV_FILE", str(tmp_path / "no.env"))
    monkeypatch.setattr(bot.runtime.run, "setup_logging", lambda config: install_redaction(config.secrets))
    try:
        code = bot.runtime.run.main_run()
    finally:
        uninstall_redaction()
        asyncio.run_coroutine_threadsafe(server.stop(), loop).result(5)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
    err = capsys.readouterr().err
    assert code == 1 and "InvalidToken" in err and "[redacted]" in err
    assert TOKEN not in err and TOKEN.split(":")[1] not in err


def test_kasuan_run_without_tokens_is_the_console_chat(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import bot.runtime.console
    import bot.runtime.run

    for name in ("TELEGRAM_BOT_TOKEN", "DISCORD_BOT_TOKEN", "KASUAN_WEBHOOK_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("KASUAN_ENV_FILE", str(tmp_path / "no.env"))
    chats: list[int] = []

    def console_chat() -> int:
        chats.append(1)
        return 0

    monkeypatch.setattr(bot.runtime.console, "chat", console_chat)
    assert bot.runtime.run.main_run() == 0 and chats == [1]


# ---------------------------------------------------------------------- configuration


def test_configuration_comes_from_the_environment_and_an_optional_env_file(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("# comment\nexport TELEGRAM_BOT_TOKEN='123456789:fromfile_abcdefghijklmnopqrstuvwxyz'\n"
                        "DISCORD_GUILD_ID=42 # test guild\nKASUAN_DB=\"/data/k.db\"\nbroken line\n", encoding="utf-8")
    env = {"KASUAN_DB": "/already/set.db"}
    added = load_env_file(env_file, env)
    assert sorted(added) == ["DISCORD_GUILD_ID", "TELEGRAM_BOT_TOKEN"] and env["KASUAN_DB"] == "/already/set.db"
    config = Config.from_env(env)
    assert config.telegram_token and config.discord_guild_id == 42 and config.db_path == "/already/set.db"
    assert config.telegram_token not in repr(config)
    assert load_env_file(tmp_path / "missing", {}) == []
    hook = Config.from_env({"KASUAN_WEBHOOK_URL": "https://bot.example.com/tg", "KASUAN_WEBHOOK_PORT": "9000"})
    assert hook.webhook is not None and hook.webhook.port == 9000 and len(hook.webhook.secret) >= 32
    assert hook.webhook.path == "/tg"
    with pytest.raises(ConfigError, match="https"):
        Config.from_env({"KASUAN_WEBHOOK_URL": "http://bot.example.com/tg"})
    with pytest.raises(ConfigError, match="DISCORD_SHARD_COUNT"):
        Config.from_env({"DISCORD_SHARD_COUNT": "many"})
    assert not Config.from_env({}).any_front_end
    assert api_root("http://localhost:8081/bot/") == "http://localhost:8081"


async def test_the_webhook_answers_a_body_that_is_not_an_update_object_with_400() -> None:
    hook = WebhookConfig(url="https://bot.example.com/tg/hook", secret="s3cret-Token_1", listen="127.0.0.1", port=0)
    async with TelegramHarness(webhook=hook) as h:
        url = f"http://127.0.0.1:{h.front.webhook_port}/tg/hook"
        headers = {"X-Telegram-Bot-Api-Secret-Token": hook.secret, "Content-Type": "application/json"}
        async with aiohttp.ClientSession() as session:
            for body in ("[1, 2]", "[]", "null", "5", '"text"', "{}", '{"update_id": "x"}', "{not json",
                         '[{"update_id": 1}]'):
                async with session.post(url, data=body, headers=headers) as r:
                    assert r.status == 400, body
            ok = {"update_id": 501, "message": h.server.message(18, "/help")}
            async with session.post(url, json=ok, headers=headers) as r:
                assert r.status == 200  # still serving after the bad bodies
