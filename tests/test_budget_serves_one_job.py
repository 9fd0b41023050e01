"""A budget said before a job is weighed against that one job, not every job asked after it, and never leads a
question of memory or card count (issue 18, classes E and F: the reply leads with the answer to what was asked).

Why: the job that took the budget from the message before it noted the budget again as its own, so every job after
it, however far down the chat, was priced against money said once, 50 messages back; a memory question
("14b 全参 要多少显存") got a budget verdict and a month's pricing where it asked for gigabytes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.text.render import render_reply
from tests.chat_user import ChatUser

BUDGETS = {"预算 3w 一个月": "¥30,000", "we've got 1500 usd for the month": "$1,500", "每月预算 2 万块": "¥20,000"}


def _replies(*turns: str) -> list[str]:
    chat = ChatUser()
    return [render_reply(chat.say(turn), "plain") for turn in turns]


@pytest.mark.parametrize(("budget", "named"), BUDGETS.items())
def test_the_job_right_after_the_budget_is_weighed_against_it(budget: str, named: str) -> None:
    reply = _replies(budget, "想全参 32b 跑一个月，得唔得")[-1]
    assert named in reply.splitlines()[0], reply


@pytest.mark.parametrize(("budget", "named"), BUDGETS.items())
@pytest.mark.parametrize("later", ["7b lora 一张 4090 行不行", "qwen3 14b qlora on one l40s, doable?"])
def test_the_job_after_that_is_not(budget: str, named: str, later: str) -> None:
    reply = _replies(budget, "想全参 32b 跑一个月，得唔得", later)[-1]
    assert named not in reply and "预算" not in reply.splitlines()[0] and "budget" not in reply.splitlines()[0].lower(), reply


@pytest.mark.parametrize(("budget", "named"), BUDGETS.items())
@pytest.mark.parametrize(("asked", "lead"), [("14b 全参 要多少显存", "GB"), ("how much vram for qwen3 14b full finetune", "GB"),
                                             ("qwen3 8b 全参 要几张 a100", "张"), ("how many a100s for 8b full ft", "A100")])
def test_a_memory_or_count_question_after_a_budget_leads_with_its_answer(budget: str, named: str, asked: str, lead: str) -> None:
    reply = _replies(budget, asked)[-1]
    assert named not in reply and lead in "\n".join(reply.splitlines()[:2]), reply


@pytest.mark.parametrize(("budget", "named"), BUDGETS.items())
def test_a_memory_follow_up_of_a_budget_answer_drops_the_budget(budget: str, named: str) -> None:
    reply = _replies(budget, "想全参 32b 跑一个月，得唔得", "那 14b 全参 要多少显存")[-1]
    assert named not in reply and "GB" in reply.splitlines()[0], reply


_JOBS = ["7b lora 一张 4090 行不行", "qwen3 8b qlora 4090 够吗", "14b lora two a100s ok?", "32b 全参 8 卡 h100 够不够",
         "llama3.1 8b full ft on one h200?", "72b qlora 两张 a100 能跑吗"]


@settings(max_examples=25, deadline=None)
@given(budget=st.sampled_from(sorted(BUDGETS)), jobs=st.lists(st.sampled_from(_JOBS), min_size=2, max_size=4))
def test_no_job_two_or_more_messages_after_a_budget_is_priced_against_it(budget: str, jobs: list[str]) -> None:
    replies = _replies(budget, *jobs)
    for reply in replies[2:]:
        assert BUDGETS[budget] not in reply, (budget, jobs, reply)
