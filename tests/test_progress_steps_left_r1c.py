"""A run's progress said as done / total steps (a progress bar pasted: "30000/120000 [10:00:00<45:00:00, 1.50s/it]",
"跑到 30000/120000 步了", "step 30000/120000"): the steps still to run are the total less those done (90,000), timed
by the step time said (seed 002: time = steps × seconds a step; 90,000 × 1.5 s = 37.5 h), and a deadline asked
next is checked against that time."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.understand.run_timing import steps_left, total_steps
from tests.chat_user import ChatUser, lead_lines

ASKS = ["贴一下进度： 25%|██▌       | 30000/120000 [10:00:00<45:00:00, 1.50s/it]，还要多久",
        "跑到 30000/120000 步了，每步 1.5 秒，还要多久", "step 30000/120000 at 1.5 s/it, how much longer?",
        "progress 30000/120000 steps, 1.5 s/step, time left?", "进度 30000/120000，1.5s/it，剩下多久"]


@pytest.mark.parametrize("ask", ASKS)
def test_progress_leaves_the_steps_not_yet_run(ask: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    head = lead_lines(chat.text, 1)
    assert "90,000" in head and "37.5" in head, chat.text
    assert "120,000" not in head


def test_a_deadline_after_the_progress_is_checked_against_the_time_left() -> None:
    chat = ChatUser()
    chat.say(ASKS[1])
    chat.say("周四的评审赶得上吗")  # 37.5 h from Tue 09:00 Beijing: Wed 22:30, before Thursday's end (63 h away)
    head = lead_lines(chat.text, 1)
    assert head.startswith("✅") and "来得及" in head and "37.5 小时" in head and "周三 22:30" in head, chat.text


@given(done=st.integers(1, 10**6), more=st.integers(100, 10**6))
def test_steps_left_is_the_total_less_those_done(done: int, more: int) -> None:
    total = done + more
    assert steps_left(f"{done}/{total} 步") == more
    assert total_steps(f"step {done}/{total}, 2 s/it") == more


@pytest.mark.parametrize("text", ["12/8 前跑完", "3/4 的数据", "1/2 epoch", "ratio 300/1000"])
def test_a_fraction_or_date_is_no_progress(text: str) -> None:
    assert steps_left(text) is None


# the trial's steps said before the measuring ("50 步测下来 1.2 s/step", "100 steps measured at 2 s/it"): a trial window,
# never the run's count; the run's steps are counted from the dataset (300,000 × 2 ÷ (8 × 2 × 1) = 37,500 × 2 s = 20.83 h)
@pytest.mark.parametrize("ask", ["8b lora，30w 条 2 epoch，batch 8 accum 2 单卡，50 步测下来 2 s/step，多久",
                                 "8b lora, 300k samples, 2 epochs, batch 8 accum 2, one card, 100 steps measured at 2 s/it, how long?",
                                 "8b lora 30万条 2 轮 batch 8 累积 2 单卡 30 步实测每步 2 秒 要跑多久"])
def test_a_trial_window_measured_is_not_the_run(ask: str) -> None:
    chat = ChatUser()
    chat.say(ask)
    head = lead_lines(chat.text, 1)
    assert "37,500" in head and "20.83" in head, chat.text
