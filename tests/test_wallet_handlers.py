"""The wallet in a chat: push a message, read the reply. Confirmation before money moves, the refund
window, per-minute rounding, overdraft refusal with the shortfall, idempotent redeliveries, who may
change a team wallet, whose wallet is visible where, and bad input that writes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.clock import FixedClock
from bot.messages import Reply
from bot.store import connect
from bot.store import rentals as rental_store
from bot.store.connection import Store
from bot.store.wallets import prefs, wallet_by_owner
from bot.text.render import render_reply
from tests.chat_user import T0, ChatUser, counts


def Chat(store: Store, clock: FixedClock, user: str = "1", chat: str | None = None, group: bool = False,
         admin: bool = True, lang: str = "en", platform: str = "telegram") -> ChatUser:
    """The chat user (tests/chat_user.py) with the wallet tests' defaults: user "1" in their own chat."""
    return ChatUser(store, clock, user=user, chat=chat or user, group=group, admin=admin, lang=lang, platform=platform)


@pytest.fixture
def store(db_url: str) -> Store:
    """Every wallet handler test runs on SQLite and on PostgreSQL (conftest's db_url)."""
    return connect(db_url)


@pytest.fixture
def clock() -> FixedClock:
    return FixedClock(T0)


@pytest.fixture
def me(store: Store, clock: FixedClock) -> Chat:
    return Chat(store, clock)


# ---------------------------------------------------------------- top-up and idempotency


def test_topup_records_and_a_redelivered_update_does_not(me: Chat) -> None:
    me.say("/topup 500 USDT", event_id="501")
    assert me.last is not None and me.last.kind == "wallet_topup"
    assert "₮500.00" in me.text and me.balance("gpuli", "USDT") == 50_000
    me.say("/topup 500 USDT", event_id="501")  # Telegram redelivers the same update
    assert "already recorded" in me.text
    assert me.balance("gpuli", "USDT") == 50_000
    me.say("/topup 500 USDT", event_id="502")  # a new message is a new top-up
    assert me.balance("gpuli", "USDT") == 100_000


def test_console_without_update_ids_dedupes_within_the_minute(me: Chat, clock: FixedClock) -> None:
    me.platform = "console"
    me.say("/topup 20 usd", event_id=None)
    me.say("/topup 20 usd", event_id=None)
    assert me.balance("cloudgpu", "USD") == 2_000
    clock.advance(minutes=1)
    me.say("/topup 20 usd", event_id=None)
    assert me.balance("cloudgpu", "USD") == 4_000


@pytest.mark.parametrize(("text", "provider", "currency", "minor"), [
    ("/topup 500 USDT", "gpuli", "USDT", 50_000),
    ("/topup gpuli 1,000.50", "gpuli", "USDT", 100_050),
    ("/topup ₮109", "gpuli", "USDT", 10_900),
    ("/topup 20 usd cloudgpu", "cloudgpu", "USD", 2_000),
    ("/topup $0.33", "cloudgpu", "USD", 33),
    ("/topup 2万 元", "yiwan", "CNY", 2_000_000),
    ("/topup 一万网络 3000", "yiwan", "CNY", 300_000),
    ("/topup 500u", "gpuli", "USDT", 50_000),
])
def test_topup_forms(me: Chat, text: str, provider: str, currency: str, minor: int) -> None:
    me.say(text)
    assert me.balance(provider, currency) == minor, me.text


# ---------------------------------------------------------------- rent: confirmation first


def test_rent_shows_price_and_balance_after_and_writes_only_on_confirm(me: Chat, store: Store) -> None:
    me.say("/topup 500 USDT gpuli")
    before = counts(store)
    me.say("/rent 4090 week gpuli")
    assert me.last is not None and me.last.kind == "wallet_confirm"
    assert "₮109.00" in me.text and "₮500.00 → ₮391.00" in me.text
    assert "2026-12-08 01:00" in me.text  # ends a week later (UTC: a new English wallet's timezone)
    payloads = [b.payload for b in me.last.buttons]
    assert all(p.startswith("w:") and len(p.encode()) <= 64 for p in payloads)
    after = counts(store)
    assert after["ledger"] == before["ledger"] and after["rentals"] == before["rentals"] == 0
    me.press(0)
    assert me.last.kind == "wallet_done" and "#1" in me.text and "₮391.00" in me.text
    me.press(payloads[0])  # a double tap
    assert "pressed before" in me.text
    assert me.balance("gpuli", "USDT") == 39_100 and counts(store)["rentals"] == 1


