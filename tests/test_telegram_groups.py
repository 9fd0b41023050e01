"""Telegram in a group: a bystander's press on someone's Confirm or history button gets a private
alert (answerCallbackQuery with show_alert) and the message stays as it was; an admin's free-text
wallet request is checked like a command; an anonymous admin (sender_chat = the group) is an admin."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.clock import FixedClock
from bot.runtime.run import make_core
from bot.store import connect
from bot.store import rentals as rental_store
from bot.store.wallets import find_account, wallet_by_owner
from tests.test_telegram import GROUP, TelegramHarness

ANON = {"id": 1087968824, "is_bot": True, "first_name": "Group", "username": "GroupAnonymousBot"}


def _balance(store: object, owner: str) -> int:
    w = wallet_by_owner(store, owner)  # type: ignore[arg-type]
    if w is None:
        return 0
    a = find_account(store, w.id, "gpuli", "USDT")  # type: ignore[arg-type]
    return a.balance_minor if a else 0


async def test_a_bystanders_press_is_a_private_alert_and_the_message_stays(tmp_path: Path) -> None:
    store = connect(tmp_path / "k.db")
    async with TelegramHarness(make_core(store, FixedClock("2026-03-02T01:00:00Z")), runner=None) as h:
        h.server.admins[GROUP] = {42}
        await h.ask(GROUP, "/topup 500 USDT gpuli", user_id=42)
        [confirm] = await h.ask(GROUP, "/rent 4090 x1 week gpuli", user_id=42)
        ok = confirm.params["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
        h.server.press(GROUP, confirm.result["message_id"], ok, user_id=77)
        await h.server.wait_for(lambda: h.server.sent("answerCallbackQuery"))
        await asyncio.sleep(0.3)
        [answer] = h.server.sent("answerCallbackQuery")
        assert answer.params.get("show_alert") in (True, "true") and "isn't yours" in answer.params["text"]
        assert not h.server.sent("editMessageText"), "the prompt and its buttons stay for their owner"
        assert rental_store.wallet_rentals(store, 1, active=True, limit=5) == []
        # the owner can still confirm it
        h.server.press(GROUP, confirm.result["message_id"], ok, user_id=42)
        [edit] = await h.server.wait_sent(1, "editMessageText")
        assert "#1" in edit.params["text"]
    store.close()


async def test_a_bystander_cannot_page_someones_personal_history_in_a_group(tmp_path: Path) -> None:
    store = connect(tmp_path / "k.db")
    async with TelegramHarness(make_core(store, FixedClock("2026-03-02T01:00:00Z")), runner=None) as h:
        for i in range(12):
            await h.ask(42, f"/topup {i + 1} USDT gpuli")
        await h.ask(77, "/topup 999 USDT gpuli")  # the bystander's own ledger must never show in the group
        [page] = await h.ask(GROUP, "/history me", user_id=42)
        nxt = page.params["reply_markup"]["inline_keyboard"][0][-1]["callback_data"]
        before = len(h.server.sent(chat_id=GROUP))
        h.server.press(GROUP, page.result["message_id"], nxt, user_id=77)
        await h.server.wait_for(lambda: h.server.sent("answerCallbackQuery"))
        await asyncio.sleep(0.3)
        assert not h.server.sent("editMessageText") and len(h.server.sent(chat_id=GROUP)) == before
        [answer] = h.server.sent("answerCallbackQuery")
        assert answer.params.get("show_alert") in (True, "true") and "999" not in answer.params.get("text", "")
        h.server.press(GROUP, page.result["message_id"], nxt, user_id=42)
        [edit] = await h.server.wait_sent(1, "editMessageText")
        assert "2/2" in edit.params["text"] or "page 2" in edit.params["text"].lower()
    store.close()


async def test_an_admins_free_text_wallet_request_in_a_group_is_allowed(tmp_path: Path) -> None:
    store = connect(tmp_path / "k.db")
    async with TelegramHarness(make_core(store, FixedClock("2026-03-02T01:00:00Z")), runner=None) as h:
        h.server.admins[GROUP] = {42}
        [done] = await h.ask(GROUP, "@kasuan_bot 充值 100 USDT gpuli", user_id=42)
        assert "100.00" in done.params["text"], done.params["text"]
        [refused] = await h.ask(GROUP, "@kasuan_bot 充值 100 USDT gpuli", user_id=77)
        assert "admin" in refused.params["text"].lower() or "管理员" in refused.params["text"]
        assert _balance(store, f"telegram:chat:{GROUP}") == 10_000
    store.close()


async def test_an_anonymous_admin_is_an_admin(tmp_path: Path) -> None:
    store = connect(tmp_path / "k.db")
    async with TelegramHarness(make_core(store, FixedClock("2026-03-02T01:00:00Z")), runner=None) as h:
        h.server.admins[GROUP] = {42}
        msg = h.server.message(GROUP, "/topup 50 USDT gpuli", extra={"from": ANON, "sender_chat": h.server.chat(GROUP)})
        h.server.push(msg)
        [done] = await h.server.wait_sent(1, chat_id=GROUP)
        assert "50.00" in done.params["text"], done.params["text"]
        assert _balance(store, f"telegram:chat:{GROUP}") == 5_000
    store.close()
