"""The day a rental cycle ends, asked in either language, alone or after a price or a cycle question: the cycle's
length comes from the provider catalog (gpuli: 7-day week, 30-day month) and the start is the day the message
names, else today (the test clock: 2026-12-01 09:00 in Beijing); the end date leads the reminders entry
(3 days and 1 day before, seed 000). "到期前几天会提醒" is the rental's expiry, never a deadline the user sets."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.parser import parse
from engine.providers import providers
from tests.chat_user import T0, ChatUser


def _days(kind: str) -> int:
    gpuli = next(p for p in providers().entries if p.id == "gpuli")
    days = next(c.days for c in gpuli.billing.cycles if c.kind == kind)
    assert days is not None
    return days


def _zh(at: datetime) -> str:
    return f"{at.month}月{at.day}日"


def _en(at: datetime) -> str:
    return f"{at:%b} {at.day}"


START = T0 + timedelta(hours=8)  # the chat's day in Beijing


@pytest.mark.parametrize(("turns", "kind"), [
    (["gpuli 的 4090 按周租要多少", "那今天租的话几号到期"], "week"),
    (["gpuli a100 一个月多少钱", "现在下单 到期日是哪天？"], "month"),
    (["gpuli 包周 现在开，啥时候到期"], "week"),
    (["咱们今天在 gpuli 包了一个月，什么时候过期"], "month"),
])
def test_zh_end_date_of_the_cycle(turns: list[str], kind: str) -> None:
    u = ChatUser()
    for turn in turns:
        u.say(turn)
    first = u.text.splitlines()[0]
    assert _zh(START + timedelta(days=_days(kind))) in first, u.text
    assert f"{_days(kind)} 天" in first
    assert "3 天" in u.text  # the reminder before it ends


@pytest.mark.parametrize(("turns", "kind"), [
    (["price of a 4090 per week at gpuli?", "when would it expire if we order today?"], "week"),
    (["gpuli monthly H100 price", "and the end date if I start now?"], "month"),
    (["What cycles does gpuli sell?", "we'd take a month starting today, what date does it end?"], "month"),
    (["When does a weekly gpuli rental end if we start it today?"], "week"),
])
def test_en_end_date_of_the_cycle(turns: list[str], kind: str) -> None:
    u = ChatUser()
    for turn in turns:
        u.say(turn)
    first = u.text.splitlines()[0]
    assert _en(START.astimezone(UTC) + timedelta(days=_days(kind))) in first, u.text
    assert f"{_days(kind)} days" in first


def test_a_later_start_moves_the_end() -> None:
    u = ChatUser()
    u.say("gpuli 周租 明天开通的话哪天到期")
    assert _zh(START + timedelta(days=1 + _days("week"))) in u.text.splitlines()[0], u.text
    u = ChatUser()
    u.say("at gpuli, if we start a monthly rental tomorrow, when does it expire?")
    assert _en(START + timedelta(days=1 + _days("month"))) in u.text.splitlines()[0], u.text


def test_no_cycle_gives_both_ends() -> None:
    u = ChatUser()
    u.say("gpuli 今天下单哪天到期")
    first, second = u.text.splitlines()[:2]
    assert _zh(START + timedelta(days=_days("week"))) in first
    assert _zh(START + timedelta(days=_days("month"))) in second


def test_expiry_reminder_is_no_deadline() -> None:
    now = datetime(2026, 12, 1, 9, tzinfo=UTC)
    for text in ("今天开的话到期前几天会提醒？", "到期前会发邮件吗", "will I get an email before it expires?"):
        assert parse(text, now).asks.deadline is None, text
    assert parse("周五前能训完吗 7b lora 4090", now).asks.deadline is not None  # a real deadline stays


def test_a_run_end_is_not_a_rental_end() -> None:
    now = datetime(2026, 12, 1, 9, tzinfo=UTC)
    assert parse("7b lora 在 4090 上训练什么时候结束", now).cycle_from is None
    assert parse("when will the training end on 8 h100s?", now).cycle_from is None


ZH_ASK = ["哪天到期", "几号到期", "到期日是哪天", "什么时候到期", "啥时候过期", "到期是几号"]
EN_ASK = ["when does it end", "when will it expire", "what's the expiry date", "what date does it end", "end date?"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(ZH_ASK + EN_ASK), st.sampled_from(["", "gpuli ", "那 ", "ok "]), st.sampled_from(["", "?", "？", " 呢"]))
def test_every_way_of_asking_the_end_is_read(ask: str, before: str, after: str) -> None:
    now = datetime(2026, 12, 1, 9, tzinfo=UTC)
    read = parse(f"{before}{ask}{after}", now).cycle_from
    assert read is not None and read.at == now and read.today


# The "prices as of" line names the lists whose prices (or refusals) the reply shows: a provider named in the
# question hides the others' "does not rent it", so their list's date is no date of the reply.
@pytest.mark.parametrize("text", ["gpuli 的 4090 租一周要多少", "What's a week of RTX 4090 at gpuli?",
                                  "cloudgpu A6000 跑 8 小时多少钱", "A6000 at CloudGPU, cost for 8 hours?"])
def test_as_of_names_only_lists_shown(text: str) -> None:
    u = ChatUser()
    u.say(text)
    dated = next(line for line in u.text.splitlines() if line.startswith(("价格截至", "Prices as of")))
    assert "一万网络" not in dated and "一万网络" not in u.text, u.text


def test_as_of_keeps_a_refusal_shown() -> None:
    u = ChatUser()
    u.say("RTX 4090 weekly price?")  # no provider named: Yiwan's "does not rent it" is shown, so is its list's date
    assert "does not rent" in u.text
    dated = next(line for line in u.text.splitlines() if line.startswith("Prices as of"))
    assert "一万网络" in dated


@pytest.mark.parametrize(("text", "kind", "day"), [
    ("今天起租 gpuli 4090 包月，停机后数据能留到几号", "month", _zh),
    ("明天开一周 a100，到期后数据保存到哪天？", "week", _zh),
    ("if I start a gpuli monthly rental today, until what date is the data kept after it ends?", "month", _en),
    ("ordering a weekly 4090 today: when exactly does it end, and when do the reminder emails go out?", "week", _en),
])
def test_the_end_leads_with_its_reminder_days_and_the_last_day_data_is_kept(text: str, kind: str, day) -> None:  # type: ignore[no-untyped-def]
    # every date is the catalog's rule counted from the start: the cycle's days, the reminders so many days
    # before its end, the data kept so many days after it; never an order to rent
    life = next(p for p in providers().entries if p.id == "gpuli").lifecycle
    assert life.expiry_reminder_days and life.data_retention_days
    start = START + timedelta(days=1 if "明天" in text else 0)
    end = start + timedelta(days=_days(kind))
    me = ChatUser()
    me.say(text)
    lead = me.lines[0]
    assert lead.startswith("📅") and day(end) in lead, me.text
    assert all(day(end - timedelta(days=d)) in lead for d in life.expiry_reminder_days), lead
    assert day(end + timedelta(days=life.data_retention_days)) in lead, lead
    assert "确认" not in me.text and "confirm" not in me.text.lower()