def test_cancel_writes_nothing(me: Chat, store: Store) -> None:
    me.say("/topup 500 USDT gpuli")
    me.say("/rent 4090 week gpuli")
    ledger_before = counts(store)["ledger"]
    me.press(1)
    assert me.last is not None and me.last.kind == "wallet_cancelled"
    me.press("w:ok:1")  # confirming after cancelling does nothing
    assert counts(store)["ledger"] == ledger_before and counts(store)["rentals"] == 0


def test_overdraft_refused_with_the_shortfall_unless_confirmed(me: Chat, store: Store) -> None:
    me.say("/topup 100 USDT gpuli")
    me.say("/rent 4090 week gpuli")
    assert "₮9.00 short" in me.text
    assert me.last is not None and me.last.buttons[0].payload.startswith("w:od:")
    pending_id = me.last.buttons[0].payload.split(":")[2]
    me.press(f"w:ok:{pending_id}")  # a plain confirm of a rental the balance can't pay
    assert me.last.kind == "wallet_error" and "₮9.00 short" in me.text
    assert counts(store)["rentals"] == 0 and me.balance("gpuli", "USDT") == 10_000
    me.press(f"w:od:{pending_id}")
    assert me.last.kind == "wallet_done" and "overdraft" in me.text
    assert me.balance("gpuli", "USDT") == -900


def test_balance_spent_between_quote_and_confirm_is_caught_at_confirm(me: Chat, store: Store) -> None:
    me.say("/topup 200 USDT gpuli")
    me.say("/rent 4090 week gpuli")
    first = me.last
    me.say("/rent 4090 week gpuli")
    me.press(0)  # the second rental takes ₮109 of the ₮200
    assert first is not None
    me.press(first.buttons[0].payload)
    assert me.last is not None and me.last.kind == "wallet_error" and "₮18.00 short" in me.text
    assert counts(store)["rentals"] == 1


def test_expired_confirmation_writes_nothing(me: Chat, clock: FixedClock, store: Store) -> None:
    me.say("/topup 500 USDT gpuli")
    me.say("/rent 4090 week gpuli")
    clock.advance(minutes=16)
    me.press(0)
    assert me.last is not None and me.last.kind == "wallet_error" and "expired" in me.text
    assert counts(store)["rentals"] == 0


def test_rent_at_the_per_minute_provider_reserves_the_preauthorization(me: Chat) -> None:
    me.say("/topup 20 USD cloudgpu")
    me.say("/rent 4090 8h cloudgpu")
    assert "$0.33/h" in me.text and "$0.33 is pre-authorized" in me.text and "$2.64" in me.text
    assert "$20.00 → $19.67" in me.text
    me.press(0)
    assert me.balance("cloudgpu", "USD") == 1_967
    me.say("/wallet")
    assert "$20.00 ($0.33 of it pre-authorized for a running instance, $19.67 free)" in me.text


def test_rent_with_a_card_count_and_a_region(me: Chat) -> None:
    me.say("/topup 5000 USDT")
    me.say("/rent h100 x8 week gpuli DFW-1")
    assert me.last is not None and me.last.kind == "wallet_confirm"
    assert "8 × H100 SXM · gpuli · DFW-1" in me.text and "₮4,172.00" in me.text
    me.say("/rent 4090 week gpuli ORD-2")
    assert me.last.kind == "wallet_error"


def test_every_reply_renders_in_every_flavor_and_language(me: Chat) -> None:
    replies = [me.say("/wallet"), me.say("/topup 500 USDT"), me.say("/topup 5 usd"),
               me.say("/rent 4090 week gpuli"), me.press(0), me.say("/rent 4090 cloudgpu"), me.press(0),
               me.say("/budget set 300 USDT"), me.say("/wallet"), me.say("/rentals"), me.say("/history"),
               me.say("/alerts"), me.say("/stop 2"), me.press(0), me.say("/stop 1"), me.press(0),
               me.say("/renew 1"), me.say("/rent 4090 week gpuli"), me.press(1), me.say("/rentals"),
               me.say("/topup -1 usdt"), me.say("/budget off")]
    kinds = {r.kind for r in replies}
    assert kinds == {"wallet", "wallet_topup", "wallet_confirm", "wallet_done", "wallet_budget", "wallet_rentals",
                     "wallet_history", "wallet_alerts", "wallet_cancelled", "wallet_error"}
    for reply in replies:
        for lang in ("zh", "en"):
            for flavor in ("plain", "telegram", "discord"):
                assert render_reply(Reply(reply.kind, lang, reply.data), flavor).strip()


