"""A deadline said as the day a run must be ready for, without 前 / by: "赶得上周四的评审吗", "来得及下周一的 demo 吗",
"demo 定在 12 月 3 号", "in time for Thursday's review?", "can we make the thursday demo?", "the demo is set for
wednesday". The day is the deadline (its end, in the chat's zone), and a run whose length is known (stated in the
message, or counted in the turn before: steps × seconds a step) is checked against it: in time / too late leads.

Also: a round number before a count word ("200k steps on 8x A100, how long?") is the run's steps, never money
that a how-long question divides into rental time.

The clock stands at Tue 2026-12-01 01:00 UTC (09:00 Beijing): the end of Wednesday is 39 h away in Beijing time
(a Chinese chat) and 47 h in UTC (an English chat); the end of Thursday 63 h and 71 h."""

from __future__ import annotations

import pytest

from tests.chat_user import ChatUser, lead_lines

# 50,000 steps × 3 s = 150,000 s = 41.67 h (seed 002: time = steps × seconds a step)
RUN = {"zh": "总共 50000 步，每步 3 秒，要跑多久", "en": "50k steps at 3 s/step, how long will it take?"}

IN_TIME = [("zh", "赶得上周四的评审吗"), ("zh", "来得及下周一的 demo 吗"), ("zh", "汇报安排在周四，赶得上不"),
           ("zh", "周四的 review 赶得上吗"), ("en", "will it be ready in time for Thursday's review?"),
           ("en", "can we make the thursday demo?"), ("en", "the demo is set for wednesday, ok?"),
           ("en", "so done by thursday?")]
TOO_LATE = [("zh", "demo 定在周三，来得及吗"), ("zh", "来得及周三的评审吗")]


def _after_run(lang: str, ask: str) -> str:
    chat = ChatUser(lang=lang)
    chat.say(RUN[lang])
    assert "41.67" in chat.text, chat.text  # the run's length first
    chat.say(ask)
    return chat.text


@pytest.mark.parametrize(("lang", "ask"), IN_TIME)
def test_the_day_asked_after_a_counted_run_is_its_deadline(lang: str, ask: str) -> None:
    text = _after_run(lang, ask)
    head = lead_lines(text, 1)
    assert head.startswith("✅") and ("来得及" in head or "in time" in head), text
    assert "42 小时" in head or "41.7 h" in head or "42 h" in head or "41.7 小时" in head, head  # the run's own length


@pytest.mark.parametrize(("lang", "ask"), TOO_LATE)
def test_a_day_too_soon_for_the_run_is_too_late(lang: str, ask: str) -> None:
    text = _after_run(lang, ask)
    head = lead_lines(text, 1)
    assert "来不及" in head or "too late" in head, text
    assert "39" in head, head  # hours left to the end of Wednesday, Beijing time


@pytest.mark.parametrize("ask", ["评审定在 12 月 3 号，还剩 8 万步，每步 2 秒，来得及吗",
                                 "demo 安排在 12 月 3 号，80000 步每步 2 秒，赶得上不",
                                 "80k steps left at 2 s/step, in time for thursday's demo?"])
def test_a_run_and_the_day_in_one_message(ask: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    head = lead_lines(chat.text, 1)  # 80,000 × 2 s = 44.4 h; Thursday's end is 63 h (Beijing) / 71 h (UTC) away
    assert head.startswith("✅") and ("来得及" in head or "in time" in head), chat.text
    assert "44" in head, head


@pytest.mark.parametrize(("ask", "hours"), [("200k steps at 1.5 s/step on 8x A100, how long?", "83.33"),
                                            ("12万步 每步1.5秒 8卡A100 要跑多久", "50"),
                                            ("how long is 90k steps at 2 s/it on 4x h100", "50"),
                                            ("8卡 H100 上 30w 步，每步 1.2 秒，多久能跑完", "100")])
def test_a_round_step_count_is_no_money(ask: str, hours: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    text = chat.text
    assert hours in lead_lines(text, 2), text
    assert "$200,000" not in text and "¥120,000" not in text and "$90,000" not in text and "rents" not in lead_lines(text, 1)
    assert "能租" not in lead_lines(text, 1), text
