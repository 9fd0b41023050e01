"""Reminders at a moment the user names ("remind me on Friday 6 pm to shut the box down", "下周一早上十点提醒我续费"):
stored on both stores, confirmed with the day and time in the user's language and zone, listed and cancelled with
/reminders, and delivered once by the alert sweep at that moment (the fixed clock of the other alert tests). A
moment past, unreadable or missing stores nothing; a question about the product's own reminders is no reminder."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.clock import FixedClock
from bot.messages import Delivery, Reply
from bot.store import connect
from bot.store.connection import Store
from bot.text.render import render_reply
from bot.understand.reminder_ask import read_reminder
from bot.wallet import send_due, sweep
from tests.chat_user import T0, ChatUser

UTC8 = ZoneInfo("Asia/Shanghai")  # T0 is Tuesday 2026-12-01 01:00 UTC, 09:00 in Beijing


def _reminders(store: Store) -> list[tuple[str, str, str]]:
    return [(r["due_at"], r["what"], r["status"]) for r in store.rows("SELECT * FROM reminders ORDER BY id")]


def _deliver(store: Store, clock: FixedClock) -> list[tuple[str, str]]:
    got: list[tuple[str, str]] = []

    async def deliver(chat: str, reply: Reply) -> Delivery:
        got.append((chat, render_reply(reply, "plain")))
        return Delivery.sent()

    sweep(store, clock.now())
    asyncio.run(send_due(store, clock, deliver))
    return got


def test_an_english_reminder_is_confirmed_in_utc_and_delivered_once_at_that_moment(db_url: str) -> None:
    store, clock = connect(db_url), FixedClock(T0)
    me = ChatUser(store, clock)
    me.say("could you ping us thursday at 7:30 pm to turn off the a100")
    assert me.lines[0].startswith("✅ Reminder set for Thursday 2026-12-03 19:30 UTC: turn off the a100")
    assert _reminders(store) == [("2026-12-03T19:30:00Z", "turn off the a100", "pending")]
    clock.set(datetime(2026, 12, 3, 19, 29, tzinfo=UTC))
    assert _deliver(store, clock) == []  # a minute early: nothing
    clock.advance(minutes=1)
    got = _deliver(store, clock)
    assert len(got) == 1 and "⏰ Reminder (Thursday 2026-12-03 19:30 UTC): turn off the a100" in got[0][1]
    clock.advance(hours=1)
    assert _deliver(store, clock) == []  # once
    assert _reminders(store)[0][2] == "queued"


def test_a_chinese_reminder_is_read_in_beijing_time_and_sent_late_after_downtime(db_url: str) -> None:
    store, clock = connect(db_url), FixedClock(T0)
    me = ChatUser(store, clock)
    me.say("后天下午三点半记得提醒我们导出 checkpoint")
    assert me.lines[0].startswith("✅ 已设好提醒：2026-12-03 周四 15:30 UTC+8")
    assert _reminders(store)[0][0] == "2026-12-03T07:30:00Z"  # 15:30 in Beijing is 07:30 UTC
    clock.set(datetime(2026, 12, 3, 9, 0, tzinfo=UTC))  # the bot was down at 07:30
    got = _deliver(store, clock)
    assert len(got) == 1 and "⏰ 提醒（2026-12-03 周四 15:30 UTC+8）" in got[0][1] and "晚发" in got[0][1]


def test_a_stated_zone_beats_the_conversations_and_a_span_counts_from_now() -> None:
    me = ChatUser()
    me.say("nudge me Friday 8am Beijing time about the invoice")
    assert "2026-12-04 08:00 UTC+8" in me.lines[0]
    me.say("90 分钟后提醒我看 loss")
    assert "2026-12-01 周二 10:30 UTC+8" in me.lines[0]  # T0 is 09:00 in Beijing


@pytest.mark.parametrize(("text", "when", "what"), [
    ("remind 我 周四上午十点 关掉 cloudgpu 的 a100", "2026-12-03 周四 10:00 UTC+8", "关掉 cloudgpu 的 a100"),
    ("remind 我们 明天晚上 8 点 看一下 loss", "2026-12-02 周三 20:00 UTC+8", "看 loss"),
    ("提醒 me on Thursday 4pm to renew the yiwan 3090", "Thursday 2026-12-03 16:00 UTC", "renew the yiwan 3090"),
])
def test_a_reminder_asked_in_both_languages_at_once_is_set(text: str, when: str, what: str) -> None:
    """The verb in one language and "me" in the other ("remind 我 …") asks a reminder at that moment, not the FAQ on
    expiry emails."""
    me = ChatUser()
    me.say(text)
    assert when in me.lines[0] and what in me.lines[0], me.text


def test_reminders_are_listed_and_cancelled() -> None:
    me = ChatUser()
    me.say("remind me tomorrow 8pm to stop the 3090")
    me.say("remind me in 3 hours to check the eval")
    listed = me.say("/reminders")
    text = render_reply(listed, "plain")
    assert text.index("#2 Tuesday 2026-12-01 04:00 UTC: check the eval") < text.index("#1 Wednesday 2026-12-02 20:00 UTC")
    me.say("/reminders cancel 1")
    assert "Reminder #1 cancelled." in me.text and "#1 " not in me.text.split("cancelled.")[1]
    assert [s for _, _, s in _reminders(me.store)] == ["cancelled", "pending"]
    me.clock.set(datetime(2026, 12, 3, tzinfo=UTC))
    assert [text for _, text in _deliver(me.store, me.clock)] == [
        "⏰ Reminder (Tuesday 2026-12-01 04:00 UTC): check the eval\n⏰ This alert is late: it was due at "
        "2026-12-01 04:00 (UTC+00:00) (the bot was offline then).\n"]
    me.say("/reminders cancel 7")
    assert "No reminder #7 is waiting." in me.text


def test_a_past_an_unreadable_or_a_missing_moment_stores_nothing() -> None:
    me = ChatUser()
    me.say("今天早上七点提醒我关机")  # 07:00 in Beijing, T0 is 09:00 there
    assert me.lines[0].startswith("没有设提醒：2026-12-01 周二 07:00 UTC+8 已经过去了")
    me.say("remind me at 26:15 to stop it")
    assert me.lines[0].startswith("No reminder set: I can't read that time")
    me.say("remind me to renew the gpuli box")
    assert me.lines[0].startswith("No reminder set yet: which day and time?")
    assert _reminders(me.store) == []


def test_questions_about_reminders_and_balance_alerts_are_no_reminder() -> None:
    for text, zone in (("到期前会不会提醒我续费？", UTC8), ("will I get a reminder before my rental expires?", UTC),
                       ("余额低于 30 U 的时候提醒我", UTC8), ("remind me, the ZeRO-3 number for 14B was?", UTC)):
        assert read_reminder(text, T0, zone) is None, text


@settings(max_examples=60, deadline=None)
@given(hour=st.integers(0, 23), minute=st.sampled_from([0, 15, 30, 45]), ahead=st.integers(1, 6),
       zh=st.booleans())
def test_any_clock_time_days_ahead_is_read_back_exactly(hour: int, minute: int, ahead: int, zh: bool) -> None:
    day = (T0.astimezone(UTC8 if zh else UTC) + timedelta(days=ahead)).date()
    said = f"{day.month}月{day.day}号 {hour}:{minute:02d} 提醒我续费" if zh else \
        f"remind me on Dec {day.day} at {hour}:{minute:02d} to renew"
    ask = read_reminder(said, T0, UTC8 if zh else UTC)
    assert ask is not None and ask.problem is None and ask.at is not None
    assert (ask.at.date(), ask.at.hour, ask.at.minute) == (day, hour, minute)
    assert ask.what in ("续费", "renew")


def test_a_question_about_when_the_product_reminds_is_never_an_order() -> None:
    # the moment is what is asked ("什么时候", "提前几天", "when will"), or whether one comes at all: no reminder
    for text, zone in (("今天开的周租到期前几点会提醒我？", UTC8), ("明天下单的话，什么时候提醒我续费", UTC8),
                       ("提前几天提醒我们？", UTC8), ("when will you remind me if I rent a week today?", UTC),
                       ("does cloudgpu remind me before it stops on friday?", UTC),
                       ("how early do you remind me before tomorrow's cycle ends?", UTC)):
        assert read_reminder(text, T0, zone) is None, text
    # an order names the moment itself, asked politely or not
    for text, zone, at in (("能不能周四下午四点提醒我导出权重", UTC8, datetime(2026, 12, 3, 8, tzinfo=UTC)),
                           ("will you remind me thursday at 4pm to export the weights?", UTC,
                            datetime(2026, 12, 3, 16, tzinfo=UTC))):
        ask = read_reminder(text, T0, zone)
        assert ask is not None and ask.problem is None and ask.at == at, text


def test_asking_when_the_reminders_come_gets_the_dates_and_stores_nothing() -> None:
    me = ChatUser()
    me.say("今天下单 gpuli 包周，什么时候到期？到期前几号提醒我")  # T0 is Tuesday 12-01, 09:00 in Beijing
    assert me.lines[0].startswith("📅") and "12月8日" in me.lines[0] and "12月5日" in me.lines[0] and "12月7日" in me.lines[0]
    assert "没有设提醒" not in me.text and _reminders(me.store) == []
    me.say("if we start a gpuli monthly rental today, when will you remind me?")
    assert "Dec 31" in me.lines[0] and "Dec 28" in me.lines[0] and "Dec 30" in me.lines[0]
    assert _reminders(me.store) == []


def test_a_budget_with_an_alert_asked_and_no_moment_is_the_budget_not_a_reminder() -> None:
    # the wallet's budget alert answers ("预算一万五，帮我设个提醒": the budget set with its warnings); a reminder
    # asked with no money and no moment still asks when
    for text in ("预算一万五，帮我设个提醒", "set a reminder for our $2k budget", "余额低了帮我设个提醒"):
        assert read_reminder(text, T0, ZoneInfo("Asia/Shanghai")) is None, text
    asked = read_reminder("帮我设个提醒", T0, ZoneInfo("Asia/Shanghai"))
    assert asked is not None and asked.problem == "when"
    chat = ChatUser()
    chat.say("预算一万五，帮我设个提醒")
    assert "15,000" in chat.text and "没有设提醒" not in chat.text, chat.text