def test_which_provider_is_asked_when_several_rent_the_card(me: Chat, store: Store) -> None:
    me.say("/rent 4090 week")
    assert me.last is not None and me.last.kind == "wallet_error" and "gpuli" in me.text and "cloudgpu" in me.text
    me.say("/topup 500 USDT")
    me.say("/rent 4090 week")  # the wallet only has a gpuli balance: that's the one
    assert me.last.kind == "wallet_confirm" and "gpuli" in me.text


# ---------------------------------------------------------------- stop: refunds and rounding


def _rent(chat: Chat, command: str) -> int:
    chat.say(command)
    chat.press(0)
    assert chat.last is not None and chat.last.kind == "wallet_done", chat.text
    return int(chat.last.data["rental"]["id"])


def test_refund_within_one_hour_of_creation(me: Chat, clock: FixedClock, store: Store) -> None:
    me.say("/topup 500 USDT gpuli")
    rid = _rent(me, "/rent 4090 week gpuli")
    clock.advance(minutes=59)
    me.say(f"/stop {rid}")
    assert "refunded in full" in me.text and "₮109.00" in me.text
    me.press(0)
    assert "refunded" in me.text
    assert me.balance("gpuli", "USDT") == 50_000
    r = rental_store.rental(store, rid)
    assert r is not None and r.status == "refunded" and r.paid_minor == 0


def test_no_refund_after_the_window(me: Chat, clock: FixedClock, store: Store) -> None:
    me.say("/topup 500 USDT gpuli")
    rid = _rent(me, "/rent 4090 week gpuli")
    clock.advance(minutes=61)
    me.say(f"/stop {rid}")
    assert "refunds nothing" in me.text and "window closed" in me.text
    me.press(0)
    assert me.balance("gpuli", "USDT") == 39_100
    r = rental_store.rental(store, rid)
    assert r is not None and r.status == "stopped"
    assert r.data_until == T0 + timedelta(minutes=61, days=7)  # gpuli keeps data 7 days after the stop
    assert "2026-12-08" in me.text


def test_yiwan_has_no_refund_window(me: Chat, clock: FixedClock) -> None:
    me.say("/topup 3000 CNY")
    rid = _rent(me, "/rent a100 40g month yiwan")
    clock.advance(minutes=5)
    me.say(f"/stop {rid}")
    me.press(0)
    assert me.balance("yiwan", "CNY") == 20_000  # ¥3,000 - ¥2,800, nothing back


@pytest.mark.parametrize(("card", "ran", "billed_minutes", "cost_minor"), [
    ("4090", timedelta(minutes=61, seconds=30), 62, 34),  # 62 × $0.33/60 = $0.341 -> $0.34
    ("4090", timedelta(seconds=10), 1, 1),  # one minute minimum: $0.0055 -> $0.01
    ("4090", timedelta(minutes=60), 60, 33),  # exactly an hour
    ("a100 80g", timedelta(minutes=90), 90, 224),  # 90 × $1.49/60 = $2.235 -> $2.24 (half up)
])
def test_per_minute_stop_rounds_up_to_the_started_minute(me: Chat, clock: FixedClock, store: Store, card: str,
                                                         ran: timedelta, billed_minutes: int,
                                                         cost_minor: int) -> None:
    me.say("/topup 50 USD cloudgpu")
    rid = _rent(me, f"/rent {card} cloudgpu")
    clock.advance(ran)
    me.say(f"/stop {rid}")
    assert f"{billed_minutes} minutes used" in me.text
    me.press(0)
    assert me.balance("cloudgpu", "USD") == 5_000 - cost_minor  # hold released, minutes charged
    r = rental_store.rental(store, rid)
    assert r is not None and r.status == "stopped" and r.billed_minutes == billed_minutes and r.hold_minor == 0


def test_renew_extends_from_the_old_end(me: Chat, clock: FixedClock, store: Store) -> None:
    me.say("/topup 500 USDT gpuli")
    rid = _rent(me, "/rent 4090 week gpuli")
    clock.advance(days=2)
    me.say(f"/renew {rid}")
    assert "₮391.00 → ₮282.00" in me.text and "2026-12-15 01:00" in me.text
    me.press(0)
    r = rental_store.rental(store, rid)
    assert r is not None and r.ends_at == T0 + timedelta(days=14) and r.paid_minor == 21_800
    me.say(f"/renew {rid} month")
    assert "₮369.00" in me.text
    me.say("/topup 20 usd")
    cid = _rent(me, "/rent 4090 cloudgpu")
    me.say(f"/renew {cid}")
    assert me.last is not None and me.last.kind == "wallet_error" and "by the minute" in me.text


