"""Stopping an instance to stop paying, at night, on weekends, when idle (issue 18, blind 73 c-028: "晚上能关掉不计费
吗" after a cloudgpu price): read as a meaning (a stop said beside a word of paying), not FAQ keywords, and
answered by each provider's billing rule from the catalogs:
- cloudgpu bills by the minute until the instance is destroyed; destroying deletes the disk, nothing persists across
  instances, and a new instance boots in about 2 minutes, unbilled (seed 002);
- gpuli's 7/30-day cycles are prepaid in full at order time, the days left are not refunded past 1 hour after
  creating the instance, and data is kept 7 days after a cycle ends (seed 000);
- Yiwan (一万网络) is paid by the month or the year (seed 003).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.understand.faq_charge import stop_asked
from bot.understand.normalize import normalize
from tests.chat_user import conversation, lead_lines


def _lead(*turns: str) -> str:
    return lead_lines(conversation(*turns), 2)


@pytest.mark.parametrize("before, question", [
    ("cloudgpu 4090 一小时多少", "夜里关掉就不收钱了吧"),
    ("cloudgpu 3090 按小时多少", "下班以后关机还扣费吗"),
    ("cloudgpu a100 hourly?", "can we shut it down overnight so we stop paying?"),
    ("cloudgpu 4090 price per hour", "are we billed while it sits idle on the weekend?"),
])
def test_per_minute_meter_stops_only_when_the_instance_is_destroyed(before: str, question: str) -> None:
    lead = _lead(before, question)
    assert ("销毁" in lead and "2 分钟" in lead) or ("destroy" in lead and "2 minutes" in lead), lead


@pytest.mark.parametrize("before, question, want", [
    ("gpuli 4090 周租多少", "晚上关机还扣钱吗", ("1 小时", "7 天")),
    ("gpuli 4090 月租多少", "晚上关了还收钱吗", ("1 小时",)),
    ("gpuli 4090 weekly price?", "if we turn it off at night do we still pay?", ("prepaid", "1 hour", "7 days")),
    ("gpuli 4090 monthly?", "are we still charged once it's shut down?", ("prepaid", "1 hour")),
])
def test_a_prepaid_cycle_runs_on_when_the_instance_is_stopped(before: str, question: str, want: tuple[str, ...]) -> None:
    lead = _lead(before, question)
    assert lead.startswith("⚠️") and all(w in lead for w in want), lead


@pytest.mark.parametrize("before, question", [("gpuli 4090 周租多少", "周末关机能少扣点吗"),
                                              ("gpuli 4090 weekly price?", "can we save money by shutting it down at night?")])
def test_whether_stopping_saves_at_gpuli_keeps_its_no(before: str, question: str) -> None:
    assert _lead(before, question).startswith("❌"), _lead(before, question)


@pytest.mark.parametrize("question", ["关机还计费吗", "do we pay while it's stopped?"])
def test_no_provider_asked_about_gives_each_providers_rule(question: str) -> None:
    lead = lead_lines(conversation(question), 3)
    assert ("销毁" in lead or "destroy" in lead) and "gpuli" in lead and "一万网络" in lead, lead


def test_yiwan_month_or_year_is_paid_whatever_the_instance_does() -> None:
    lead = _lead("一万网络 3090 月付多少", "晚上关机能省钱吗")
    assert lead.startswith("⚠️") and "按月" in lead and "按年" in lead, lead


@pytest.mark.parametrize("text", ["余额用完会停机吗", "跑一周不停机要多少钱", "停了能退钱吗", "non-stop for a week, how much?",
                                  "if the balance runs out does it stop billing?", "4090 一周多少钱"])
def test_other_questions_are_not_read_as_stopping_to_stop_paying(text: str) -> None:
    assert not stop_asked(normalize(text))


STOPS = ["关掉", "关机", "停掉", "暂停", "不用的时候关了"]
WHEN = ["晚上", "周末", "夜里", ""]
PAYS = ["还计费吗", "还扣钱吗", "能省钱吗", "就不收费了吧"]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(WHEN), st.sampled_from(STOPS), st.sampled_from(PAYS))
def test_any_stop_beside_a_word_of_paying_is_read(when: str, stop: str, pays: str) -> None:
    assert stop_asked(normalize(f"{when}{stop}{pays}"))
