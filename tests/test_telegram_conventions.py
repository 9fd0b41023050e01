"""Telegram conventions: replies and alerts in the forum topic they belong to, deep links that open a
sizing, the typing indicator for a slow reply, command menus per scope in zh and en, and edited
messages answered again only when the edit changes the request."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from bot.clock import FixedClock
from bot.core.router import Core
from bot.core.settings import MemorySettings
from bot.messages import Incoming, Reply
from bot.runtime.run import Deliverer, make_core
from bot.store import connect
from bot.wallet import send_due, sweep
from tests.test_telegram import GROUP, TelegramHarness

TOPIC = {"message_thread_id": 7, "is_topic_message": True}


async def test_replies_and_alerts_go_to_the_forum_topic(tmp_path: Path) -> None:
    store = connect(tmp_path / "k.db")
    clock = FixedClock("2026-03-02T01:00:00Z")
    async with TelegramHarness(make_core(store, clock), runner=None) as h:
        h.server.admins[GROUP] = {42}
        sent = await h.ask(GROUP, "/models", count=1, user_id=42, extra=TOPIC)
        await asyncio.sleep(0.3)
        parts = h.server.sent(chat_id=GROUP)
        assert parts and all(p.params.get("message_thread_id") == 7 for p in parts), [p.params for p in parts]
        await h.ask(GROUP, "/topup 500 USDT gpuli", user_id=42, extra=TOPIC)
        [confirm] = await h.ask(GROUP, "/rent 4090 x1 week gpuli", user_id=42, extra=TOPIC)
        ok = confirm.params["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
        msg = h.server.messages[(GROUP, confirm.result["message_id"])]
        msg.update(TOPIC)
        h.server.press(GROUP, confirm.result["message_id"], ok, user_id=42)
        await h.server.wait_sent(1, "editMessageText")
        clock.advance(days=6, hours=1)
        alerts = connect(tmp_path / "k.db")
        sweep(alerts, clock.now())
        before = len(h.server.sent(chat_id=GROUP))
        report = await send_due(alerts, clock, Deliverer([h.front]))
        assert report.sent == 1
        [alert] = h.server.sent(chat_id=GROUP)[before:]
        assert alert.params.get("message_thread_id") == 7 and "RTX 4090" in alert.params["text"]
        assert sent
        alerts.close()
    store.close()


async def test_a_deep_link_opens_that_sizing() -> None:
    async with TelegramHarness() as h:
        [reply] = await h.ask(8, "/start size_qwen3-8b_qlora")
        assert "Qwen3-8B" in reply.params["text"] and "QLoRA" in reply.params["text"]


class SlowCore(Core):
    def handle(self, inc: Incoming) -> Reply | None:
        if "slow" in inc.text:
            time.sleep(0.6)
        return super().handle(inc)


async def test_typing_shows_while_a_slow_reply_is_prepared_and_not_for_a_fast_one() -> None:
    async with TelegramHarness(SlowCore(MemorySettings())) as h:
        await h.ask(9, "/help")
        assert not h.server.sent("sendChatAction")
        await h.ask(9, "slow qwen3 8b lora")
        [typing] = h.server.sent("sendChatAction")
        assert typing.params["action"] == "typing" and typing.chat_id == 9
        reply = h.server.sent(chat_id=9)[-1]
        assert typing.at < reply.at


async def test_command_menus_per_scope_in_zh_and_en(tmp_path: Path) -> None:
    store = connect(tmp_path / "k.db")
    async with TelegramHarness(make_core(store, FixedClock("2026-03-02T01:00:00Z")), runner=None) as h:
        menus = h.server.scoped_commands
        for lang in ("en", "zh"):
            private = {c["command"] for c in menus[("all_private_chats", lang)]}
            groups = {c["command"] for c in menus[("all_group_chats", lang)]}
            admins = {c["command"] for c in menus[("all_chat_administrators", lang)]}
            assert {"topup", "rent", "size", "wallet"} <= private and private == admins
            assert "topup" not in groups and "rent" not in groups and {"size", "wallet", "history"} <= groups
        assert menus[("all_group_chats", "en")] != menus[("all_group_chats", "zh")]
    store.close()


async def test_an_edit_is_answered_again_only_when_it_changes_the_request() -> None:
    async with TelegramHarness() as h:
        update = h.server.say(10, "qwen3 8b lora")
        await h.server.wait_sent(1, chat_id=10)

        def edit(text: str) -> None:
            msg: dict[str, Any] = dict(update["message"], text=text, edit_date=int(time.time()))
            h.server.push({"update_id": update["update_id"] + 1000 + len(text), "edited_message": msg})

        edit("Qwen3 8B  LoRA!")  # cosmetic
        await asyncio.sleep(0.5)
        assert len(h.server.sent(chat_id=10)) == 1
        edit("qwen3 8b qlora")  # a different question
        calls = await h.server.wait_sent(2, chat_id=10)
        assert "QLoRA" in calls[1].params["text"]