# ---------------------------------------------------------------- who may do what, and see what


def test_a_non_admin_cannot_change_the_team_wallet_but_can_read_it(store: Store, clock: FixedClock) -> None:
    admin = Chat(store, clock, user="10", chat="-100", group=True, admin=True)
    member = Chat(store, clock, user="11", chat="-100", group=True, admin=False)
    admin.say("/topup 1000 USDT")
    before = counts(store)
    for command in ("/topup 5 USDT", "/rent 4090 week gpuli", "/budget set 100 USDT", "/budget off",
                    "/alerts tz UTC", "/alerts runway off", "/stop 1", "/renew 1"):
        member.say(command)
        assert member.last is not None and member.last.kind == "wallet_error", command
        assert "Only chat admins" in member.text or "No rental" in member.text, command
    assert counts(store) == before
    member.say("/wallet")
    assert "Team wallet" in member.text and "₮1,000.00" in member.text and "Only chat admins" in member.text
    admin.say("/rent 4090 week gpuli")
    refused = member.press(admin.last.buttons[0].payload)  # type: ignore[union-attr]
    assert refused.kind == "wallet_error" and "isn't yours" in member.text
    assert counts(store)["rentals"] == 0
    admin.press(0)
    assert counts(store)["rentals"] == 1


def test_a_personal_wallet_is_never_shown_in_a_group_unless_asked(store: Store, clock: FixedClock) -> None:
    private = Chat(store, clock, user="10")
    group = Chat(store, clock, user="10", chat="-100", group=True, admin=False)
    private.say("/topup 777 USDT")
    group.say("/wallet")
    assert "₮777.00" not in group.text and "Team wallet" in group.text
    group.say("/wallet me")
    assert "₮777.00" in group.text and "Your wallet" in group.text
    group.say("/topup 1 USDT me")  # their own wallet: no admin rights needed
    assert private.balance("gpuli", "USDT") == 77_800


def test_another_users_wallet_and_rentals_are_invisible(store: Store, clock: FixedClock) -> None:
    alice = Chat(store, clock, user="1")
    bob = Chat(store, clock, user="2")
    alice.say("/topup 500 USDT")
    rid = _rent(alice, "/rent 4090 week gpuli")
    bob.say("/wallet")
    assert "₮" not in bob.text
    before = counts(store)
    for command in (f"/stop {rid}", f"/renew {rid}"):
        bob.say(command)
        assert f"No rental #{rid} in this wallet" in bob.text
    alice.say(f"/stop {rid}")
    bob.press(alice.last.buttons[0].payload)  # type: ignore[union-attr]
    assert "isn't yours" in bob.text
    assert counts(store)["ledger"] == before["ledger"]
    r = rental_store.rental(store, rid)
    assert r is not None and r.status == "active"


@pytest.mark.parametrize("payload", ["w:ok:abc", "w:ok:999", "w:zz:1", "w:ok", "x:ok:1", "w:h:1:" + "p" * 80])
def test_forged_or_stale_buttons_are_refused(me: Chat, store: Store, payload: str) -> None:
    me.say("/topup 500 USDT")
    before = counts(store)
    me.press(payload)
    assert me.last is not None and me.last.kind in ("wallet_error", "error")  # "x:" is no wallet button
    assert counts(store) == before


# ---------------------------------------------------------------- bad input writes nothing


@pytest.mark.parametrize(("command", "says"), [
    ("/topup -5 usdt", "above zero"),
    ("/topup 0 usdt", "above zero"),
    ("/topup 100000000 usdt", "out of range"),
    ("/topup 1e9 usdt", "out of range"),
    ("/topup 0.001 usd", "at most 2 decimal places"),
    ("/topup 5 usdt cloudgpu", "takes USD"),
    ("/topup 5 usdt dogecoin-cloud", "don't understand"),
    ("/topup usdt", "How much"),
    ("/topup 5", "Which provider"),
    ("/rent xyz9000 week gpuli", "Unknown GPU"),
    ("/rent 4090 week nosuchcloud", "Unknown GPU"),
    ("/rent 4090 gpuli", "For how long"),
    ("/rent 4090 0h gpuli", "Bad duration"),
    ("/rent 4090 x99 week gpuli", "between 1 and 64"),
    ("/rent h100 x8 month yiwan", "quotes a range"),
    ("/rent 4090 x2 cloudgpu", "no 2-card"),
    ("/rent l40s week yiwan", "does not rent"),
    ("/stop 42", "No rental #42"),
    ("/stop", "rental number"),
    ("/history x", "whole number"),
    ("/budget set -3 CNY", "above zero"),
    ("/budget set 100 CNY thresholds 0,2000", "thresholds"),
    ("/alerts tz Mars/Olympus_Mons", "Unknown timezone"),
    ("/alerts quiet 25:00-08:00", "quiet hours"),
    ("/alerts quiet 8-8", "quiet hours"),
    ("/alerts runway maybe", "don't understand"),
])
def test_bad_input_gets_a_clear_reply_and_writes_nothing(me: Chat, store: Store, command: str, says: str) -> None:
    before = counts(store)
    me.say(command)
    assert me.last is not None and me.last.kind == "wallet_error", me.text
    assert says in me.text, me.text
    assert "Traceback" not in me.text and "\n" not in me.text.strip()
    assert counts(store) == before


def test_bad_input_in_chinese_is_answered_in_chinese(store: Store, clock: FixedClock) -> None:
    zh = Chat(store, clock, lang="zh")
    zh.say("/topup -5 usdt")
    assert "金额要大于 0" in zh.text


# ---------------------------------------------------------------- free text


def test_free_text_wallet_messages(store: Store, clock: FixedClock) -> None:
    zh = Chat(store, clock, user="5", lang="zh")
    zh.say("充值 500 USDT")
    assert zh.balance("gpuli", "USDT") == 50_000 and "₮500.00" in zh.text
    zh.say("租一张4090一周")
    assert zh.last is not None and zh.last.kind == "wallet_confirm" and "₮109.00" in zh.text
    zh.press(0)
    assert zh.balance("gpuli", "USDT") == 39_100
    zh.say("余额多少")
    assert zh.last.kind == "wallet" and "₮391.00" in zh.text
    zh.say("预算每月 2万元")
    assert zh.last.kind == "wallet_budget" and "¥20,000.00" in zh.text


# ---------------------------------------------------------------- history, budget, alerts


def test_history_is_paged(me: Chat) -> None:
    for i in range(25):
        me.say(f"/topup {i + 1} USDT")
    me.say("/history")
    assert me.last is not None and "page 1 of 3, 25 entries" in me.text and "₮25.00" in me.text
    assert [b.payload for b in me.last.buttons] == ["w:h:2:p:1"]  # the asker: in a group only they page on
    me.press(0)
    assert "page 2 of 3" in me.text and "₮15.00" in me.text and "₮25.00" not in me.text
    me.say("/history 3")
    assert "₮1.00" in me.text and [b.payload for b in me.last.buttons] == ["w:h:2:p:1"]


def test_budget_set_show_and_clear(me: Chat, store: Store) -> None:
    me.say("/topup 1000 USDT")
    me.say("/budget set 1000 USDT per month thresholds 50,90")
    assert "Monthly budget ₮1,000.00" in me.text and "50%, 90%" in me.text
    _rent(me, "/rent 4090 week gpuli")
    me.say("/budget")
    assert "₮109.00 spent" in me.text and "(10.9%)" in me.text
    me.say("/budget off")
    assert "removed" in me.text
    assert counts(store)["budgets"] == 0


def test_alert_settings(me: Chat, store: Store) -> None:
    me.say("/alerts tz Asia/Shanghai")
    me.say("/alerts quiet 23:00-08:00")
    me.say("/alerts expiry off")
    assert "Asia/Shanghai" in me.text and "23:00-08:00" in me.text
    w = wallet_by_owner(store, "telegram:user:1")
    assert w is not None
    p = prefs(store, w.id)
    assert (p.tz, p.quiet_start, p.quiet_end, p.expiry, p.runway, p.budget) == (
        "Asia/Shanghai", "23:00", "08:00", False, True, True)
    me.say("/alerts off")
    assert not any(prefs(store, w.id).enabled(k) for k in ("expiry", "runway", "budget"))
    me.say("/alerts quiet off")
    assert prefs(store, w.id).quiet_start is None
